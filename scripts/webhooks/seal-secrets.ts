#!/usr/bin/env node
/**
 * Seals at once every webhook signing secret of a service still stored in plain text (rows from
 * before migration 0020) or under a previous key, instead of waiting for each row's next
 * delivery or listing (docs/security.md "Webhook signing secrets"). Needs the service's key in
 * the environment, as the worker has it:
 *
 *   WEBHOOK_SECRET_KEY=… [WEBHOOK_SECRET_KEY_PREVIOUS=…] npx tsx scripts/webhooks/seal-secrets.ts --service <sds|audit|screening> [--remote]
 *
 * Works on the local state `npm start` uses; --remote for the deployed D1 database. Only
 * sealed values go to wrangler's command line, never a plain secret. Each update is
 * conditional on the key id read, so a row the worker sealed meanwhile is left as it is.
 */
import { parseArgs } from 'node:util'
import { keyringOf, openSecret, sealSecret, type StoredSecret } from '../../shared/webhooks/secret-box'
import { PERSIST_DIR } from '../lib/services.mjs'
import { wrangler } from '../lib/wrangler.mjs'

const SERVICES = ['sds', 'audit', 'screening']
// Statements per wrangler call: each call starts a process, and a command line has a limit.
const BATCH = 50

const { values } = parseArgs({
  options: { service: { type: 'string' }, remote: { type: 'boolean', default: false } },
})
const service = values.service ?? ''
if (!SERVICES.includes(service)) {
  console.error(`--service must be one of ${SERVICES.join(', ')}`)
  process.exit(2)
}

const sql = (v: string | null) => (v === null ? 'NULL' : `'${v.replace(/'/g, "''")}'`)

async function query<T>(statement: string): Promise<T[]> {
  const target = values.remote ? ['--remote'] : ['--local', '--persist-to', PERSIST_DIR]
  const out = await wrangler(['d1', 'execute', 'DB', '--env', service, ...target, '--json', '--command', statement])
  const parsed = JSON.parse(out.slice(out.indexOf('['))) as { results: T[] }[]
  return parsed.flatMap((r) => r.results ?? [])
}

const ring = await keyringOf(process.env)
const rows = await query<StoredSecret>(
  `SELECT id, owner_key_id, secret, secret_key_id FROM webhook_endpoints WHERE secret_key_id IS NULL OR secret_key_id != ${sql(ring.current.id)}`
)
const updates: string[] = []
for (const row of rows) {
  const sealed = await sealSecret(ring, row, await openSecret(ring, row))
  updates.push(
    `UPDATE webhook_endpoints SET secret = ${sql(sealed.secret)}, secret_key_id = ${sql(sealed.secret_key_id)} WHERE id = ${sql(row.id)} AND secret_key_id IS ${sql(row.secret_key_id)};`
  )
}
for (let i = 0; i < updates.length; i += BATCH) await query(updates.slice(i, i + BATCH).join(' '))
const left = await query<{ n: number }>(
  `SELECT COUNT(*) AS n FROM webhook_endpoints WHERE secret_key_id IS NULL OR secret_key_id != ${sql(ring.current.id)}`
)
console.log(`${service}: ${rows.length} webhook secret(s) sealed under key ${ring.current.id}; ${left[0]?.n ?? '?'} left unsealed.`)
