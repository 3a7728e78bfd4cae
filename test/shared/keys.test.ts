import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { findActiveKey } from '../../shared/key-store'
import { generateKey, randomBase62, sha256Hex, looksLikeKey } from '../../shared/keys'
import { issueTestKey } from '../helpers/keys'

describe('API keys', () => {
  it('generates prefix + 32 base62 characters, all different', () => {
    const keys = new Set(Array.from({ length: 200 }, () => generateKey('drop_pro_')))
    expect(keys.size).toBe(200)
    for (const k of keys) expect(k).toMatch(/^drop_pro_[0-9A-Za-z]{32}$/)
  })

  it('draws base62 characters uniformly', () => {
    const counts = new Map<string, number>()
    const sample = randomBase62(62_000)
    for (const ch of sample) counts.set(ch, (counts.get(ch) ?? 0) + 1)
    expect(counts.size).toBe(62)
    // Each character expects 1000 hits; modulo bias would push the first 8 to ~1290.
    for (const n of counts.values()) expect(n).toBeGreaterThan(820)
    for (const n of counts.values()) expect(n).toBeLessThan(1180)
  })

  it('hashes with SHA-256', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })

  it('stores only the hash and finds the key by it', async () => {
    const { rawKey, id } = await issueTestKey(env.DB, 'drop', 'pro', { email: 'a@example.com' })
    const stored = await env.DB.prepare('SELECT * FROM api_keys WHERE id = ?').bind(id).first<Record<string, unknown>>()
    expect(Object.values(stored ?? {})).not.toContain(rawKey)
    expect(stored?.key_hash).toBe(await sha256Hex(rawKey))
    expect(stored?.key_prefix).toBe(rawKey.slice(0, 13))
    expect((await findActiveKey(env.DB, rawKey))?.id).toBe(id)
    expect(await findActiveKey(env.DB, rawKey.slice(0, -1) + (rawKey.endsWith('A') ? 'B' : 'A'))).toBeNull()
  })

  it('does not find a revoked key', async () => {
    const { rawKey, id } = await issueTestKey(env.DB, 'drop', 'pro')
    await env.DB.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ?').bind(new Date().toISOString(), id).run()
    expect(await findActiveKey(env.DB, rawKey)).toBeNull()
  })

  it('recognises the shape of a key before any lookup', () => {
    expect(looksLikeKey(generateKey('dcmp_'), 'dcmp_')).toBe(true)
    expect(looksLikeKey('dcmp_short', 'dcmp_')).toBe(false)
    expect(looksLikeKey(generateKey('sds_live_'), 'dcmp_')).toBe(false)
  })
})
