import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { createRouter } from '../../../shared/app'
import { apiKeyAuth } from '../../../shared/auth'
import { body } from '../../../shared/body'
import { ApiError, defaultErrorPolicy } from '../../../shared/errors'
import { KEY_SERVICES } from '../../../shared/keys'
import { assertPublicAddresses } from '../../../shared/net/validate'
import { errorResponses } from '../../../shared/openapi'
import { keyOwnedWebhookContext, webhookRoutes } from '../../../shared/webhooks/routes'
import { viewUrl } from '../domain/audit'
import { confirmedAmong } from '../alert-email-store'
import { domainFromInput } from '../domain/domain-input'
import { canonicalAddress } from '../domain/monitor/email-confirmation'
import { asApiError } from '../policy'
import { askToConfirm, assertCanConfirm } from '../use-cases/alert-emails'
import type { AppEnv } from '../env'
import { ALERT_CONDITION_NAMES, AUDIT_EVENTS } from '../domain/monitor/events'
import { newId } from '../domain/monitor/runner'
import {
  HISTORY_MAX_ROWS,
  History,
  HistoryQuery,
  LIMIT_TEXT,
  Monitor,
  MonitorCreate,
  MonitorParams,
  MonitorUpdate,
} from '../monitor-schemas'
import { MAX_MONITORS_PER_KEY, nextSlot, phaseOf } from '../domain/monitor/schedule'
import * as store from '../monitor-store'

const BASE = '/api/v1/monitors'
const security = [{ bearer: [] }]
const tags = ['Monitoring']
const DEFAULT_CERT_DAYS = 14
const DEFAULT_HISTORY_DAYS = 30

/** Which of these monitors' alert addresses this key has confirmed. */
const confirmedOf = (db: D1Database, owner: string, rows: store.MonitorRow[]) =>
  confirmedAmong(
    db,
    owner,
    rows.flatMap((r) => (r.alert_email ? [canonicalAddress(r.alert_email)] : []))
  )

/** Monitoring is a Pro feature: a key is required (every audit key is Pro, but the plan is checked). */
const requireKey = apiKeyAuth<AppEnv>({ prefix: KEY_SERVICES.audit.prefix, from: 'bearer', required: true })
async function requirePro(c: Context<AppEnv>, next: () => Promise<void>) {
  if (c.var.apiKey?.plan !== 'pro')
    throw new ApiError(403, 'PRO_REQUIRED', 'Monitoring needs a Pro key (Authorization: Bearer audit_pro_…).')
  await next()
}

const notFound = () => new ApiError(404, 'MONITOR_NOT_FOUND', 'This key has no monitor with that id.')
const json = <S extends z.ZodType>(description: string, schema: S) => ({ description, content: { 'application/json': { schema } } })
const auth = { 401: 'UNAUTHORIZED: no key, or an unknown or revoked one.', 403: 'PRO_REQUIRED' }

function view(row: store.MonitorRow, baseUrl: string, confirmed: Set<string>): z.infer<typeof Monitor> {
  const state = store.parseState(row)
  return {
    id: row.id,
    domain: row.domain,
    interval: row.interval,
    alert: {
      email: row.alert_email,
      email_confirmed: row.alert_email === null ? null : confirmed.has(canonicalAddress(row.alert_email)),
      on: store.parseOn(row),
      cert_expiry_days: row.cert_expiry_days,
    },
    created_at: row.created_at,
    next_run_at: new Date(row.next_run_at).toISOString(),
    last_run_at: row.last_run_at,
    last: state ? { status: state.status, grade: state.grade, score: state.score } : null,
    history_url: `${viewUrl(baseUrl, row.domain)}/history`,
  }
}

