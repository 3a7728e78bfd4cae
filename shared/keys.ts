import { sha256Hex } from './crypto'
/**
 * API keys: `prefix + 32 base62 characters` drawn from `crypto.getRandomValues` with
 * rejection sampling (no modulo bias). Only the SHA-256 hash is stored; a key is found by
 * looking its hash up, never by comparing raw keys. Runs in workerd and in Node ≥ 20.
 */
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
// 62 * 4 = 248: bytes at or above it are redrawn so every character is equally likely.
const UNBIASED_LIMIT = 248

export function randomBase62(length: number): string {
  let out = ''
  while (out.length < length) {
    // getRandomValues takes at most 64 KiB per call.
    const bytes = crypto.getRandomValues(new Uint8Array(Math.min(65_536, (length - out.length) * 2)))
    for (const b of bytes) {
      if (b < UNBIASED_LIMIT) out += BASE62[b % 62]
      if (out.length === length) break
    }
  }
  return out
}

export function generateKey(prefix: string): string {
  return prefix + randomBase62(32)
}

// Keys are stored as their SHA-256 (hex); the helper lives with the other byte helpers.
export { sha256Hex }

/** The part of a key safe to show in listings: the prefix plus four characters. */
export function displayPrefix(key: string, prefix: string): string {
  return key.slice(0, prefix.length + 4)
}

export function looksLikeKey(value: string, prefix: string): boolean {
  return value.length === prefix.length + 32 && value.startsWith(prefix) && /^[0-9A-Za-z]{32}$/.test(value.slice(prefix.length))
}

/** Key prefixes and plans per keyed service (DECISIONS.md). */
export const KEY_SERVICES = {
  sds: { prefix: 'sds_live_', plans: ['trial', 'standard', 'pro', 'enterprise'] },
  decompose: { prefix: 'dcmp_', plans: ['free', 'paid'] },
  drop: { prefix: 'drop_pro_', plans: ['pro'] },
  audit: { prefix: 'audit_pro_', plans: ['pro'] },
  screening: { prefix: 'scrn_live_', plans: ['partner'] },
  // Market-data tokens (issue 22): higher rate limit and multi-year ranges; data stays open.
  'market-data': { prefix: 'mkt_', plans: ['standard'] },
} as const

export type KeyService = keyof typeof KEY_SERVICES

/** Builds a new key and the row that stores it; the raw key is returned once, never stored. */
export async function newKeyRecord(input: {
  service: KeyService
  plan: string
  email?: string | null
  accountId?: string | null
  now: Date
}): Promise<{ rawKey: string; row: ApiKeyRow }> {
  const { prefix } = KEY_SERVICES[input.service]
  const rawKey = generateKey(prefix)
  return {
    rawKey,
    row: {
      id: crypto.randomUUID(),
      key_hash: await sha256Hex(rawKey),
      key_prefix: displayPrefix(rawKey, prefix),
      service: input.service,
      plan: input.plan,
      email: input.email ?? null,
      account_id: input.accountId ?? null,
      created_at: input.now.toISOString(),
      last_used_at: null,
      revoked_at: null,
    },
  }
}

/** A row of the `api_keys` table every keyed service's database has (see migrations/). */
export type ApiKeyRow = {
  id: string
  key_hash: string
  key_prefix: string
  service: string
  plan: string
  email: string | null
  account_id: string | null
  created_at: string
  last_used_at: string | null
  revoked_at: string | null
}
