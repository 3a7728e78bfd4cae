import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { Resolver } from '../../shared/net/dns'
import { DISABLE_AFTER_DAYS, MAX_ATTEMPTS, RETRY_DELAYS_SECONDS, failingTooLong, retryDelay } from '../../shared/webhooks/schedule'
import { WebhookKeyError, keyringOf, needsSealing, openSecret, sealSecret } from '../../shared/webhooks/secret-box'
import { generateSecret, sign, signedHeaders } from '../../shared/webhooks/signing'
import { validateWebhookUrl } from '../../shared/webhooks/target'

describe('Standard Webhooks signatures', () => {
  it('reproduces the specification’s published test vector', async () => {
    // standard-webhooks/standard-webhooks spec: secret, id, timestamp, body and signature.
    const signature = await sign(
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      1614265330,
      '{"test": 2432232314}'
    )
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=')
  })

  it('sends the three headers, signed over id.timestamp.body', async () => {
    const h = await signedHeaders(
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      1614265330,
      '{"test": 2432232314}'
    )
    expect(h).toEqual({
      'content-type': 'application/json',
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    })
    const other = await signedHeaders(
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      1614265331,
      '{"test": 2432232314}'
    )
    expect(other['webhook-signature']).not.toBe(h['webhook-signature'])
  })

  it('makes whsec_ secrets of 32 random bytes, never twice the same', () => {
    const a = generateSecret()
    const b = generateSecret()
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(atob(a.slice(6))).toHaveLength(32)
    expect(a).not.toBe(b)
  })
})

describe('retry schedule', () => {
  it('retries first within 30 s and keeps trying for more than 24 h, each delay within the 12 h a queue allows', () => {
    expect(retryDelay(1)).toBeLessThanOrEqual(30)
    const total = RETRY_DELAYS_SECONDS.reduce((a, b) => a + b, 0)
    expect(total).toBeGreaterThanOrEqual(24 * 3600)
    for (const d of RETRY_DELAYS_SECONDS) expect(d).toBeLessThanOrEqual(12 * 3600)
    for (let i = 1; i < RETRY_DELAYS_SECONDS.length; i++)
      expect(RETRY_DELAYS_SECONDS[i]).toBeGreaterThanOrEqual(RETRY_DELAYS_SECONDS[i - 1])
    expect(retryDelay(MAX_ATTEMPTS - 1)).not.toBeNull()
    expect(retryDelay(MAX_ATTEMPTS)).toBeNull()
  })

  it(`disables after ${DISABLE_AFTER_DAYS} days of failures, not before`, () => {
    const since = '2026-11-01T00:00:00.000Z'
    expect(failingTooLong(null, new Date('2027-01-01T00:00:00Z'))).toBe(false)
    expect(failingTooLong(since, new Date('2026-11-05T23:59:59Z'))).toBe(false)
    expect(failingTooLong(since, new Date('2026-11-06T00:00:00Z'))).toBe(true)
  })
})

describe('webhook target URLs (shared/net, like the audit service)', () => {
  const zone: Record<string, string[]> = { 'hooks.example.com': ['93.184.215.14'], 'rebind.example.com': ['93.184.215.14', '192.168.0.10'] }
  const resolve: Resolver = async (name) => (zone[name] ? { status: 'ok', addresses: zone[name] } : { status: 'nxdomain', addresses: [] })

  it.each(['https://hooks.example.com/a?b=c', 'https://93.184.215.14/hook', 'https://HOOKS.example.com./x'])('accepts %s', async (url) => {
    await expect(validateWebhookUrl(url, { resolve, allowLocal: false })).resolves.toBeInstanceOf(URL)
  })

  it.each([
    ['http://hooks.example.com/', 'INVALID_DOMAIN'],
    ['https://127.0.0.1/', 'DOMAIN_NOT_PUBLIC'],
    ['https://169.254.169.254/latest/meta-data', 'DOMAIN_NOT_PUBLIC'],
    ['https://[fd00::1]/', 'DOMAIN_NOT_PUBLIC'],
    ['https://0x7f.1/', 'DOMAIN_NOT_PUBLIC'],
    ['https://rebind.example.com/', 'DOMAIN_NOT_PUBLIC'],
    ['https://printer.local/', 'DOMAIN_NOT_PUBLIC'],
    ['https://missing.example.com/', 'DOMAIN_NOT_FOUND'],
    ['ftp://hooks.example.com/', 'INVALID_DOMAIN'],
    ['http://127.0.0.1:9000/hook', 'INVALID_DOMAIN'],
  ])('refuses %s (%s)', async (url, code) => {
    await expect(validateWebhookUrl(url, { resolve, allowLocal: false })).rejects.toMatchObject({ code })
  })

  it('allows only http://127.0.0.1:<port> in local mode, nothing else private', async () => {
    await expect(validateWebhookUrl('http://127.0.0.1:9000/hook', { resolve, allowLocal: true })).resolves.toBeInstanceOf(URL)
    await expect(validateWebhookUrl('http://127.0.0.1/hook', { resolve, allowLocal: true })).rejects.toMatchObject({
      code: 'INVALID_DOMAIN',
    })
    await expect(validateWebhookUrl('http://10.0.0.1:9000/hook', { resolve, allowLocal: true })).rejects.toMatchObject({
      code: 'INVALID_DOMAIN',
    })
    await expect(validateWebhookUrl('http://localhost:9000/hook', { resolve, allowLocal: true })).rejects.toMatchObject({
      code: 'INVALID_DOMAIN',
    })
  })
})

