import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fillServed } from '../../workers/drop/cli/fill'

// The file GET /cli hands out runs alone, without its package.json next to it (issue 35 §3).
const root = join(import.meta.dirname, '../..')
const pkg = JSON.parse(readFileSync(join(root, 'packages/drop-cli/package.json'), 'utf8')) as { version: string }
const source = readFileSync(join(root, 'packages/drop-cli/bin/drop.mjs'), 'utf8')

describe('the CLI as GET /cli serves it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'drop-cli-served-'))
  const file = join(dir, 'drop.mjs')
  writeFileSync(file, fillServed(source, pkg.version, 'https://drop.example.org'))
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [file, ...args], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, DROP_CONFIG_DIR: join(dir, 'config') },
    })

  it('knows its version and its service with no package.json beside it', () => {
    expect(run('--version').stdout).toBe(`drop ${pkg.version}\n`)
    expect(run('--help').stdout).toContain('default https://drop.example.org')
  })

  it('the file in the package keeps the line the service fills in', () => {
    expect(() => fillServed(source.replace("const SERVED = { version: '', api: '' }", ''), '1', 'x')).toThrow(/SERVED line/)
  })
})
