import { runAudit, isFailureReport, type AuditDeps } from './audit'
import type { Report } from './schemas'
import { cacheError, cacheReport, readCached } from './store'
import { normalizeHostname } from '../../shared/net/hostname'
import { TargetError } from '../../shared/net/errors'

export type CheckOutcome = { report: Report; cached: boolean }

/**
 * One check as both the API and the view page run it: the cached report when fresh (its
 * `checked_at` is kept), otherwise a new audit, cached for 5 minutes (1 minute when the site
 * could not be reached or the name did not resolve). `fresh` skips the cache (Pro callers).
 * Throws TargetError for refused input.
 */
export async function checkDomain(
  input: string,
  deps: AuditDeps,
  env: { CACHE: KVNamespace; BASE_URL: string },
  waitUntil: (p: Promise<unknown>) => void,
  options: { fresh?: boolean } = {}
): Promise<CheckOutcome> {
  const host = normalizeHostname(input)
  const cached = options.fresh ? null : await readCached(env.CACHE, host, deps.now())
  if (cached) {
    if ('error' in cached) throw new TargetError(cached.error.code as TargetError['code'], cached.error.message)
    return { report: cached.report, cached: true }
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
