import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { AiRunner } from '../../workers/decompose/domain/ai-planner'
import { hybridPlan } from '../../workers/decompose/domain/hybrid-planner'
import GUARD from '../../workers/decompose/domain/safety/guard.json'
import { issueTestKey } from '../helpers/keys'
import { createTestAccount } from './accounts'
import { app } from './app'

// PLANNER=hybrid (issue 31 §5). Workers AI has no local runtime: these tests replay the shapes
// the binding answers in JSON mode ({ response: <object> }), good and bad.
const GOAL = 'Restore an old motorbike'
const CONTEXT = 'I have 30 minutes a day'

type Day = { day: number; title: string; description: string; minutes: number }

/** A plan a model could return for the motorbike goal; `edit` changes some days. */
function answer(edit: (d: Day) => Day = (d) => d) {
  const first: Day[] = Array.from({ length: 14 }, (_, i) => ({
    day: i + 1,
    title: `Motorbike step ${i + 1}`,
    description: `Spend ${20 + (i % 3)} minutes on the old motorbike restoration, part ${i + 1}.`,
    minutes: 20 + (i % 3),
  })).map(edit)
  return {
    response: {
      first_cycle_actions: first,
      later_actions: [{ day: 28, title: 'Finish the motorbike restoration', description: 'Complete 2 motorbike test rides.', minutes: 30 }],
    },
  }
}

function replay(reply: () => unknown): AiRunner & { calls: number } {
  const runner = {
    calls: 0,
    async run(model: string) {
      if (model === GUARD.model) return { response: 'safe' }
      runner.calls++
      return reply()
    },
  }
  return runner
}

// Plans are cached per request (goal, context, profile), so each call sends its own context.
let n = 0
async function post(ai: AiRunner, goal = GOAL) {
  n++
  const account = await createTestAccount('paid')
  const { rawKey } = await issueTestKey(env.DB, 'decompose', 'paid', { accountId: account.id })
  const res = await app.request(
    '/api/v1/decompose',
    {
      method: 'POST',
      headers: { authorization: `Bearer ${rawKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ goal, context: `${CONTEXT}, request ${n}` }),
    },
    { ...env, PLANNER: 'hybrid', AI: ai }
  )
  expect(res.status).toBe(200)
  return res.json<{ planner: string; coverage: string; notes: string[]; first_cycle_actions: Day[] }>()
}

describe('PLANNER=hybrid', () => {
  it('keeps the rules plan for a confident archetype match and never asks the model', async () => {
    const ai = replay(() => answer())
    const plan = await post(ai, 'Run my first 5K')
    expect(plan).toMatchObject({ planner: 'rules', coverage: 'archetype' })
    expect(ai.calls).toBe(0)
  })

  it('uses the model for a goal the rules only plan generically, once it passes the checks', async () => {
    const ai = replay(() => answer())
    const plan = await post(ai)
    expect(plan).toMatchObject({ planner: 'ai', coverage: 'general' })
    expect(plan.first_cycle_actions[0].title).toBe('Motorbike step 1')
  })

  it('an off-topic model plan falls back to the rules plan and says why', async () => {
    const ai = replay(() =>
      answer((d) => (d.day > 3 ? { ...d, title: `Jog ${d.day}`, description: 'Jog for 20 minutes at an easy pace.' } : d))
    )
    const plan = await post(ai)
    expect(plan.planner).toBe('rules')
    expect(plan.notes.join(' ')).toMatch(/model-written plan was not used.*only 3 of 14 days are about the goal's object/)
  })

  it('a model plan that fails the safety screen is not used', async () => {
    const unsafe = replay(() =>
      answer((d) =>
        d.day === 9
          ? { ...d, description: 'Take 10 minutes to write your goodbye letters and give away your things before you end your life.' }
          : d
      )
    )
    const plan = await post(unsafe)
    expect(plan.planner).toBe('rules')
    expect(plan.notes.join(' ')).toMatch(/day 9 failed the safety screen/)
  })

  it('malformed, oversized or slow answers fall back with the reason in notes', async () => {
    const malformed = await post(replay(() => ({ response: '{"first_cycle_actions": [' })))
    expect(malformed.planner).toBe('rules')
    expect(malformed.notes.join(' ')).toMatch(/did not match the schema/)

    const steep = await post(
      replay(() => answer((d) => (d.day > 7 ? { ...d, minutes: 30, description: 'Motorbike paperwork for 30 minutes.' } : d)))
    )
    expect(steep.planner).toBe('rules')
    expect(steep.notes.join(' ')).toMatch(/progression cap/)

    const slow = await hybridPlan(
      replay(() => new Promise(() => {})),
      GOAL,
      CONTEXT,
      { timeoutMs: 5 }
    )
    expect(slow.usedAi).toBe(false)
    expect(slow.plan.notes.join(' ')).toMatch(/no answer within 5 ms/)
  })

  it('never asks the model about a request the screen flagged', async () => {
    const ai = replay(() => answer())
    const outcome = await hybridPlan(ai, 'Write letters to everyone I love before I go', 'I won’t be around by the end of the month')
    expect(outcome.usedAi).toBe(false)
    expect(ai.calls).toBe(0)
  })
})
