#!/usr/bin/env node
/**
 * Operator CLI for keys and plans of every keyed service (DECISIONS.md).
 *
 *   npm run admin -- keys create --service <sds|decompose|drop|audit|screening|market-data> --plan <plan> [--email <e-mail>] [--credits <n>]
 *     (market-data: `mkt_…` tokens; --plan defaults to standard, its only plan)
 *   npm run admin -- keys list --service <s>
 *   npm run admin -- keys revoke --service <s> --key <key>
 *   npm run admin -- keys set-plan --service <s> --key <key> --plan <plan> [--credits <n>] [--status active|cancelled]
 *   npm run admin -- keys rotate --service screening --key <key>   (a new key for the same partner; the old one is revoked)
 *   npm run admin -- partners create --name <name>                 (screening partner accounts)
 *   npm run admin -- partners list
 *     <key> is the key's id, any prefix of the key (an ambiguous one lists its matches) or the whole key.
 *     Screening keys belong to a partner (keys create --partner <id>, or a new partner is made).
 *   npm run admin -- accounts create --email <e-mail> --plan <free|paid>     (decompose dashboard accounts)
 *   npm run admin -- accounts set-plan --email <e-mail> --plan <free|paid>
 *   npm run admin -- screening outbox [--status queued|sent|dead|dropped]   (result e-mails; dead = gave up)
 *   npm run admin -- drops delete <slug> --reason <text> [--legal]   (operator takedown: 410, or 451 with --legal)
 *   npm run admin -- partners embed (--partner <id> | --key <key>) --origin <https origin> [--origin …] [--name …] [--color #hex] [--logo-url https://…] [--return-url https://…]
 *
 * Works on the local state `npm start` uses; add --remote for the deployed D1 database.
 */
import { parseArgs } from 'node:util'
import { KEY_SERVICES, generateKey, looksLikeKey, newKeyRecord, sha256Hex, type KeyService } from '../shared/keys'
import { EmbedConfigError, parseEmbedConfig } from '../workers/screening/domain/embed/config'
import { UPSERT_EMBED_PARTNER, newEmbedPublicId } from '../workers/screening/domain/embed/partner-sql'
import { kvKeysOf } from '../workers/drop/kv-keys'
import { PERSIST_DIR } from './lib/services.mjs'
import { applyMigrations, wrangler } from './lib/wrangler.mjs'

const USAGE = `Usage:
  npm run admin -- keys create   --service <s> --plan <plan> [--email <e-mail>] [--credits <n>] [--remote]
      screening: [--partner <partner id>] [--name <key name>]  (without --partner a new partner is created)
  npm run admin -- keys list     --service <s> [--partner <partner id>] [--remote]
  npm run admin -- keys revoke   --service <s> --key <key> [--remote]
  npm run admin -- keys rotate   --service screening --key <key> [--remote]   (new key, same partner and name; old one revoked)
  npm run admin -- keys set-plan --service <s> --key <key> --plan <plan> [--credits <n>] [--status active|cancelled] [--remote]
      <key>: the key's id, any prefix of the key (an ambiguous prefix lists its matches) or the whole key
  npm run admin -- partners create --name <name> [--email <e-mail>] [--remote]   (screening partner account; prints its id)
  npm run admin -- partners list [--remote]
  npm run admin -- accounts create   --email <e-mail> --plan <free|paid> [--remote]     (decompose)
  npm run admin -- accounts set-plan --email <e-mail> --plan <free|paid> [--remote]
  npm run admin -- screening outbox [--status queued|sending|sent|dead|dropped] [--remote]   (default: dead)
  npm run admin -- drops delete <slug> --reason <text> [--legal] [--remote]   (takedown page: 410, or 451 with --legal)
  npm run admin -- partners embed (--partner <id> | --key <key>) --origin <https origin> [--origin …] [--name …] [--color #hex] [--logo-url <https URL>] [--return-url <URL>] [--remote]
      (screening hosted embed; prints the partner's public id)
Services and plans: ${Object.entries(KEY_SERVICES)
  .map(([s, v]) => `${s} (${v.plans.join('|')})`)
  .join(', ')}`

class UsageError extends Error {}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    service: { type: 'string' },
    plan: { type: 'string' },
    email: { type: 'string' },
    key: { type: 'string' },
    partner: { type: 'string' },
    credits: { type: 'string' },
    status: { type: 'string' },
    reason: { type: 'string' },
    origin: { type: 'string', multiple: true },
    name: { type: 'string' },
    color: { type: 'string' },
    'logo-url': { type: 'string' },
    'return-url': { type: 'string' },
    legal: { type: 'boolean', default: false },
    remote: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
})

