import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { keyringOf, openSecret } from '../../shared/webhooks/secret-box'
import { deliverAndVerify, endpointCount, expectSealedAtRest, insertLegacyEndpoint, storedSecret } from '../helpers/webhook-secrets'
import { monitoringWorld, proKey } from './helpers/monitoring'

// Issue 34 §5: monitor alert webhooks keep their signing secrets sealed in audit's D1.
const w = monitoringWorld()
const EVENTS = ['audit.grade_changed']

async function register(key: string, bindings: object = env) {
  const ctx = createExecutionContext()
  const res = await w.app.request(
    '/api/v1/webhooks',
    {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'cf-connecting-ip': '198.51.100.78' },
      body: JSON.stringify({ url: 'http://127.0.0.1:9/audit', events: EVENTS }),
    },
    bindings,
    ctx
  )
  await waitOnExecutionContext(ctx)
  return res
}

describe('audit webhook signing secrets at rest', () => {
  it('stores the secret sealed; an alert delivery verifies with the secret the client was shown', async () => {
    const { rawKey, id } = await proKey()
    const res = await register(rawKey)
    expect(res.status).toBe(201)
    const endpoint = (await res.json()) as { id: string; secret: string }
    await expectSealedAtRest(env.DB, endpoint.id, endpoint.secret)
    expect(await deliverAndVerify(env, { id: endpoint.id, owner: id }, 'audit.grade_changed', endpoint.secret)).toBe('valid')
  })

  it('answers 503 WEBHOOK_NOT_CONFIGURED without WEBHOOK_SECRET_KEY and stores nothing', async () => {
    const { rawKey, id } = await proKey()
    const res = await register(rawKey, { ...env, WEBHOOK_SECRET_KEY: undefined })
    expect(res.status).toBe(503)
    expect(((await res.json()) as { code: string }).code).toBe('WEBHOOK_NOT_CONFIGURED')
    expect(await endpointCount(env.DB, id)).toBe(0)
  })

  it('signs with an endpoint stored in plain text before migration 0020, then stores it sealed', async () => {
    const { id } = await proKey()
    const legacy = await insertLegacyEndpoint(env.DB, id, 'http://127.0.0.1:9/legacy', EVENTS)
    expect((await storedSecret(env.DB, legacy.id)).secret_key_id).toBeNull()
    expect(await deliverAndVerify(env, { id: legacy.id, owner: id }, 'audit.grade_changed', legacy.secret)).toBe('valid')
    const sealed = await expectSealedAtRest(env.DB, legacy.id, legacy.secret)
    expect(await deliverAndVerify(env, { id: legacy.id, owner: id }, 'audit.grade_changed', legacy.secret)).toBe('valid')
    expect(await storedSecret(env.DB, legacy.id)).toEqual(sealed)
  })

  it('seals a plain row once under parallel deliveries: every one verifies, and the stored value opens to the same secret', async () => {
    const { id } = await proKey()
    const legacy = await insertLegacyEndpoint(env.DB, id, 'http://127.0.0.1:9/parallel', EVENTS)
    const verdicts = await Promise.all(
      Array.from({ length: 6 }, () => deliverAndVerify(env, { id: legacy.id, owner: id }, 'audit.grade_changed', legacy.secret))
    )
    expect(verdicts).toEqual(Array(6).fill('valid'))
    const stored = await expectSealedAtRest(env.DB, legacy.id, legacy.secret)
    expect(await openSecret(await keyringOf(env), { id: legacy.id, owner_key_id: id, ...stored })).toBe(legacy.secret)
  })
})
