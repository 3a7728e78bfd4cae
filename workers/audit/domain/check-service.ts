import { runAudit, isFailureReport, type AuditDeps } from './audit'
import type { Report } from '../schemas'
import type { RateLimiter } from '../../../shared/rate-limit/limiter'
import { cacheError, cacheReport, claimFreshRun, FRESH_COOLDOWN_SECONDS, readCached, type CachedEntry } from '../store'
import { domainFromInput } from './domain-input'
import { TargetError } from '../../../shared/net/errors'

export type CheckOutcome = { report: Report; cached: boolean }

/** A fresh run refused by the per-host cooldown while no cached report exists to show. */
export class CooldownError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`This domain was checked less than ${FRESH_COOLDOWN_SECONDS} seconds ago; retry in ${retryAfterSeconds} seconds.`)
  }
}

/**
 * One check as both the API and the view page run it: the cached report when fresh (its
 * `checked_at` is kept), otherwise a new audit, cached for 5 minutes (1 minute when the site
 * could not be reached or the name did not resolve). `fresh` skips the cache (Pro callers), but
 * at most once per host per 60 s, the Observatory's cooldown: within it the cached report is
 * served (CooldownError when there is none yet, e.g. while the first run is still going).
 * Throws TargetError for refused input. `options.cached` is the cache entry of the normalised
 * host when the caller has read it already (undefined: read it here).
 */
export async function checkDomain(
  input: string,
  deps: AuditDeps,
  env: { CACHE: KVNamespace; BASE_URL: string; RATE_LIMITER: DurableObjectNamespace<RateLimiter> },
  waitUntil: (p: Promise<unknown>) => void,
  options: { fresh?: boolean; cached?: CachedEntry | null } = {}
): Promise<CheckOutcome> {
  const host = domainFromInput(input)
  const now = deps.now()
  const cached = options.cached !== undefined ? options.cached : await readCached(env.CACHE, host, now)
  const served = (): CheckOutcome => {
    if (cached && 'error' in cached) throw new TargetError(cached.error.code as TargetError['code'], cached.error.message)
    return { report: cached!.report, cached: true }
  }
  if (cached && !options.fresh) return served()
  if (options.fresh && deps.freshCooldown !== false) {
    const recent = cached && 'report' in cached && now.getTime() - Date.parse(cached.report.checked_at) < FRESH_COOLDOWN_SECONDS * 1000
    if (recent) return served()
    const claim = await claimFreshRun(env.RATE_LIMITER, host, now)
    if (!claim.allowed) {
      if (cached) return served()
      throw new CooldownError(claim.retryAfterSeconds)
    }
  }
  try {
    const report = await runAudit(host, deps, { baseUrl: env.BASE_URL })
    waitUntil(cacheReport(env.CACHE, report, isFailureReport(report), deps.now()))
    return { report, cached: false }
  } catch (err) {
    // Only answers that came from DNS are worth remembering; a resolver outage is retried.
    if (err instanceof TargetError && (err.code === 'DOMAIN_NOT_FOUND' || err.code === 'DOMAIN_NOT_PUBLIC')) {
      const status = err.code === 'DOMAIN_NOT_FOUND' ? 422 : 400
      waitUntil(cacheError(env.CACHE, host, { status, code: err.code, message: err.message }, deps.now()))
    }
    throw err
  }
}

/** HTTP status of each refusal (DECISIONS.md, "F: HTTPS audit"). */
export const TARGET_STATUS = {
  INVALID_DOMAIN: 400,
  DOMAIN_NOT_PUBLIC: 400,
  DOMAIN_NOT_FOUND: 422,
  DNS_UNAVAILABLE: 503,
} as const
