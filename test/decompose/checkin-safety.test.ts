import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { nextSafeCycle } from '../../workers/decompose/domain/safety/next-cycle'
import { CycleResponseSchema, DecomposeApiResponseSchema } from '../../workers/decompose/schemas'
import { issueTestKey } from '../helpers/keys'
import { createTestAccount } from './accounts'
import { app } from './app'

const bindings = { ...env, RATE_LIMIT_PER_MINUTE: '1000000' }
const all = Array.from({ length: 14 }, (_, i) => i + 1)
const run = { goal: 'Run my first 5K', context: 'beginner, 30 minutes a day', profile: {} }

async function planFor() {
  const account = await createTestAccount('paid')
  const key = (await issueTestKey(env.DB, 'decompose', 'paid', { accountId: account.id })).rawKey
  const post = (path: string, body: unknown) =>
    app.request(
      path,
      { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify(body) },
      bindings
    )
  const res = await post('/api/v1/decompose', { goal: run.goal, context: run.context })
  const plan = DecomposeApiResponseSchema.parse(await res.json())
  return { post, plan }
}

describe('check-in notes are screened (issue 30 §2)', () => {
  it('"I want to end it all" with every day done and easy: the support cycle, not progress', async () => {
    const { post, plan } = await planFor()
    const res = await post(`/api/v1/decompose/${plan.plan_id}/cycles`, {
      cycle: 1,
      completed: all,
      difficulty: 2,
      notes: 'I want to end it all',
    })
    expect(res.status).toBe(200)
    const next = CycleResponseSchema.parse(await res.json())
    expect(next.adaptation).toBe('pause')
    expect(next.safety.level).toBe('crisis')
    expect(next.safety.resources[0]).toMatchObject({ contact: 'call or text 988' })
    expect(next.actions[0].description).toMatch(/988/)
  })

  it('"my right knee started hurting": an easier cycle with a professional first, never progress', async () => {
    const { post, plan } = await planFor()
    const res = await post(`/api/v1/decompose/${plan.plan_id}/cycles`, {
      cycle: 1,
      completed: all,
      difficulty: 2,
      notes: 'my right knee started hurting',
    })
    const next = CycleResponseSchema.parse(await res.json())
    expect(next.adaptation).toBe('ease')
    expect(next.safety.level).toBe('caution')
    expect(next.safety.categories).toContain('injury')
    expect(next.actions[0].description).toMatch(/physio|doctor|GP/i)
  })

  it('a later crisis note still gives the support cycle (every check-in is screened)', async () => {
    const { post, plan } = await planFor()
    await post(`/api/v1/decompose/${plan.plan_id}/cycles`, { cycle: 1, completed: all, difficulty: 2, notes: 'going well' })
    const res = await post(`/api/v1/decompose/${plan.plan_id}/cycles`, {
      cycle: 2,
      completed: all,
      difficulty: 1,
      notes: 'honestly I keep thinking everyone would be better off without me',
    })
    expect(CycleResponseSchema.parse(await res.json()).safety.level).toBe('crisis')
  })
})

describe('pain, injury and illness in notes, six languages', () => {
  const done = { cycle: 1, completed: all, difficulty: 2 }
  it.each([
    ['got the flu', 'pause'],
    ['felt dizzy on the long run', 'pause'],
    ['j’ai de la fièvre depuis mardi', 'pause'],
    ['tengo gripe', 'pause'],
    ['mir ist oft schwindlig', 'pause'],
    ['ho la febbre', 'pause'],
    ['estou com gripe', 'pause'],
    ['my right knee started hurting', 'ease'],
    ['j’ai mal au genou', 'ease'],
    ['me duele el tobillo', 'ease'],
    ['mein Knie tut weh', 'ease'],
    ['mi fa male la schiena', 'ease'],
    ['dói-me o joelho', 'ease'],
  ])('"%s" → %s with a caution', (notes, adaptation) => {
    const next = nextSafeCycle(run, [{ ...done, notes }])
    expect(next.adaptation).toBe(adaptation)
    expect(next.safety.level).toBe('caution')
  })

  it.each(['knee fine', 'no pain at all, loved it', 'sick of the rain but ran anyway', 'sans douleur', 'keine Schmerzen mehr'])(
    '"%s": the ordinary progression',
    (notes) => {
      const next = nextSafeCycle(run, [{ ...done, notes }])
      expect(next.adaptation).toBe('progress')
      expect(next.safety.level).toBe('none')
    }
  )
})
