import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { aiPlan, DEFAULT_MODEL, type AiRunner } from '../../workers/decompose/domain/ai-planner'
import { app } from './app'
import { planGoal } from '../../workers/decompose/domain/planner/index'
import { DecomposeResponseSchema } from '../../workers/decompose/schemas'
import { issueTestKey } from '../helpers/keys'
import { createTestAccount } from './accounts'
import GUARD from '../../workers/decompose/domain/safety/guard.json'

const GUARD_MODEL = GUARD.model

// Workers AI has no local simulation, so these tests hand the planner a plain object with
// `run()` that answers like the binding does in JSON mode (`{ response: <object> }`).
const GOAL = 'Run my first 5K'
const CONTEXT = 'beginner, 30 minutes a day'

/** A plan a model could plausibly return: the rules plan reworded. */
function modelAnswer() {
  const rules = planGoal(GOAL, CONTEXT)
  return {
    first_cycle_actions: rules.first_cycle_actions.map((a) => ({ ...a, title: `AI ${a.title}`.slice(0, 60) })),
    later_actions: rules.actions.slice(14),
    notes: ['Model note: enjoy the runs.'],
  }
}

function fakeAi(
  answer: (model: string, input: Record<string, unknown>) => unknown
): AiRunner & { calls: Array<{ model: string; input: Record<string, unknown> }> } {
  const calls: Array<{ model: string; input: Record<string, unknown> }> = []
  return {
    calls,
    async run(model, input) {
      // The safety guard (issue 30) shares the binding; these tests count the planner's calls only.
      if (model === GUARD_MODEL) return { response: 'safe' }
      calls.push({ model, input })
      return answer(model, input)
    },
  }
}

describe('aiPlan', () => {
  it('uses a valid model plan, validated by the response schema', async () => {
    const ai = fakeAi(() => ({ response: modelAnswer() }))
    const { plan, usedAi } = await aiPlan(ai, GOAL, CONTEXT)
    expect(usedAi).toBe(true)
    expect(plan.planner).toBe('ai')
    expect(plan.first_cycle_actions[0].title).toMatch(/^AI /)
    expect(plan.notes).toContain('Model note: enjoy the runs.')
    DecomposeResponseSchema.parse(plan)

    const { model, input } = ai.calls[0]
    expect(model).toBe(DEFAULT_MODEL)
    expect(input.response_format).toMatchObject({ type: 'json_schema' })
    const schema = (input.response_format as { json_schema: { properties: Record<string, unknown> } }).json_schema
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['first_cycle_actions', 'later_actions']))
    expect(JSON.stringify(input.messages)).toContain(GOAL)
  })

  it('a plan in French, Spanish or German comes from the rules planner’s tables, not the English prompt', async () => {
    const ai = fakeAi(() => ({ response: modelAnswer() }))
    const outcome = await aiPlan(ai, 'Organiser notre mariage', '30 minutes par jour')
    expect(outcome.usedAi).toBe(false)
    expect(outcome.plan).toEqual(planGoal('Organiser notre mariage', '30 minutes par jour'))
    expect(outcome.plan.language).toBe('fr')
    expect(ai.calls).toHaveLength(0)
  })

  it('reads the answer as a JSON string or in OpenAI-style choices', async () => {
    for (const shape of [
      { response: JSON.stringify(modelAnswer()) },
      { choices: [{ message: { content: JSON.stringify(modelAnswer()) } }] },
    ]) {
      expect(
        (
          await aiPlan(
            fakeAi(() => shape),
            GOAL,
            CONTEXT
          )
        ).usedAi
      ).toBe(true)
    }
  })

  const rules = planGoal(GOAL, CONTEXT)
  it.each([
    ['13 days', () => ({ response: { ...modelAnswer(), first_cycle_actions: modelAnswer().first_cycle_actions.slice(1) } })],
    [
      'days out of order',
      () => ({ response: { ...modelAnswer(), first_cycle_actions: [...modelAnswer().first_cycle_actions].reverse() } }),
    ],
    [
      'a title over 60 characters',
      () => ({
        response: {
          ...modelAnswer(),
          first_cycle_actions: modelAnswer().first_cycle_actions.map((a, i) => (i ? a : { ...a, title: 'x'.repeat(61) })),
        },
      }),
    ],
    [
      'a day over the minutes budget',
      () => ({
        response: { ...modelAnswer(), first_cycle_actions: modelAnswer().first_cycle_actions.map((a) => ({ ...a, minutes: 45 })) },
      }),
    ],
    [
      'two identical days',
      () => ({
        response: {
          ...modelAnswer(),
          first_cycle_actions: modelAnswer().first_cycle_actions.map((a, i) =>
            i === 1 ? { ...modelAnswer().first_cycle_actions[2], day: 2 } : a
          ),
        },
      }),
    ],
    ['later steps out of order', () => ({ response: { ...modelAnswer(), later_actions: [...modelAnswer().later_actions].reverse() } })],
    ['prose instead of JSON', () => ({ response: 'Sure! Here is your plan: run a lot.' })],
    ['an empty answer', () => null],
  ])('falls back to the rules plan on %s', async (_, answer) => {
    const outcome = await aiPlan(fakeAi(answer), GOAL, CONTEXT)
    expect(outcome.usedAi).toBe(false)
    expect(outcome.plan).toEqual(rules)
  })

  it('falls back when the model call throws (a model without JSON-schema support)', async () => {
    const ai = fakeAi(() => {
      throw new Error("AiError: 5025: This model doesn't support JSON Schema")
    })
    const outcome = await aiPlan(ai, GOAL, CONTEXT)
    expect(outcome).toMatchObject({ usedAi: false, plan: rules })
    expect(outcome.reason).toMatch(/5025/)
  })

  it('falls back when the model never answers', async () => {
    const outcome = await aiPlan(
      fakeAi(() => new Promise(() => {})),
      GOAL,
      CONTEXT,
      { timeoutMs: 5 }
    )
    expect(outcome).toMatchObject({ usedAi: false, plan: rules })
  })
})