const sql = (v: string | number | null | undefined): string =>
  v === null || v === undefined ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`

async function query<T>(service: string, statement: string): Promise<T[]> {
  const target = values.remote ? ['--remote'] : ['--local', '--persist-to', PERSIST_DIR]
  const out = await wrangler(['d1', 'execute', 'DB', '--env', service, ...target, '--json', '--command', statement])
  const parsed = JSON.parse(out.slice(out.indexOf('['))) as { results: T[] }[]
  return parsed.flatMap((r) => r.results ?? [])
}

function needService(): KeyService {
  const s = values.service
  if (!s || !(s in KEY_SERVICES)) throw new UsageError(`--service must be one of ${Object.keys(KEY_SERVICES).join(', ')}`)
  return s as KeyService
}

function needPlan(service: KeyService): string {
  const plans: readonly string[] = KEY_SERVICES[service].plans
  if (!values.plan && service === 'market-data') return 'standard'
  if (!values.plan || !plans.includes(values.plan)) throw new UsageError(`--plan for ${service} must be one of ${plans.join(', ')}`)
  return values.plan
}

function optionalEmail(): string | null {
  if (values.email === undefined) return null
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) throw new UsageError(`--email "${values.email}" is not an e-mail address`)
  return values.email.toLowerCase()
}

function optionalCredits(service: KeyService, plan: string | undefined): number | undefined {
  if (values.credits === undefined) return service === 'sds' && plan === 'standard' ? 0 : undefined
  if (service !== 'sds') throw new UsageError('--credits applies to sds keys only')
  const n = Number(values.credits)
  if (!Number.isInteger(n) || n < 0) throw new UsageError('--credits must be a whole number ≥ 0')
  return n
}

type KeyMatch = {
  id: string
  key_prefix: string
  name: string | null
  account_id: string | null
  created_at: string
  revoked_at: string | null
}

/**
 * The one key --key names: its id, the whole key (matched by hash), or any prefix of the key.
 * The stored display prefix is short, so a longer prefix is matched on its first characters;
 * more than one match is refused with the list, never guessed.
 */
async function resolveKey(service: KeyService, options: { active: boolean }): Promise<KeyMatch> {
  const k = values.key?.trim()
  if (!k) throw new UsageError('--key <id, key prefix or key> is required')
  const where = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(k)
    ? `id = ${sql(k)}`
    : looksLikeKey(k, KEY_SERVICES[service].prefix)
      ? `key_hash = ${sql(await sha256Hex(k))}`
      : `(substr(key_prefix, 1, ${k.length}) = ${sql(k)} OR (length(key_prefix) < ${k.length} AND key_prefix = substr(${sql(k)}, 1, length(key_prefix))))`
  const rows = await query<KeyMatch>(
    service,
    `SELECT id, key_prefix, ${service === 'screening' ? 'name' : 'NULL AS name'}, account_id, created_at, revoked_at FROM api_keys
      WHERE ${where}${options.active ? ' AND revoked_at IS NULL' : ''} ORDER BY created_at LIMIT 21`
  )
  if (rows.length === 0) throw new UsageError(`no ${options.active ? 'active ' : ''}${service} key matches --key ${k}`)
  if (rows.length > 1) {
    const list = rows.map((r) => `  ${r.id}  ${r.key_prefix}…  ${r.name ?? ''}  created ${r.created_at}`).join('\n')
    throw new UsageError(`--key ${k} matches ${rows.length} keys; give more characters or the id:\n${list}`)
  }
  return rows[0]
}

/** A screening partner by id, or the usage error that says there is none. */
async function needPartner(id: string): Promise<string> {
  const rows = await query<{ id: string }>('screening', `SELECT id FROM partners WHERE id = ${sql(id)}`)
  if (!rows.length) throw new UsageError(`no screening partner has the id ${id} (npm run admin -- partners list)`)
  return rows[0].id
}

function optionalName(what: string): string | null {
  const n = values.name?.trim()
  if (n === undefined) return null
  if (n.length === 0 || n.length > 80 || /[\u0000-\u001f\u007f]/.test(n))
    throw new UsageError(`${what} must be 1–80 characters without control characters`)
  return n
}

/** Issue 34 §4: screening partner accounts, which own everything their keys create. */
async function partners(action: string | undefined): Promise<void> {
  if (!values.remote) await applyMigrations('screening')
  if (action === 'create') {
    const name = optionalName('--name')
    if (!name) throw new UsageError('partners create needs --name <name>')
    const id = crypto.randomUUID()
    await query(
      'screening',
      `INSERT INTO partners (id, name, created_at) VALUES (${sql(id)}, ${sql(name)}, ${sql(new Date().toISOString())})`
    )
    console.error(`Created partner "${name}". Its id (keys create --service screening --partner <id>):`)
    console.log(id)
    return
  }
  if (action === 'list') {
    const rows = await query<Record<string, unknown>>(
      'screening',
      `SELECT p.id, p.name, p.created_at,
              (SELECT COUNT(*) FROM api_keys k WHERE k.account_id = p.id AND k.revoked_at IS NULL) AS active_keys
         FROM partners p ORDER BY p.created_at`
    )
    if (!rows.length) console.log('No screening partners.')
    else console.table(rows)
    return
  }
  throw new UsageError(`unknown command "partners ${action ?? ''}"`)
}

/** Decompose keys belong to an account; creates it when the e-mail has none yet. */
async function ensureAccount(email: string, plan: string): Promise<{ id: string; token?: string }> {
  const existing = await query<{ id: string }>('decompose', `SELECT id FROM accounts WHERE email = ${sql(email)}`)
  if (existing[0]) return existing[0]
  const token = generateKey('dcmp_acct_')
  const id = crypto.randomUUID()
  await query(
    'decompose',
    `INSERT INTO accounts (id, email, plan, token_hash, created_at) VALUES (${sql(id)}, ${sql(email)}, ${sql(plan)}, ${sql(await sha256Hex(token))}, ${sql(new Date().toISOString())})`
  )
  return { id, token }
}

/**
 * Operator takedown (issue 19): the D1 record says removed (so every location answers the
 * 410/451 page with the reason once KV has forgotten the drop), then the page leaves KV.
 */
async function takeDownDrop(action: string | undefined, slug: string | undefined): Promise<void> {
  if (action !== 'delete') throw new UsageError(`unknown command "drops ${action ?? ''}"`)
  if (!slug || !/^[0-9A-Za-z]{8}$/.test(slug)) throw new UsageError('drops delete needs the 8-character slug of the drop')
  const reason = values.reason?.trim()
  if (!reason || reason.length > 500) throw new UsageError('--reason <text> (1–500 characters) is required; it is shown on the page')
  if (!values.remote) await applyMigrations('drop')
  const status = values.legal ? 451 : 410
  const now = new Date().toISOString()
  // A drop from before the drops table has only its KV record: give it a row to carry the removal.
  await query(
    'drop',
    `INSERT INTO drops (slug, edit_token_hash, plan, title, created_at, updated_at) VALUES (${sql(slug)}, '', 'free', '', ${sql(now)}, ${sql(now)}) ON CONFLICT (slug) DO NOTHING; ` +
      `UPDATE drops SET deleted_at = COALESCE(deleted_at, ${sql(now)}), record = NULL, removed_status = ${status}, removed_reason = ${sql(reason)} WHERE slug = ${sql(slug)}`
  )
  const target = values.remote ? ['--remote'] : ['--local', '--persist-to', PERSIST_DIR]
  for (const key of kvKeysOf(slug)) {
    await wrangler(['kv', 'key', 'delete', key, '--binding', 'DROPS', '--env', 'drop', ...target])
  }
  console.log(`Removed drop ${slug}: its page now answers ${status} with the reason.`)
}

/**
 * Issue 23: a screening partner's hosted-embed configuration. The values are validated by
 * the worker's own parser (origins exact, hex colour, https URLs) before they are stored.
 */
async function configureEmbed(): Promise<void> {
  let config
  try {
    config = parseEmbedConfig({
      origins: values.origin ?? [],
      name: values.name,
      color: values.color,
      logoUrl: values['logo-url'],
      returnUrl: values['return-url'],
    })
  } catch (err) {
    if (err instanceof EmbedConfigError) throw new UsageError(err.message)
    throw err
  }
  if (!values.remote) await applyMigrations('screening')
  if ((values.partner === undefined) === (values.key === undefined))
    throw new UsageError('partners embed needs --partner <id> or --key <key>')
  const partnerId =
    values.partner !== undefined
      ? await needPartner(values.partner)
      : await resolveKey('screening', { active: true }).then((k) => k.account_id ?? k.id)
  const args = [
    newEmbedPublicId(),
    partnerId,
    JSON.stringify(config.origins),
    config.name,
    config.color,
    config.logoUrl,
    config.returnUrl,
    new Date().toISOString(),
  ]
  // The store's statement with its ?N parameters written out as SQL literals (wrangler d1 takes no bindings).
  const statement = UPSERT_EMBED_PARTNER.replace(/\?(\d)/g, (_, n: string) => sql(args[Number(n) - 1]))
  const rows = await query<{ public_id: string }>('screening', statement)
  console.error(`Embed for partner ${partnerId}: frame-ancestors ${config.origins.join(' ')}. Public id:`)
  console.log(rows[0].public_id)
}

async function main(): Promise<void> {
  const [group, action] = positionals
  if (values.help || !group) {
    console.log(USAGE)
    return
  }
  if (group === 'screening' && action === 'outbox') {
    // Issue 12: messages the cron gave up on (dead) must be visible to the operator.
    const status = values.status ?? 'dead'
    if (!['queued', 'sending', 'sent', 'dead', 'dropped'].includes(status))
      throw new UsageError('--status must be queued, sending, sent, dead or dropped')
    if (!values.remote) await applyMigrations('screening')
    const rows = await query<Record<string, unknown>>(
      'screening',
      `SELECT id, kind, screening_id, to_email, attempts, next_attempt_at, last_error, created_at FROM mail_outbox WHERE status = ${sql(status)} ORDER BY created_at DESC LIMIT 200`
    )
    console.log(rows.length === 0 ? `No ${status} messages.` : rows.map((r) => JSON.stringify(r)).join('\n'))
    return
  }
  if (group === 'partners' && action === 'embed') {
    await configureEmbed()
    return
  }
  if (group === 'partners') {
    await partners(action)
    return
  }
  if (group === 'drops') {
    await takeDownDrop(action, positionals[2])
    return
  }
  if (group === 'accounts' && action === 'create') {
    if (!values.remote) await applyMigrations('decompose')
    const email = optionalEmail()
    if (!email) throw new UsageError('--email is required')
    const plan = needPlan('decompose')
    const account = await ensureAccount(email, plan)
    if (!account.token) throw new UsageError(`an account for ${email} exists already`)
    console.log(`Account ${account.id} (${plan}) for ${email}.\nDashboard sign-in token (shown once, store it now):\n${account.token}`)
    return
  }
  if (group === 'accounts' && action === 'set-plan') {
    if (!values.remote) await applyMigrations('decompose')
    const email = optionalEmail()
    if (!email) throw new UsageError('--email is required')
    const plan = needPlan('decompose')
    const rows = await query<{ id: string }>(
      'decompose',
      `UPDATE accounts SET plan = ${sql(plan)} WHERE email = ${sql(email)} RETURNING id`
    )
    if (!rows.length) throw new UsageError(`no account for ${email}`)
    await query('decompose', `UPDATE api_keys SET plan = ${sql(plan)} WHERE account_id = ${sql(rows[0].id)}`)
    console.log(`Account ${rows[0].id} (${email}) is now ${plan}.`)
    return
  }
  if (group !== 'keys') throw new UsageError(`unknown command "${positionals.join(' ')}"`)
  const service = needService()
  if (!['create', 'list', 'revoke', 'rotate', 'set-plan'].includes(action ?? ''))
    throw new UsageError(`unknown command "keys ${action ?? ''}"`)
  // The local database may be new: bring it to the current schema first.
  if (!values.remote) await applyMigrations(service)

  if (action === 'create') {
    const plan = needPlan(service)
    const email = optionalEmail()
    let accountId: string | null = null
    const keyName = optionalName('--name')
    if (service === 'screening') {
      if (values.partner !== undefined) accountId = await needPartner(values.partner)
      else {
        accountId = crypto.randomUUID()
        const partnerName = keyName ?? email ?? `Partner ${accountId.slice(0, 8)}`
        await query(
          'screening',
          `INSERT INTO partners (id, name, created_at) VALUES (${sql(accountId)}, ${sql(partnerName)}, ${sql(new Date().toISOString())})`
        )
        console.error(`Created partner "${partnerName}" (${accountId}) for this key.`)
      }
    } else if (values.partner !== undefined || keyName !== null) throw new UsageError('--partner and --name apply to screening keys only')
    if (service === 'decompose') {
      if (!email) throw new UsageError('decompose keys belong to an account: --email is required')
      const account = await ensureAccount(email, plan)
      accountId = account.id
      if (account.token) console.error(`Created ${plan} account for ${email}. Dashboard sign-in token (shown once):\n${account.token}`)
    }
    const { rawKey, row } = await newKeyRecord({ service, plan, email, accountId, now: new Date() })
    const credits = optionalCredits(service, plan)
    await query(
      service,
      `INSERT INTO api_keys (id, key_hash, key_prefix, service, plan, email, account_id, created_at) VALUES (${[row.id, row.key_hash, row.key_prefix, row.service, row.plan, row.email, row.account_id, row.created_at].map(sql).join(', ')})` +
        (credits !== undefined ? `; UPDATE api_keys SET credits = ${credits} WHERE id = ${sql(row.id)}` : '') +
        (keyName !== null ? `; UPDATE api_keys SET name = ${sql(keyName)} WHERE id = ${sql(row.id)}` : '')
    )
    console.error(
      `Created ${service} key ${row.id} (${plan}${credits !== undefined ? `, ${credits} credits` : ''}). The key is shown once; store it now:`
    )
    console.log(rawKey)
    return
  }
  if (action === 'list') {
    const extra = service === 'sds' ? ', credits, subscription_status' : service === 'screening' ? ', name' : ''
    const only = values.partner !== undefined ? ` WHERE account_id = ${sql(values.partner)}` : ''
    const rows = await query<Record<string, unknown>>(
      service,
      `SELECT id, key_prefix, plan, email, account_id, created_at, last_used_at, revoked_at${extra} FROM api_keys${only} ORDER BY created_at`
    )
    if (!rows.length) console.log(`No ${service} keys.`)
    else console.table(rows)
    return
  }
  if (action === 'revoke') {
    const key = await resolveKey(service, { active: true })
    await query(
      service,
      `UPDATE api_keys SET revoked_at = ${sql(new Date().toISOString())} WHERE id = ${sql(key.id)} AND revoked_at IS NULL`
    )
    console.log(`Revoked ${key.id} (${key.key_prefix}…).${service === 'screening' ? ' Its partner keeps everything it owns.' : ''}`)
    return
  }
  if (action === 'rotate') {
    if (service !== 'screening') throw new UsageError('keys rotate applies to screening keys (they belong to a partner)')
    const old = await resolveKey(service, { active: true })
    const [plan] = await query<{ plan: string; email: string | null }>(
      service,
      `SELECT plan, email FROM api_keys WHERE id = ${sql(old.id)}`
    )
    const { rawKey, row } = await newKeyRecord({
      service,
      plan: plan.plan,
      email: plan.email,
      accountId: old.account_id ?? old.id,
      now: new Date(),
    })
    await query(
      service,
      `INSERT INTO api_keys (id, key_hash, key_prefix, service, plan, email, account_id, created_at, name) VALUES (${[row.id, row.key_hash, row.key_prefix, row.service, row.plan, row.email, row.account_id, row.created_at, old.name].map(sql).join(', ')}); ` +
        `UPDATE api_keys SET revoked_at = ${sql(new Date().toISOString())} WHERE id = ${sql(old.id)}`
    )
    console.error(`Rotated ${old.id}: revoked; new key ${row.id} for partner ${row.account_id}. The key is shown once; store it now:`)
    console.log(rawKey)
    return
  }
  if (action === 'set-plan') {
    const plan = needPlan(service)
    const sets = [`plan = ${sql(plan)}`]
    const credits = optionalCredits(service, plan)
    if (credits !== undefined) sets.push(`credits = ${credits}`)
    if (values.status !== undefined) {
      if (service !== 'sds' || !['active', 'cancelled'].includes(values.status))
        throw new UsageError('--status active|cancelled applies to sds keys only')
      sets.push(`subscription_status = ${sql(values.status)}`)
    }
    const key = await resolveKey(service, { active: false })
    const rows = await query<{ id: string }>(service, `UPDATE api_keys SET ${sets.join(', ')} WHERE id = ${sql(key.id)} RETURNING id`)
    if (service === 'decompose')
      await query(
        service,
        `UPDATE accounts SET plan = ${sql(plan)} WHERE id IN (SELECT account_id FROM api_keys WHERE id = ${sql(key.id)})`
      )
    console.log(`Set ${rows.map((r) => r.id).join(', ')} to ${plan}.`)
    return
  }
  throw new UsageError(`unknown command "keys ${action ?? ''}"`)
}

main().catch((err: Error) => {
  console.error(err instanceof UsageError ? `admin: ${err.message}\n\n${USAGE}` : `admin: ${err.message}`)
  process.exit(err instanceof UsageError ? 2 : 1)
})
