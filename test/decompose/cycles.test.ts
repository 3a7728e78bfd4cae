import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { app } from './app'
import { adaptation } from '../../workers/decompose/domain/planner/cycles'
import { CycleResponseSchema, DecomposeApiResponseSchema } from '../../workers/decompose/schemas'
import { issueTestKey } from '../helpers/keys'
import { createTestAccount } from './accounts'

const bindings = { ...env, RATE_LIMIT_PER_MINUTE: '1000000' }

async function accountKey(accountId?: string) {
  const account = accountId ? { id: accountId } : await createTestAccount('paid')
  return { key: (await issueTestKey(env.DB, 'decompose', 'paid', { accountId: account.id })).rawKey, accountId: account.id }
}
const post = (key: string, path: string, body: unknown) =>
  app.request(
    path,
    { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify(body) },
    bindings
  )

async function newPlan(key: string, body: unknown = { goal: 'Run my first 5K', context: 'beginner, 30 minutes a day' }) {
  const res = await post(key, '/api/v1/decompose', body)
  expect(res.status).toBe(200)
  return DecomposeApiResponseSchema.parse(await res.json())
}
const all = Array.from({ length: 14 }, (_, i) => i + 1)

describe('adaptation rules', () => {
  it('progress, repeat or ease from completion and difficulty', () => {
    expect(adaptation({ cycle: 1, completed: all, difficulty: 2 }).adaptation).toBe('progress')
    expect(adaptation({ cycle: 1, completed: all.slice(0, 9), difficulty: 3 }).adaptation).toBe('repeat')
    expect(adaptation({ cycle: 1, completed: all, difficulty: 4 }).adaptation).toBe('repeat')
    expect(adaptation({ cycle: 1, completed: [1, 2, 3], difficulty: 2 }).adaptation).toBe('ease')
    expect(adaptation({ cycle: 1, completed: all, difficulty: [5, 5, 5, 4] }).adaptation).toBe('ease')
  })
})

describe('POST /api/v1/decompose/{plan_id}/cycles', () => {
  it('each plan has a plan_id, the same for the same request by the same account', async () => {
    const { key, accountId } = await accountKey()
    const a = await newPlan(key)
    expect(a.plan_id).toMatch(/^pln_[0-9a-f]{32}$/)
    expect((await newPlan(key)).plan_id).toBe(a.plan_id)
    // Another key of the same account sees the same plan; another account gets another id.
    expect((await newPlan((await accountKey(accountId)).key)).plan_id).toBe(a.plan_id)
    expect((await newPlan((await accountKey()).key)).plan_id).not.toBe(a.plan_id)
  })

  it('all done and easy: the next cycle steps up; very hard: it eases off; deterministic', async () => {
    const { key } = await accountKey()
    const plan = await newPlan(key)
    const easy = await post(key, `/api/v1/decompose/${plan.plan_id}/cycles`, {
      cycle: 1,
      completed: all,
      difficulty: 2,
      notes: 'felt good',
    })
    expect(easy.status).toBe(200)
    const next = CycleResponseSchema.parse(await easy.json())
    // Running follows its roadmap (issue 31 §3): the next stage of the same plan, same level.
    expect(next).toMatchObject({ cycle: 2, adaptation: 'progress', context_used: { level: 'beginner' } })
    expect(next.actions).toHaveLength(14)
    expect(next.actions).not.toEqual(plan.first_cycle_actions)
    // Re-sending the same check-in gives the same cycle.
    expect(
      await (
        await post(key, `/api/v1/decompose/${plan.plan_id}/cycles`, { cycle: 1, completed: all, difficulty: 2, notes: 'felt good' })
      ).json()
    ).toEqual(next)

    const hard = CycleResponseSchema.parse(
      await (await post(key, `/api/v1/decompose/${plan.plan_id}/cycles`, { cycle: 2, completed: [1, 2, 4], difficulty: 5 })).json()
    )
    expect(hard).toMatchObject({ cycle: 3, adaptation: 'ease', context_used: { level: 'beginner' } })
    expect(hard.context_used.minutes_per_day).toBeLessThan(next.context_used.minutes_per_day)
  })

  it('another account’s plan is a 404, a skipped cycle a 409, a bad check-in a 400', async () => {
    const { key } = await accountKey()
    const plan = await newPlan(key)
    const stranger = (await accountKey()).key
    const other = await post(stranger, `/api/v1/decompose/${plan.plan_id}/cycles`, { cycle: 1, completed: all, difficulty: 2 })
    expect(other.status).toBe(404)
    expect(await other.json()).toMatchObject({ code: 'PLAN_NOT_FOUND' })
    const skipped = await post(key, `/api/v1/decompose/${plan.plan_id}/cycles`, { cycle: 3, completed: all, difficulty: 2 })
    expect(skipped.status).toBe(409)
    expect(await skipped.json()).toMatchObject({ code: 'CYCLE_OUT_OF_ORDER' })
    for (const bad of [
      { cycle: 1, completed: [15], difficulty: 2 },
      { cycle: 1, completed: [1], difficulty: 9 },
      { completed: [1], difficulty: 2 },
    ]) {
      const res = await post(key, `/api/v1/decompose/${plan.plan_id}/cycles`, bad)
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ code: 'INVALID_BODY' })
    }
  })

  it('a crisis plan stays a crisis plan in later cycles', async () => {
    const { key } = await accountKey()
    const plan = await newPlan(key, { goal: 'I want to kill myself' })
    const next = CycleResponseSchema.parse(
      await (await post(key, `/api/v1/decompose/${plan.plan_id}/cycles`, { cycle: 1, completed: all, difficulty: 1 })).json()
    )
    expect(next.safety.level).toBe('crisis')
    expect(next.actions[0].description).toMatch(/988/)
  })
})
