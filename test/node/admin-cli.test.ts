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

  it('manages screening partners and their keys: named, several at once, rotated, revoked; --key takes id, any prefix or the key', async () => {
    const created = admin('partners', 'create', '--name', 'Acme Rentals')
    expect(created.code, created.stderr).toBe(0)
    const partner = created.stdout.trim()
    const k1 = admin('keys', 'create', '--service', 'screening', '--plan', 'partner', '--partner', partner, '--name', 'website')
    const k2 = admin('keys', 'create', '--service', 'screening', '--plan', 'partner', '--partner', partner, '--name', 'backoffice')
    expect(k1.code, k1.stderr).toBe(0)
    const [key1, key2] = [k1.stdout.trim(), k2.stdout.trim()]
    const keys = await rows('screening', `SELECT id, name, account_id FROM api_keys WHERE account_id = '${partner}' ORDER BY created_at`)
    expect(keys.map((k) => k.name)).toEqual(['website', 'backoffice'])

    // 'scrn' is a prefix of both keys: refused with both listed.
    const ambiguous = admin('keys', 'revoke', '--service', 'screening', '--key', 'scrn')
    expect(ambiguous.code).toBe(2)
    expect(ambiguous.stderr).toContain('matches 2 keys')
    expect(ambiguous.stderr).toContain(String(keys[0].id))
    expect(ambiguous.stderr).toContain(String(keys[1].id))

    // A prefix longer than the stored one, the whole key, and the id all name one key.
    expect(admin('keys', 'set-plan', '--service', 'screening', '--key', key1.slice(0, 20), '--plan', 'partner').code).toBe(0)
    const rotated = admin('keys', 'rotate', '--service', 'screening', '--key', key1)
    expect(rotated.code, rotated.stderr).toBe(0)
    const key3 = rotated.stdout.trim()
    expect(key3).toMatch(/^scrn_live_[0-9A-Za-z]{32}$/)
    expect(admin('keys', 'revoke', '--service', 'screening', '--key', String(keys[1].id)).code).toBe(0)
    const after = await rows('screening', `SELECT name, revoked_at FROM api_keys WHERE account_id = '${partner}' ORDER BY created_at`)
    // [name, active]: the rotated and the revoked key are kept (revoked), the new one carries the old one's name.
    expect(after.map((k) => [k.name, k.revoked_at === null])).toEqual([
      ['website', false],
      ['backoffice', false],
      ['website', true],
    ])
    expect(JSON.stringify(after)).not.toContain(key3)
    expect(key2).not.toBe(key3)

    const list = admin('partners', 'list')
    expect(list.stdout).toContain('Acme Rentals')
    expect(admin('keys', 'create', '--service', 'screening', '--plan', 'partner', '--partner', 'no-such-partner').code).toBe(2)
    // About twenty wrangler d1 calls: more than the project's 60 s default on a loaded machine.
  }, 300_000)

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
