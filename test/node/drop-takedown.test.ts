import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { applyMigrations, wrangler } from '../../scripts/lib/wrangler.mjs'

// The operator takedown against a throwaway local state (WORKERS_STATE_DIR), as on `npm start`'s.
const state = mkdtempSync(join(tmpdir(), 'drop-takedown-'))
afterAll(() => rmSync(state, { recursive: true, force: true }))

function admin(...args: string[]) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    env: { ...process.env, WORKERS_STATE_DIR: state },
    encoding: 'utf8',
  })
  return { code: res.status, stdout: res.stdout, stderr: res.stderr }
}

const local = ['--env', 'drop', '--local', '--persist-to', state]
async function rows(sql: string): Promise<Record<string, unknown>[]> {
  const out = await wrangler(['d1', 'execute', 'DB', ...local, '--json', '--command', sql])
  return JSON.parse(out.slice(out.indexOf('[')))[0].results
}

describe('npm run admin -- drops delete', () => {
  it('marks the drop removed in D1 with its reason and removes it from KV', async () => {
    await applyMigrations('drop', { persistTo: state })
    const now = new Date().toISOString()
    await rows(
      `INSERT INTO drops (slug, edit_token_hash, plan, title, created_at, updated_at, record) VALUES ('Take0ver', 'h', 'free', 't', '${now}', '${now}', '{}')`
    )
    await wrangler(['kv', 'key', 'put', 'drop:Take0ver', '{"slug":"Take0ver"}', '--binding', 'DROPS', ...local])
    const res = admin('drops', 'delete', 'Take0ver', '--reason', 'Copyright notice of 2026-11-20', '--legal')
    expect(res.stderr).toBe('')
    expect(res.code).toBe(0)
    expect(res.stdout).toContain('451')
    const [row] = await rows("SELECT * FROM drops WHERE slug = 'Take0ver'")
    expect(row).toMatchObject({ removed_status: 451, removed_reason: 'Copyright notice of 2026-11-20', record: null })
    expect(row.deleted_at).toMatch(/^\d{4}-/)
    const list = await wrangler(['kv', 'key', 'list', '--binding', 'DROPS', ...local])
    expect(JSON.parse(list)).toEqual([])
  }, 120_000)

  it('refuses a bad slug or a missing reason before touching anything', () => {
    expect(admin('drops', 'delete', 'bad slug', '--reason', 'x').code).toBe(2)
    expect(admin('drops', 'delete', 'Take0ver').code).toBe(2)
    expect(admin('drops', 'delete', "x'; DROP TABLE drops;--", '--reason', 'x').code).toBe(2)
  })
})
