import { spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalWorker } from './local-worker'

const CLI = join(import.meta.dirname, '../../bin/drop.mjs')
let worker: { url: string; stop: () => void }
const dir = mkdtempSync(join(tmpdir(), 'drop-cli-'))

function run(args: string[], opts: { stdin?: string; env?: Record<string, string> } = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH, DROP_API_URL: worker.url, ...opts.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }))
    child.stdin.end(opts.stdin ?? '')
  })
}

beforeAll(async () => {
  worker = await startLocalWorker('drop', 18791)
})
afterAll(() => worker?.stop())

describe('drop CLI against a running worker', () => {
  it('publishes standard input and prints only the URL on stdout', async () => {
    const { code, stdout, stderr } = await run(['-'], { stdin: '# From stdin\n\nhello' })
    expect(code).toBe(0)
    expect(stdout).toMatch(/^http:\/\/localhost:8791\/v\/[0-9A-Za-z]{8}\n$/)
    expect(stderr).toMatch(/Expires \d{4}-\d\d-\d\dT.*\(in 7 days\)/)
    expect(stderr).toMatch(/Keep it forever: http:\/\/localhost:8791\/dev\/checkout\/[0-9A-Za-z]{8}\?source=cli/)
    const slug = stdout.trim().split('/').pop()
    const raw = await fetch(`${worker.url}/v/${slug}/raw`)
    expect(await raw.text()).toBe('# From stdin\n\nhello')
  })

  it('publishes a file with a title', async () => {
    const file = join(dir, 'notes.md')
    writeFileSync(file, 'no heading here')
    const { code, stdout } = await run([file, '--title', 'My notes'])
    expect(code).toBe(0)
    const slug = stdout.trim().split('/').pop()
    expect(await (await fetch(`${worker.url}/v/${slug}/raw`)).text()).toBe('# My notes\n\nno heading here')
  })

  it('refuses an unsupported extension before uploading (exit 2)', async () => {
    const file = join(dir, 'page.html')
    writeFileSync(file, '<p>x</p>')
    const { code, stdout, stderr } = await run([file])
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr).toContain('only .md, .markdown, .txt')
  })

  it('exits 2 on usage errors and prints help and version', async () => {
    expect((await run(['--bogus'])).code).toBe(2)
    expect((await run(['a.md', 'b.md'])).code).toBe(2)
    expect((await run([join(dir, 'missing.md')])).code).toBe(2)
    const help = await run(['--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('Usage: drop [FILE|-]')
    expect((await run(['--version'])).stdout).toMatch(/^drop \d+\.\d+\.\d+\n$/)
  })

  it('exits 1 with the server message on a server error, and when the server is unreachable', async () => {
    const empty = await run(['-'], { stdin: '   ' })
    expect(empty.code).toBe(1)
    expect(empty.stderr).toContain('EMPTY_MARKDOWN')
    const down = await run(['-'], { stdin: 'x', env: { DROP_API_URL: 'http://127.0.0.1:1' } })
    expect(down.code).toBe(1)
    expect(down.stderr).toContain('Could not reach')
  })

  it('exits 3 when rate limited and says when to retry', async () => {
    let last = { code: 0, stdout: '', stderr: '' }
    for (let i = 0; i < 12 && last.code !== 3; i++) last = await run(['-'], { stdin: `drop ${i}` })
    expect(last.code).toBe(3)
    expect(last.stdout).toBe('')
    expect(last.stderr).toMatch(/Rate limited: .* Retry in \d+ s \(at .+\)\./)
  })
})
