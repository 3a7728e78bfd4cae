import { env } from 'cloudflare:workers'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { sha256Hex } from '../../shared/keys'
import { app } from './app'
import { planGoal } from '../../workers/decompose/domain/planner/index'
import { DecomposeApiResponseSchema, DecomposeResponseSchema } from '../../workers/decompose/schemas'
import { issueTestKey } from '../helpers/keys'
import { createTestAccount } from './accounts'

const URL_ = '/api/v1/decompose'

function post(key: string | null, body: unknown, extra: RequestInit = {}, bindings: object = env) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (key) headers.authorization = `Bearer ${key}`
  return app.request(URL_, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body), ...extra }, bindings)
}

async function paidKey() {
  const account = await createTestAccount('paid')
  return (await issueTestKey(env.DB, 'decompose', 'paid', { accountId: account.id })).rawKey
}

describe('POST /api/v1/decompose', () => {
  it('returns the plan: 200, 14 days, the documented shape, the same plan every time', async () => {
    const key = await paidKey()
    const body = { goal: '  Run my first 5K ', context: 'beginner, 30 minutes a day' }
    const res = await post(key, body)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('ratelimit-limit')).toBe('10')
    expect(res.headers.get('ratelimit-remaining')).toBe('9')
    const plan = DecomposeApiResponseSchema.parse(await res.json())
    expect(plan.goal).toBe('Run my first 5K')
    expect(plan.cycle_length_days).toBe(14)
    expect(plan.first_cycle_actions.map((a) => a.day)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14])
    // The API adds the plan's id (issue 18 §4) to exactly what the planner makes.
    const { plan_id, ...rest } = plan
    expect(plan_id).toMatch(/^pln_[0-9a-f]{32}$/)
    expect(rest).toEqual(planGoal('Run my first 5K', 'beginner, 30 minutes a day'))
    expect(await (await post(key, body)).json()).toEqual(plan)
  })

  it('accepts a missing or null context', async () => {
    const key = await paidKey()
    for (const body of [{ goal: 'Learn Spanish' }, { goal: 'Learn Spanish', context: null }]) {
      const res = await post(key, body)
      expect(res.status).toBe(200)
      expect((await res.json<{ domain: string }>()).domain).toBe('language')
    }
  })

  it('records when a key was last used', async () => {
    const account = await createTestAccount('paid')
    const { rawKey, id } = await issueTestKey(env.DB, 'decompose', 'paid', { accountId: account.id })
    expect((await post(rawKey, { goal: 'sleep better' })).status).toBe(200)
    const row = await env.DB.prepare('SELECT last_used_at FROM api_keys WHERE id = ?').bind(id).first<{ last_used_at: string }>()
    expect(row?.last_used_at).toMatch(/^\d{4}-\d{2}-\d{2}T/)
  })

  describe('401 UNAUTHORIZED', () => {
    it.each([
      ['no Authorization header', null],
      ['a malformed key', 'dcmp_short'],
      ['another service’s prefix', 'sds_live_0123456789abcdefghijABCDEFGHIJ01'],
      ['an unknown key', 'dcmp_0123456789abcdefghijABCDEFGHIJ01'],
    ])('for %s', async (_, key) => {
      const res = await post(key, { goal: 'Run a 5K' })
      expect(res.status).toBe(401)
      const body = await res.json<{ code: string; error: string }>()
      expect(body.code).toBe('UNAUTHORIZED')
      expect(body.error).toMatch(/dcmp_/)
    })

    it('for a revoked key', async () => {
      const key = await paidKey()
      await env.DB.prepare('UPDATE api_keys SET revoked_at = ? WHERE key_hash = ?')
        .bind(new Date().toISOString(), await sha256Hex(key))
        .run()
      expect((await post(key, { goal: 'Run a 5K' })).status).toBe(401)
    })

    it('for a key on the free plan, or whose account went back to free', async () => {
      const free = await issueTestKey(env.DB, 'decompose', 'free')
      const res = await post(free.rawKey, { goal: 'Run a 5K' })
      expect(res.status).toBe(401)
      expect((await res.json<{ error: string }>()).error).toMatch(/paid plan/)

      const account = await createTestAccount('paid')
      const { rawKey } = await issueTestKey(env.DB, 'decompose', 'paid', { accountId: account.id })
      expect((await post(rawKey, { goal: 'Run a 5K' })).status).toBe(200)
      await env.DB.prepare("UPDATE accounts SET plan = 'free' WHERE id = ?").bind(account.id).run()
      expect((await post(rawKey, { goal: 'Run a 5K' })).status).toBe(401)
    })

    it('comes before body errors', async () => {
      expect((await post(null, '{not json')).status).toBe(401)
    })
  })

  describe('400 and other body errors', () => {
    it('400 INVALID_JSON for a body that is not JSON', async () => {
      const res = await post(await paidKey(), '{"goal": "Run')
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ code: 'INVALID_JSON' })
    })

    it.each([
      ['no goal', {}, 'goal'],
      ['a goal too short after trimming', { goal: '  ab  ' }, 'goal'],
      ['a goal over 500 characters', { goal: 'x'.repeat(501) }, 'goal'],
      ['a goal that is not a string', { goal: 42 }, 'goal'],
      ['a context over 2000 characters', { goal: 'Run a 5K', context: 'y'.repeat(2001) }, 'context'],
      ['a context that is not a string', { goal: 'Run a 5K', context: ['beginner'] }, 'context'],
      ['an array body', [], '(root)'],
    ])('400 INVALID_BODY with issues for %s', async (_, body, path) => {
      const res = await post(await paidKey(), body)
      expect(res.status).toBe(400)
      const err = await res.json<{ code: string; error: string; issues: Array<{ path: string; message: string }> }>()
      expect(err.code).toBe('INVALID_BODY')
      expect(err.issues.map((i) => i.path)).toContain(path)
      expect(err.error).toMatch(/Invalid request/)
    })

    it('415 UNSUPPORTED_MEDIA_TYPE for a body that is not JSON by Content-Type', async () => {
      const res = await app.request(
        URL_,
        { method: 'POST', headers: { authorization: `Bearer ${await paidKey()}`, 'content-type': 'text/plain' }, body: 'Run a 5K' },
        env
      )
      expect(res.status).toBe(415)
      expect(await res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' })
    })

    it('413 PAYLOAD_TOO_LARGE over 16 KiB', async () => {
      const res = await post(await paidKey(), { goal: 'Run a 5K', padding: 'z'.repeat(17 * 1024) })
      expect(res.status).toBe(413)
      expect(await res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
    })

    it('never answers 500, whatever JSON is sent', async () => {
      const key = await paidKey()
      const unlimited = { ...env, RATE_LIMIT_PER_MINUTE: '100000' }
      const value = fc.oneof(
        fc.jsonValue(),
        fc.record(
          {
            goal: fc.oneof(fc.string({ unit: 'grapheme' }), fc.jsonValue()),
            context: fc.oneof(fc.string({ unit: 'grapheme', maxLength: 2100 }), fc.jsonValue()),
          },
          { requiredKeys: [] }
        )
      )
      await fc.assert(
        fc.asyncProperty(value, async (body) => {
          const res = await post(key, JSON.stringify(body), {}, unlimited)
          expect([200, 400]).toContain(res.status)
          if (res.status === 200) DecomposeResponseSchema.parse(await res.json())
          else expect(await res.json()).toMatchObject({ code: 'INVALID_BODY' })
        }),
        { numRuns: 60 }
      )
    })
  })

  it('429 RATE_LIMITED past 10 requests a minute, exactly, under parallel requests', async () => {
    const key = await paidKey()
    const responses = await Promise.all(Array.from({ length: 15 }, (_, i) => post(key, { goal: `Learn Italian, attempt ${i}` })))
    const statuses = responses.map((r) => r.status).sort()
    expect(statuses.filter((s) => s === 200)).toHaveLength(10)
    expect(statuses.filter((s) => s === 429)).toHaveLength(5)
    const limited = responses.find((r) => r.status === 429)!
    const retry = Number(limited.headers.get('retry-after'))
    expect(retry).toBeGreaterThanOrEqual(1)
    expect(retry).toBeLessThanOrEqual(60)
    expect(limited.headers.get('ratelimit-limit')).toBe('10')
    expect(limited.headers.get('ratelimit-remaining')).toBe('0')
    expect(await limited.json()).toMatchObject({ code: 'RATE_LIMITED', retry_after_seconds: retry })

    // The limit is per key: another key of the same account is unaffected.
    expect((await post(await paidKey(), { goal: 'Learn Italian' })).status).toBe(200)
  })
})

describe('documentation', () => {
  it('documents the endpoint, its security and its errors in /openapi.json', async () => {
    const doc = await (await app.request('/openapi.json', {}, env)).json<any>()
    const op = doc.paths['/api/v1/decompose'].post
    expect(op.security).toEqual([{ bearerAuth: [] }])
    expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '401', '413', '415', '429'])
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(doc.components.schemas.DecomposeResponse.required).toEqual(
      expect.arrayContaining(['goal', 'actions', 'cycle_length_days', 'first_cycle_actions'])
    )
    expect(doc.paths['/dashboard'].get).toBeDefined()
  })

  it('serves /docs and /healthz', async () => {
    expect((await app.request('/docs', {}, env)).status).toBe(200)
    expect(await (await app.request('/healthz', {}, env)).json()).toEqual({ ok: true })
  })
})
