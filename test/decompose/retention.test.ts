import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createScheduledHandler } from '../../workers/decompose/scheduled'
import { DecomposeApiResponseSchema } from '../../workers/decompose/schemas'
import { issueTestKey } from '../helpers/keys'
import { createTestAccount } from './accounts'
import { type Clock, makeApp } from './app'

const DAY = 86_400_000
const bindings = { ...env, RATE_LIMIT_PER_MINUTE: '1000000' }
const GOAL = 'Run my first 5K'
const CONTEXT = 'beginner, my private health detail: asthma'
const NOTES = 'my private note about my knee'
const all = Array.from({ length: 14 }, (_, i) => i + 1)

async function setup(clock: Clock = { now: new Date('2026-01-01T08:00:00.000Z') }) {
  const app = makeApp(clock)
  const account = await createTestAccount('paid')
  const key = (await issueTestKey(env.DB, 'decompose', 'paid', { accountId: account.id })).rawKey
  const call = async (method: string, path: string, body?: unknown, k = key): Promise<Response> =>
    app.request(
      path,
      {
        method,
        headers: { authorization: `Bearer ${k}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      },
      bindings
    )
  const newPlan = async (extra: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/v1/decompose', { goal: GOAL, context: `${CONTEXT} ${crypto.randomUUID()}`, ...extra })
    expect(res.status).toBe(200)
    return DecomposeApiResponseSchema.parse(await res.json()).plan_id
  }
  const rows = async (id: string) => {
    const plan = await env.DB.prepare('SELECT COUNT(*) AS n FROM plans WHERE id = ?').bind(id).first<{ n: number }>()
    const checkins = await env.DB.prepare('SELECT COUNT(*) AS n FROM plan_checkins WHERE plan_id = ?').bind(id).first<{ n: number }>()
    return { plans: plan!.n, checkins: checkins!.n }
  }
  const cron = (at: Date) => createScheduledHandler({ now: () => at })({} as ScheduledController, bindings)
  return { clock, call, newPlan, rows, cron }
}

describe('DELETE /api/v1/decompose/{plan_id} (issue 30 §4)', () => {
  it('the owner deletes the plan and its check-ins; afterwards it is a 404 like any unknown id', async () => {
    const { call, newPlan, rows } = await setup()
    const id = await newPlan()
    await call('POST', `/api/v1/decompose/${id}/cycles`, { cycle: 1, completed: all, difficulty: 2, notes: NOTES })
    expect(await rows(id)).toEqual({ plans: 1, checkins: 1 })
    const res = await call('DELETE', `/api/v1/decompose/${id}`)
    expect(res.status).toBe(204)
    expect(await rows(id)).toEqual({ plans: 0, checkins: 0 })
    const again = await call('DELETE', `/api/v1/decompose/${id}`)
    expect(again.status).toBe(404)
    expect(await again.json()).toMatchObject({ code: 'PLAN_NOT_FOUND' })
    expect((await call('POST', `/api/v1/decompose/${id}/cycles`, { cycle: 1, completed: all, difficulty: 2 })).status).toBe(404)
  })

  it('another account gets the same 404 as for an id that never existed, and the plan stays', async () => {
    const owner = await setup()
    const id = await owner.newPlan()
    const other = await setup()
    const theirs = await other.call('DELETE', `/api/v1/decompose/${id}`)
    const unknown = await other.call('DELETE', '/api/v1/decompose/pln_00000000000000000000000000000000')
    expect(theirs.status).toBe(404)
    expect(await theirs.json()).toEqual(await unknown.json())
    expect(await owner.rows(id)).toEqual({ plans: 1, checkins: 0 })
  })

  it('parallel deletes of one plan: exactly one 204, the rest 404', async () => {
    const { call, newPlan } = await setup()
    const id = await newPlan()
    const statuses = await Promise.all(Array.from({ length: 6 }, () => call('DELETE', `/api/v1/decompose/${id}`).then((r) => r.status)))
    expect(statuses.filter((s) => s === 204)).toHaveLength(1)
    expect(statuses.filter((s) => s === 404)).toHaveLength(5)
  })
})

describe('retention: 90 days after the last activity unless the partner sets less', () => {
  it('default 90 days from the last check-in, deleted by the cron after that', async () => {
    const s = await setup()
    const id = await s.newPlan()
    const start = s.clock.now.getTime()
    s.clock.now = new Date(start + 30 * DAY)
    expect((await s.call('POST', `/api/v1/decompose/${id}/cycles`, { cycle: 1, completed: all, difficulty: 2, notes: NOTES })).status).toBe(
      200
    )
    await s.cron(new Date(start + 119 * DAY))
    expect(await s.rows(id)).toEqual({ plans: 1, checkins: 1 })
    await s.cron(new Date(start + 121 * DAY))
    expect(await s.rows(id)).toEqual({ plans: 0, checkins: 0 })
  })

  it('a partner’s shorter retention_days holds, and an expired plan is gone even before the cron runs', async () => {
    const s = await setup()
    const id = await s.newPlan({ retention_days: 7 })
    s.clock.now = new Date(s.clock.now.getTime() + 8 * DAY)
    expect((await s.call('POST', `/api/v1/decompose/${id}/cycles`, { cycle: 1, completed: all, difficulty: 2 })).status).toBe(404)
    await s.cron(s.clock.now)
    expect(await s.rows(id)).toEqual({ plans: 0, checkins: 0 })
  })

  it.each([0, 91, 30.5, '30'])('retention_days %j is a 400 INVALID_BODY', async (retention_days) => {
    const { call } = await setup()
    const res = await call('POST', '/api/v1/decompose', { goal: GOAL, retention_days })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'INVALID_BODY' })
  })
})

describe('logs never contain goal, context or notes', () => {
  afterEach(() => vi.restoreAllMocks())

  it('through a plan, a check-in, a delete and the cron', async () => {
    const logged: string[] = []
    for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const)
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push(args.map(String).join(' '))
      })
    const s = await setup()
    const id = await s.newPlan()
    await s.call('POST', `/api/v1/decompose/${id}/cycles`, { cycle: 1, completed: all, difficulty: 2, notes: NOTES })
    await s.call('DELETE', `/api/v1/decompose/${id}`)
    await s.cron(new Date(s.clock.now.getTime() + 200 * DAY))
    expect(logged.some((l) => /retention deleted/.test(l))).toBe(true)
    expect(logged.join('\n')).not.toMatch(/5K|private health|private note|asthma/)
  })
})
