import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalWorker } from './local-worker'

const CLI = join(import.meta.dirname, '../../packages/drop-cli/bin/drop.mjs')
let worker: { url: string; stop: () => void }
const dir = mkdtempSync(join(tmpdir(), 'drop-cli-'))

function run(args: string[], opts: { stdin?: string; env?: Record<string, string> } = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH, DROP_API_URL: worker.url, DROP_CONFIG_DIR: join(dir, 'config'), ...opts.env },
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
    expect(stderr).toMatch(/Keep it forever: drop upgrade [0-9A-Za-z]{8}/)
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

  it('reads a large standard input as an upload, like the same file (no JSON size penalty)', async () => {
    const big = '# Big\n\n' + 'line of text\n'.repeat(35_000) // ~430 KiB, many newlines
    const { code, stdout } = await run(['-', '--expires', '1h'], { stdin: big })
    expect(code).toBe(0)
    const slug = stdout.trim().split('/').pop()
    expect((await (await fetch(`${worker.url}/v/${slug}/raw`)).text()).length).toBe(big.length)
  })

  it('keeps the edit token locally and edits, lists and deletes with it', async () => {
    const first = await run(['-'], { stdin: '# Draft\n\nv1' })
    const slug = first.stdout.trim().split('/').pop()!
    const saved = JSON.parse(readFileSync(join(dir, 'config', 'tokens.json'), 'utf8'))
    expect(saved[slug].edit_token).toMatch(/^drop_edit_/)
    expect((statSync(join(dir, 'config', 'tokens.json')).mode & 0o777).toString(8)).toBe('600')
    expect((await run(['edit', slug, '-'], { stdin: '# Draft\n\nv2' })).code).toBe(0)
    expect(await (await fetch(`${worker.url}/v/${slug}/raw`)).text()).toBe('# Draft\n\nv2')
    expect((await run(['ls'])).stdout).toContain(slug)
    const upgrade = await run(['upgrade', slug])
    expect(upgrade.stdout).toMatch(new RegExp(`/dev/checkout/${slug}\\?source=cli`))
    expect((await run(['rm', slug])).code).toBe(0)
    expect((await fetch(`${worker.url}/v/${slug}`)).status).toBe(404)
    expect((await run(['ls'])).stdout).not.toContain(slug)
    expect((await run(['rm', 'Zz9Zz9Zz'])).code).toBe(2)
  })

  it('with no service URL anywhere, says how to set one (exit 2) and sends nothing', async () => {
    const { code, stdout, stderr } = await run(['-'], { stdin: 'x', env: { DROP_API_URL: '', DROP_CONFIG_DIR: join(dir, 'empty-config') } })
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr).toContain('no service URL is set')
    expect(stderr).toContain('--api')
    expect(stderr).toContain('DROP_API_URL')
    expect(stderr).toContain(join(dir, 'empty-config', 'config.json'))
    const version = JSON.parse(readFileSync(join(import.meta.dirname, '../../packages/drop-cli/package.json'), 'utf8')).version
    expect((await run(['--version'])).stdout).toBe(`drop ${version}\n`)
  })

  it('exits 3 when rate limited and says when to retry', async () => {
    let last = { code: 0, stdout: '', stderr: '' }
    for (let i = 0; i < 12 && last.code !== 3; i++) last = await run(['-'], { stdin: `drop ${i}` })
    expect(last.code).toBe(3)
    expect(last.stdout).toBe('')
    expect(last.stderr).toMatch(/Rate limited: .* Retry in \d+ s \(at .+\)\./)
  })
})