const create = createRoute({
  method: 'post',
  path: BASE,
  tags,
  security,
  summary: 'Watch a domain',
  description:
    `Checks the domain every hour or day with the same check as GET /api/v1/check and keeps each run's score, grade, certificate grade and expiry and header verdicts. ${LIMIT_TEXT} ` +
    'The first run is due at once; later runs keep a fixed minute inside the interval, different for each monitor. Alerts go to the key’s webhook endpoints (POST /api/v1/webhooks, events audit.*) and, when alert.email is set, to the e-mail outbox.',
  middleware: [body({ maxBytes: 4096, accept: ['application/json'], policy: defaultErrorPolicy })] as const,
  request: { body: { required: true, content: { 'application/json': { schema: MonitorCreate } } } },
  responses: {
    201: json('The monitor.', Monitor),
    ...errorResponses({
      ...auth,
      400: 'INVALID_BODY; INVALID_DOMAIN or DOMAIN_NOT_PUBLIC (refused as in checks).',
      409: `MONITOR_LIMIT_REACHED (${MAX_MONITORS_PER_KEY} per key) or MONITOR_EXISTS (this key already watches the domain).`,
      422: 'DOMAIN_NOT_FOUND: the name does not resolve.',
      503: 'DNS_UNAVAILABLE',
    }),
  },
})
const list = createRoute({
  method: 'get',
  path: BASE,
  tags,
  security,
  summary: 'This key’s monitors',
  responses: { 200: json('Monitors, oldest first.', z.object({ monitors: z.array(Monitor) })), ...errorResponses(auth) },
})
const one = createRoute({
  method: 'get',
  path: `${BASE}/{id}`,
  tags,
  security,
  summary: 'One monitor',
  request: { params: MonitorParams },
  responses: {
    200: json('The monitor.', Monitor),
    ...errorResponses({ ...auth, 404: 'MONITOR_NOT_FOUND (also for another key’s monitor).' }),
  },
})
const update = createRoute({
  method: 'patch',
  path: `${BASE}/{id}`,
  tags,
  security,
  summary: 'Change a monitor’s interval or alerts',
  description: 'alert fields given replace the stored ones; alert.email null removes the address.',
  middleware: [body({ maxBytes: 4096, accept: ['application/json'], policy: defaultErrorPolicy })] as const,
  request: { params: MonitorParams, body: { required: true, content: { 'application/json': { schema: MonitorUpdate } } } },
  responses: { 200: json('The monitor.', Monitor), ...errorResponses({ ...auth, 400: 'INVALID_BODY', 404: 'MONITOR_NOT_FOUND' }) },
})
const remove = createRoute({
  method: 'delete',
  path: `${BASE}/{id}`,
  tags,
  security,
  summary: 'Stop watching: deletes the monitor and its history',
  request: { params: MonitorParams },
  responses: { 204: { description: 'Deleted; no further runs.' }, ...errorResponses({ ...auth, 404: 'MONITOR_NOT_FOUND' }) },
})
const history = createRoute({
  method: 'get',
  path: `${BASE}/{id}/history`,
  tags,
  security,
  summary: 'Runs of a monitor between two times',
  description: `from and to are ISO 8601 (default: the last ${DEFAULT_HISTORY_DAYS} days). Oldest first, at most ${HISTORY_MAX_ROWS} runs; history is kept 400 days.`,
  request: { params: MonitorParams, query: HistoryQuery },
  responses: {
    200: json('The runs.', History),
    ...errorResponses({ ...auth, 400: 'INVALID_QUERY: a bad date, or from after to.', 404: 'MONITOR_NOT_FOUND' }),
  },
})

export const monitorRoutes = createRouter<AppEnv>()

monitorRoutes.use(BASE, requireKey, requirePro)
monitorRoutes.use(`${BASE}/*`, requireKey, requirePro)

monitorRoutes.openapi(create, async (c) => {
  const input = c.req.valid('json')
  const { ports } = c.var
  if (input.alert?.email) assertCanConfirm(ports)
  let domain: string
  try {
    domain = domainFromInput(input.domain)
    await assertPublicAddresses(domain, ports.resolver)
  } catch (err) {
    throw asApiError(err)
  }
  const now = ports.now()
  const id = newId('mon_')
  const row = {
    id,
    owner_key_id: c.var.apiKey!.id,
    domain,
    interval: input.interval,
    alert_email: input.alert?.email ?? null,
    alert_on: JSON.stringify(input.alert?.on ?? ALERT_CONDITION_NAMES),
    cert_expiry_days: input.alert?.cert_expiry_days ?? DEFAULT_CERT_DAYS,
    created_at: now.toISOString(),
    next_run_at: now.getTime(),
  }
  const outcome = await store.insertMonitor(c.env.DB, row)
  if (outcome === 'limit')
    throw new ApiError(409, 'MONITOR_LIMIT_REACHED', `This key already has ${MAX_MONITORS_PER_KEY} monitors; delete one first.`)
  if (outcome === 'exists') throw new ApiError(409, 'MONITOR_EXISTS', `This key already watches ${domain}.`)
  if (row.alert_email) await askToConfirm(ports, row.owner_key_id, row.alert_email, id)
  const confirmed = await confirmedOf(c.env.DB, row.owner_key_id, [row as store.MonitorRow])
  return c.json(view({ ...row, last_run_at: null, state: null }, c.env.BASE_URL, confirmed), 201)
})