describe('PLANNER=ai on the endpoint', () => {
  async function call(bindings: object, goal = GOAL, extra: Record<string, unknown> = {}) {
    const account = await createTestAccount('paid')
    const { rawKey } = await issueTestKey(env.DB, 'decompose', 'paid', { accountId: account.id })
    return app.request(
      '/api/v1/decompose',
      {
        method: 'POST',
        headers: { authorization: `Bearer ${rawKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ goal, context: CONTEXT, ...extra }),
      },
      bindings
    )
  }

  it('answers with the model plan and caches it, so the same input gives the same plan', async () => {
    const ai = fakeAi(() => ({ response: modelAnswer() }))
    // Each call is another account, so plan_id (owned per account, issue 18 §4) differs; the plan does not.
    const { plan_id: _a, ...first } = await (await call({ ...env, PLANNER: 'ai', AI: ai })).json<{ planner: string; plan_id: string }>()
    expect(first.planner).toBe('ai')
    const { plan_id: _b, ...second } = await (await call({ ...env, PLANNER: 'ai', AI: ai })).json<{ plan_id: string }>()
    expect(second).toEqual(first)
    expect(ai.calls).toHaveLength(1)
  })

  it('keeps the cached plan, which repeats the goal, no longer than the plan’s retention (issue 30 §4)', async () => {
    const ai = fakeAi(() => ({ response: modelAnswer() }))
    const before = Math.floor(Date.now() / 1000)
    const res = await call({ ...env, PLANNER: 'ai', AI: ai }, 'Learn to juggle three balls', { retention_days: 2 })
    expect(res.status).toBe(200)
    const { keys } = await env.CACHE.list({ prefix: 'plan:ai:v1:' })
    const expirations = keys.map((k) => k.expiration ?? Number.POSITIVE_INFINITY)
    // The default plan of the other tests caches for 30 days; this one for 2 (a minute of slack).
    expect(expirations.some((e) => e >= before + 2 * 86_400 - 60 && e <= before + 2 * 86_400 + 60)).toBe(true)
  })

  it('uses the rules planner when the model fails, and does not cache that', async () => {
    const ai = fakeAi(() => ({ response: { nonsense: true } }))
    const res = await call({ ...env, PLANNER: 'ai', AI: ai }, 'Learn Portuguese')
    expect(res.status).toBe(200)
    const { plan_id, ...plan } = await res.json<{ plan_id: string }>()
    expect(plan_id).toMatch(/^pln_/)
    expect(plan).toEqual(planGoal('Learn Portuguese', CONTEXT))
    await call({ ...env, PLANNER: 'ai', AI: ai }, 'Learn Portuguese')
    expect(ai.calls).toHaveLength(2)
  })

  it('ignores the AI binding unless PLANNER=ai', async () => {
    const ai = fakeAi(() => ({ response: modelAnswer() }))
    expect(await (await call({ ...env, PLANNER: 'rules', AI: ai }, 'Learn Dutch')).json()).toMatchObject({ planner: 'rules' })
    expect(ai.calls).toHaveLength(0)
  })
})
