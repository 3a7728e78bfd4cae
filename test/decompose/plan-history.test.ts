import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { PlanHistorySchema } from '../../workers/decompose/schemas'
import { app } from './app'
import { paidKey, postPlan } from './accounts'

const get = (key: string, id: string) => app.request(`/api/v1/decompose/${id}`, { headers: { authorization: `Bearer ${key}` } }, env)
const checkIn = (key: string, id: string, body: unknown) =>
  app.request(
    `/api/v1/decompose/${id}/cycles`,
    { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) },
    env
  )

// Issue 31 §3: GET /api/v1/decompose/{plan_id} returns the plan, its check-ins and cycles, to its owner only.
describe('GET /api/v1/decompose/{plan_id}', () => {
  it('returns the owner’s plan, check-ins and the cycles they led to', async () => {
    const key = await paidKey()
    const made = (await (await postPlan(key, { goal: 'Run my first 5K', context: 'beginner, 30 minutes a day' })).json()) as {
      plan_id: string
      first_cycle_actions: unknown[]
    }
    const answer = await checkIn(key, made.plan_id, { cycle: 1, completed: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], difficulty: 2 })
    expect(answer.status).toBe(200)
    const next = (await answer.json()) as { actions: unknown[] }

    const res = await get(key, made.plan_id)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const body = PlanHistorySchema.parse(await res.json())
    expect(body.plan.first_cycle_actions).toEqual(made.first_cycle_actions)
    expect(body.request.goal).toBe('Run my first 5K')
    expect(body.checkins).toEqual([{ cycle: 1, completed: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], difficulty: 2 }])
    expect(body.cycles.map((c) => [c.cycle, c.adaptation])).toEqual([[2, 'progress']])
    expect(body.cycles[0].actions).toEqual(next.actions)
  })

  it('answers 404 to another account’s key, exactly as for an id that does not exist', async () => {
    const owner = await paidKey()
    const other = await paidKey()
    const { plan_id } = (await (await postPlan(owner, { goal: 'Learn Japanese' })).json()) as { plan_id: string }
    const theirs = await get(other, plan_id)
    const missing = await get(other, 'pln_00000000000000000000000000000000')
    expect([theirs.status, missing.status]).toEqual([404, 404])
    expect(await theirs.json()).toEqual(await missing.json())
  })

  it('needs a key', async () => {
    const res = await app.request('/api/v1/decompose/pln_00000000000000000000000000000000', {}, env)
    expect(res.status).toBe(401)
    expect(((await res.json()) as { code: string }).code).toBe('UNAUTHORIZED')
  })
})