monitorRoutes.openapi(list, async (c) => {
  const owner = c.var.apiKey!.id
  const rows = await store.listMonitors(c.env.DB, owner)
  const confirmed = await confirmedOf(c.env.DB, owner, rows)
  return c.json({ monitors: rows.map((r) => view(r, c.env.BASE_URL, confirmed)) }, 200)
})

monitorRoutes.openapi(one, async (c) => {
  const owner = c.var.apiKey!.id
  const row = await store.getMonitor(c.env.DB, owner, c.req.valid('param').id)
  if (!row) throw notFound()
  return c.json(view(row, c.env.BASE_URL, await confirmedOf(c.env.DB, owner, [row])), 200)
})

monitorRoutes.openapi(update, async (c) => {
  const owner = c.var.apiKey!.id
  const { id } = c.req.valid('param')
  const input = c.req.valid('json')
  if (input.alert?.email) assertCanConfirm(c.var.ports)
  const row = await store.getMonitor(c.env.DB, owner, id)
  if (!row) throw notFound()
  const interval = input.interval ?? row.interval
  const fields = {
    interval,
    alert_email: input.alert?.email === undefined ? row.alert_email : input.alert.email,
    alert_on: input.alert?.on ? JSON.stringify(input.alert.on) : row.alert_on,
    cert_expiry_days: input.alert?.cert_expiry_days ?? row.cert_expiry_days,
    // A new interval takes its own slot from the next one on.
    next_run_at: interval === row.interval ? row.next_run_at : nextSlot(c.var.deps.now().getTime(), interval, phaseOf(row.id, interval)),
  }
  if (!(await store.updateMonitor(c.env.DB, owner, id, fields))) throw notFound()
  if (input.alert?.email) await askToConfirm(c.var.ports, owner, input.alert.email, id)
  const updated = { ...row, ...fields }
  return c.json(view(updated, c.env.BASE_URL, await confirmedOf(c.env.DB, owner, [updated])), 200)
})

monitorRoutes.openapi(remove, async (c) => {
  if (!(await store.deleteMonitor(c.env.DB, c.var.apiKey!.id, c.req.valid('param').id))) throw notFound()
  return c.body(null, 204)
})

monitorRoutes.openapi(history, async (c) => {
  const owner = c.var.apiKey!.id
  const row = await store.getMonitor(c.env.DB, owner, c.req.valid('param').id)
  if (!row) throw notFound()
  const q = c.req.valid('query')
  const to = q.to ? new Date(q.to) : c.var.deps.now()
  const from = q.from ? new Date(q.from) : new Date(to.getTime() - DEFAULT_HISTORY_DAYS * 86_400_000)
  if (from.getTime() > to.getTime()) throw new ApiError(400, 'INVALID_QUERY', 'from must not be after to.')
  const rows = await store.listRuns(c.env.DB, owner, row.id, from.toISOString(), to.toISOString(), HISTORY_MAX_ROWS + 1)
  const runs = rows.slice(0, HISTORY_MAX_ROWS).map((r) => ({ ...r, headers: r.headers ? JSON.parse(r.headers) : null }))
  return c.json(
    {
      monitor_id: row.id,
      domain: row.domain,
      from: from.toISOString(),
      to: to.toISOString(),
      runs,
      truncated: rows.length > HISTORY_MAX_ROWS,
    },
    200
  )
})

monitorRoutes.route(
  '/',
  webhookRoutes<AppEnv>({
    policy: defaultErrorPolicy,
    middleware: [requireKey, requirePro],
    events: AUDIT_EVENTS,
    security,
    context: keyOwnedWebhookContext,
  })
)