describe('docs/webhooks.md worked example', () => {
  it('is what our signer produces', async () => {
    const body =
      '{"id":"evt_2b6e1f0c9d8a4e7f8a1b3c5d7e9f0a12","type":"sds.bulk.completed","created_at":"2026-11-18T11:06:40.000Z","data":{"job_id":"job_7d3c0e5a1b2f4c6d8e9f0a1b2c3d4e5f","status":"completed","total":2,"succeeded":1,"failed":1,"pending":0,"status_url":"https://sds.example.com/api/v1/sds/bulk/job_7d3c0e5a1b2f4c6d8e9f0a1b2c3d4e5f","completed_at":"2026-11-18T11:06:38.000Z"}}'
    expect(await sign('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'evt_2b6e1f0c9d8a4e7f8a1b3c5d7e9f0a12', 1795000000, body)).toBe(
      'v1,Z5XkDVb6FRwjSrXsHs+2lcHaor69dJg3dwzKc4FZavE='
    )
  })
})

describe('signing secrets sealed at rest (secret-box)', () => {
  const row = { id: 'we_1', owner_key_id: 'key_a' }
  const OTHER_KEY = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))

  it('seals with AES-GCM under the configured key and opens to the same secret; never the same bytes twice', async () => {
    const ring = await keyringOf(env)
    const secret = generateSecret()
    const a = await sealSecret(ring, row, secret)
    const b = await sealSecret(ring, row, secret)
    expect(a.secret).not.toContain(secret.slice(6, 20))
    expect(a.secret).not.toBe(b.secret)
    expect(a.secret.split('.')[0]).not.toBe(b.secret.split('.')[0])
    expect(atob(a.secret.split('.')[0])).toHaveLength(12)
    expect(a.secret_key_id).toMatch(/^[0-9a-f]{16}$/)
    expect(await openSecret(ring, { ...row, ...a })).toBe(secret)
    expect(await openSecret(ring, { ...row, ...b })).toBe(secret)
    expect(needsSealing(ring, a)).toBe(false)
  })

  it('refuses a sealed value copied onto another endpoint or another owner, and a tampered one', async () => {
    const ring = await keyringOf(env)
    const sealed = await sealSecret(ring, row, generateSecret())
    await expect(openSecret(ring, { ...sealed, id: 'we_2', owner_key_id: 'key_a' })).rejects.toBeInstanceOf(WebhookKeyError)
    await expect(openSecret(ring, { ...sealed, id: 'we_1', owner_key_id: 'key_b' })).rejects.toBeInstanceOf(WebhookKeyError)
    const [iv, data] = sealed.secret.split('.')
    const flipped = `${iv}.${data[0] === 'A' ? 'B' : 'A'}${data.slice(1)}`
    await expect(openSecret(ring, { ...row, ...sealed, secret: flipped })).rejects.toBeInstanceOf(WebhookKeyError)
  })

  it('reads a plain whsec_ row from before encryption, and says it is to be sealed', async () => {
    const ring = await keyringOf(env)
    const legacy = { ...row, secret: generateSecret(), secret_key_id: null }
    expect(await openSecret(ring, legacy)).toBe(legacy.secret)
    expect(needsSealing(ring, legacy)).toBe(true)
  })

  it('rotates: a value under the previous key still opens and is to be sealed again; one under a forgotten key is refused', async () => {
    const old = await keyringOf({ WEBHOOK_SECRET_KEY: OTHER_KEY })
    const secret = generateSecret()
    const sealed = await sealSecret(old, row, secret)
    const rotated = await keyringOf({ WEBHOOK_SECRET_KEY: env.WEBHOOK_SECRET_KEY, WEBHOOK_SECRET_KEY_PREVIOUS: OTHER_KEY })
    expect(rotated.current.id).not.toBe(old.current.id)
    expect(await openSecret(rotated, { ...row, ...sealed })).toBe(secret)
    expect(needsSealing(rotated, sealed)).toBe(true)
    const forgotten = await keyringOf(env)
    await expect(openSecret(forgotten, { ...row, ...sealed })).rejects.toThrow(/neither WEBHOOK_SECRET_KEY nor/)
  })

  it.each([
    ['missing', undefined, /is not set/],
    ['empty', '', /is not set/],
    ['not base64', 'not a key!', /32 random bytes/],
    ['16 bytes', btoa('0123456789abcdef'), /32 random bytes/],
  ])('refuses a %s key with a configuration error', async (_, value, message) => {
    await expect(keyringOf({ WEBHOOK_SECRET_KEY: value })).rejects.toThrow(message)
    await expect(keyringOf({ WEBHOOK_SECRET_KEY: value })).rejects.toBeInstanceOf(WebhookKeyError)
  })
})
