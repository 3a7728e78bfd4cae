import { describe, expect, it } from 'vitest'
import {
  fromBase64,
  fromBase64Url,
  fromHex,
  hmacSha256,
  sha256Hex,
  toBase64,
  toBase64Url,
  toHex,
  verifyHmacSha256,
} from '../../shared/crypto'

describe('shared byte helpers', () => {
  it('computes HMAC-SHA256 as RFC 4231 test case 2 gives it', async () => {
    const mac = await hmacSha256('Jefe', 'what do ya want for nothing?')
    expect(toHex(mac)).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843')
    expect(await verifyHmacSha256('Jefe', 'what do ya want for nothing?', mac)).toBe(true)
    const tampered = mac.slice()
    tampered[0] ^= 1
    expect(await verifyHmacSha256('Jefe', 'what do ya want for nothing?', tampered)).toBe(false)
    expect(await verifyHmacSha256('Jefe', 'what do ya want for something?', mac)).toBe(false)
  })

  it('hashes with SHA-256 (FIPS 180-2 "abc")', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })

  it('round-trips hex and base64url, and refuses what is neither', () => {
    const bytes = new Uint8Array([0, 1, 250, 251, 252, 253, 254, 255])
    expect(fromHex(toHex(bytes))).toEqual(bytes)
    expect(toBase64Url(bytes)).toBe('AAH6-_z9_v8')
    expect(fromBase64Url('AAH6-_z9_v8')).toEqual(bytes)
    expect(fromHex('abc')).toBeNull()
    expect(fromHex('zz')).toBeNull()
    expect(fromBase64Url('not base64!')).toBeNull()
    // Same bytes, but the last character's unused low bits set: not the canonical spelling.
    expect(fromBase64Url('AAH6-_z9_v9')).toBeNull()
    expect(fromBase64Url('AAH6-_z9_v8=')).toBeNull()
    expect(toBase64(bytes)).toBe('AAH6+/z9/v8=')
    expect(fromBase64('AAH6+/z9/v8=')).toEqual(bytes)
  })
})
