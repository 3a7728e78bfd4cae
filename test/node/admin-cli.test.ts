import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { wrangler } from '../../scripts/lib/wrangler.mjs'

// The operator CLI against a throwaway local state (WORKERS_STATE_DIR), as on `npm start`'s.
const state = mkdtempSync(join(tmpdir(), 'admin-state-'))
afterAll(() => rmSync(state, { recursive: true, force: true }))

function admin(...args: string[]) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    env: { ...process.env, WORKERS_STATE_DIR: state },
    encoding: 'utf8',
  })
  return { code: res.status, stdout: res.stdout, stderr: res.stderr }
}

async function rows(service: string, sql: string): Promise<Record<string, unknown>[]> {
  const out = await wrangler(['d1', 'execute', 'DB', '--env', service, '--local', '--persist-to', state, '--json', '--command', sql])
  return JSON.parse(out.slice(out.indexOf('[')))[0].results
}

describe('npm run admin', () => {
  it('creates a key, prints it once on stdout and stores only its SHA-256', async () => {
    const res = admin('keys', 'create', '--service', 'sds', '--plan', 'standard', '--credits', '25', '--email', 'Ops@Example.com')
    expect(res.code).toBe(0)
    const key = res.stdout.trim()
    expect(key).toMatch(/^sds_live_[0-9A-Za-z]{32}$/)
    const [row] = await rows('sds', 'SELECT * FROM api_keys')
    expect(row).toMatchObject({
      key_hash: createHash('sha256').update(key).digest('hex'),
      key_prefix: key.slice(0, 13),
      plan: 'standard',
      credits: 25,
      email: 'ops@example.com',
      revoked_at: null,
    })
    expect(JSON.stringify(row)).not.toContain(key)
  })

  it('creates a market-data token (mkt_, plan standard by default), stored only as its SHA-256', async () => {
    const res = admin('keys', 'create', '--service', 'market-data')
    expect(res.code, res.stderr).toBe(0)
    const key = res.stdout.trim()
    expect(key).toMatch(/^mkt_[0-9A-Za-z]{32}$/)
    const [row] = await rows('market-data', 'SELECT * FROM api_keys')
    expect(row).toMatchObject({
      key_hash: createHash('sha256').update(key).digest('hex'),
      key_prefix: key.slice(0, 8),
      service: 'market-data',
      plan: 'standard',
      revoked_at: null,
    })
    expect(JSON.stringify(row)).not.toContain(key)
  })

  it('lists, changes the plan of and revokes a key by its prefix', async () => {
    const key = admin('keys', 'create', '--service', 'drop', '--plan', 'pro').stdout.trim()
    const list = admin('keys', 'list', '--service', 'drop')
    expect(list.stdout).toContain(key.slice(0, 13))
    expect(list.stdout).not.toContain(key)
    expect(admin('keys', 'revoke', '--service', 'drop', '--key', key.slice(0, 13)).code).toBe(0)
    const [row] = await rows('drop', 'SELECT revoked_at FROM api_keys')
    expect(row.revoked_at).toMatch(/^\d{4}-/)
    expect(admin('keys', 'revoke', '--service', 'drop', '--key', key.slice(0, 13)).code).toBe(2)
  })

  it('creates the decompose account with its key, and moves accounts between plans', async () => {
    const res = admin('keys', 'create', '--service', 'decompose', '--plan', 'paid', '--email', 'coach@example.com')
    expect(res.code).toBe(0)
    expect(res.stdout.trim()).toMatch(/^dcmp_[0-9A-Za-z]{32}$/)
    expect(res.stderr).toMatch(/dcmp_acct_[0-9A-Za-z]{32}/)
    expect(admin('accounts', 'set-plan', '--email', 'coach@example.com', '--plan', 'free').code).toBe(0)
    const [account] = await rows('decompose', 'SELECT plan FROM accounts')
    expect(account.plan).toBe('free')
  })

  it('refuses bad input with exit code 2 and the usage', () => {
    for (const args of [
      ['keys', 'create', '--service', 'nope', '--plan', 'pro'],
      ['keys', 'create', '--service', 'sds', '--plan', 'gold'],
      ['keys', 'create', '--service', 'drop', '--plan', 'pro', '--email', 'not-an-email'],
      ['keys', 'create', '--service', 'drop', '--plan', 'pro', '--credits', '5'],
      ['keys', 'frobnicate', '--service', 'drop'],
    ]) {
      const res = admin(...args)
      expect(res.code).toBe(2)
      expect(res.stderr).toContain('Usage:')
    }
  })
})
