import type { Context, MiddlewareHandler } from 'hono'
import { apiKeyAuth, readKey } from '../../shared/auth'
import { findActiveKey } from '../../shared/key-store'
import { KEY_SERVICES, looksLikeKey, type ApiKeyRow } from '../../shared/keys'
import { clientIp, rateLimit } from '../../shared/rate-limit/middleware'
import type { AppEnv } from './env'

const PREFIX = KEY_SERVICES.screening.prefix

const enforced = apiKeyAuth<AppEnv>({ prefix: PREFIX, from: 'x-api-key', required: true })

/**
 * Partner keys travel in `x-api-key`. With REQUIRE_API_KEY=true a missing, unknown or
 * revoked key is a 401. Until then the spec tells clients to send the header already, so a
 * value that is not an issued key (a placeholder) is ignored rather than refused, while a
 * real key still identifies the partner.
 */
export const partnerKey: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.env.REQUIRE_API_KEY === 'true') return enforced(c, next)
  const raw = readKey(c, 'x-api-key')
  c.set('apiKey', raw && looksLikeKey(raw, PREFIX) ? await findActiveKey(c.env.DB, raw) : null)
  return next()
}

const isPartner = (c: Context<AppEnv>) => c.var.apiKey !== null

/**
 * The partner a key belongs to (issue 34 §4): partners own screenings, properties, webhooks
 * and embeds; keys come and go. A key issued without a partner (before migration 0011, or
 * by a test helper) is its own partner, with the key's id as the partner id, which is what
 * migration 0011 made of every older key.
 */
export function partnerIdOf(key: ApiKeyRow): string {
  return key.account_id ?? key.id
}

/** The calling partner's id, or null without a key. */
export const partnerOf = (c: Context<AppEnv>): string | null => (c.var.apiKey ? partnerIdOf(c.var.apiKey) : null)

/**
 * Requests without a partner key are limited per client IP; partners, who hold a contract
 * and a key, are not limited here.
 */
export function anonymousLimit(scope: string, limit: number, windowSeconds: number): MiddlewareHandler<AppEnv> {
  return rateLimit<AppEnv>({
    scope,
    limit,
    windowSeconds,
    key: (c) => clientIp(c),
    markers: (c) => c.env.CACHE,
    skip: isPartner,
  })
}
