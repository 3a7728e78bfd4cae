import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import GUARD from '../../workers/decompose/domain/safety/guard.json'
import { guardTexts, type GuardRunner } from '../../workers/decompose/domain/safety/guard'
import { parseGuard } from '../../workers/decompose/domain/safety/guard-verdict'
import { DecomposeApiResponseSchema } from '../../workers/decompose/schemas'
import { issueTestKey } from '../helpers/keys'
import { createTestAccount } from './accounts'
import { app } from './app'

/**
 * Workers AI has no local simulation: these replay Llama Guard 3's documented answers
 * (developers.cloudflare.com/workers-ai/models/llama-guard-3-8b: `response` is "safe",
 * "unsafe\nS11", or `{ safe, categories }`), a malformed one, an error and one that never comes.
 */
function replay(answer: () => unknown | Promise<unknown>): GuardRunner & { seen: string[] } {
  const seen: string[] = []
  return {
    seen,
    async run(model, input) {
      expect(model).toBe(GUARD.model)
      seen.push(input.messages.map((m) => m.content).join('\n'))
      return answer()
    },
  }
}

describe('reading the guard model', () => {
  it.each([
    [{ response: 'safe' }, { safe: true }],
    [{ response: 'unsafe\nS11' }, { safe: false, categories: ['S11'] }],
    [{ response: 'unsafe\nS1,S10' }, { safe: false, categories: ['S1', 'S10'] }],
    [{ response: { safe: false, categories: ['S7'] } }, { safe: false, categories: ['S7'] }],
    [{ response: { safe: true } }, { safe: true }],
  ])('%j → %j', (answer, verdict) => {
    expect(parseGuard(answer)).toEqual(verdict)
  })

  it.each([[{ response: 'I think this is fine' }], [{ response: 'unsafe\nbanana' }], [{}], [null], ['safe'], [{ response: 42 }]])(
    'malformed %j → null (rules alone)',
    (answer) => {
      expect(parseGuard(answer)).toBeNull()
    }
  )

  it('a model that never answers times out to the rules alone', async () => {
    const outcome = await guardTexts(
      replay(() => new Promise(() => {})),
      ['text'],
      20
    )
    expect(outcome).toEqual({ verdict: null, reason: 'timeout' })
  })

  it('an error is a fallback, not a failure', async () => {
    const outcome = await guardTexts(
      replay(() => {
        throw new Error('3040: capacity')
      }),
      ['text']
    )
    expect(outcome).toEqual({ verdict: null, reason: 'error' })
  })
})

describe('the guard through the API: the stricter answer wins', () => {
  afterEach(() => vi.restoreAllMocks())

  async function call(ai: GuardRunner, body: unknown) {
    const account = await createTestAccount('paid')
    const { rawKey } = await issueTestKey(env.DB, 'decompose', 'paid', { accountId: account.id })
    return app.request(
      '/api/v1/decompose',
      { method: 'POST', headers: { authorization: `Bearer ${rawKey}`, 'content-type': 'application/json' }, body: JSON.stringify(body) },
      { ...env, AI: ai, RATE_LIMIT_PER_MINUTE: '1000000' }
    )
  }

  it('"unsafe\\nS11" on wording the rules miss: the crisis plan', async () => {
    const ai = replay(() => ({ response: 'unsafe\nS11' }))
    const res = await call(ai, { goal: 'Learn to juggle', context: 'three balls' })
    const r = DecomposeApiResponseSchema.parse(await res.json())
    expect(r.safety.level).toBe('crisis')
    expect(r.domain).toBe('support')
    expect(ai.seen[0]).toContain('Learn to juggle')
  })

  it('"unsafe\\nS7" (privacy): refused, with the constructive plan', async () => {
    const r = DecomposeApiResponseSchema.parse(
      await (
        await call(
          replay(() => ({ response: 'unsafe\nS7' })),
          { goal: 'Plan a trip' }
        )
      ).json()
    )
    expect(r.safety.level).toBe('refuse')
    expect(r.safety.categories).toContain('harm-to-others')
  })

  it('"safe" never lowers what the rules found (the model is not the only gate)', async () => {
    const r = DecomposeApiResponseSchema.parse(
      await (
        await call(
          replay(() => ({ response: 'safe' })),
          { goal: 'I want to end it all' }
        )
      ).json()
    )
    expect(r.safety.level).toBe('crisis')
  })

  it('malformed or slow answers fall back to the rules and are logged without the text', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const res = await call(
      replay(() => ({ response: 'maybe?' })),
      { goal: 'Run my first 5K', context: 'my secret health detail' }
    )
    expect(res.status).toBe(200)
    expect((await res.json<{ safety: { level: string } }>()).safety.level).toBe('none')
    const logged = warn.mock.calls.flat().join(' ')
    expect(logged).toMatch(/guard malformed/)
    expect(logged).not.toMatch(/5K|secret health/)
  })
})
