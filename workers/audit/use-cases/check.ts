import { DomainError } from '../../../shared/errors'
import { TargetError } from '../../../shared/net/errors'
import { isFailureReport, runAudit } from '../domain/audit'
import type { AuditPorts } from '../env'
import { AUDIT_STATUS } from '../policy'
import type { Report } from '../schemas'
import { cacheError, cacheReport, claimFreshRun, FRESH_COOLDOWN_SECONDS } from '../store'

export type CheckOutcome = { report: Report; cached: boolean }

/** A fresh run refused by the per-host cooldown while no cached report exists to show (429 in AUDIT_STATUS). */
export function cooldownRefusal(retryAfterSeconds: number): DomainError {
  return new DomainError(
    'RATE_LIMITED',
    `This domain was checked less than ${FRESH_COOLDOWN_SECONDS} seconds ago; retry in ${retryAfterSeconds} seconds.`,
    { retry_after_seconds: retryAfterSeconds }
  )
}

/**
 * The one check path of the API, the view page, and the monitors' queue consumer. `host` is
 * the normalised host (domainFromInput, once, by the caller); the public-address gate and
 * everything after it run here. The cached report when fresh (its `checked_at` is kept),
 * otherwise a new audit, cached for 5 minutes (1 minute when the site could not be reached or
 * the name did not resolve). `fresh` skips the cache (Pro callers), but at most once per host
 * per 60 s, the Observatory's cooldown: within it the cached report is served (a RATE_LIMITED
 * refusal when there is none yet, e.g. while the first run is still going). Throws TargetError
 * for refused targets.
 */
export async function checkHost(ports: AuditPorts, host: string, options: { fresh?: boolean } = {}): Promise<CheckOutcome> {
  const now = ports.now()
  const cached = await ports.reports.read(host)
  const served = (): CheckOutcome => {
    if (cached && 'error' in cached) throw new TargetError(cached.error.code as TargetError['code'], cached.error.message)
    return { report: cached!.report, cached: true }
  }
  if (cached && !options.fresh) return served()
  if (options.fresh && ports.tuning.freshCooldown !== false) {
    const recent = cached && 'report' in cached && now.getTime() - Date.parse(cached.report.checked_at) < FRESH_COOLDOWN_SECONDS * 1000
    if (recent) return served()
    const claim = await claimFreshRun(ports.limiters, host, now)
    if (!claim.allowed) {
      if (cached) return served()
      throw cooldownRefusal(claim.retryAfterSeconds)
    }
  }
  try {
    const report = await runAudit(
      host,
      { fetcher: ports.fetcher, resolver: ports.resolver, connectTls: ports.sockets, now: ports.now, ...ports.tuning },
      { baseUrl: ports.baseUrl }
    )
    ports.defer(cacheReport(ports.kv, report, isFailureReport(report), ports.now()))
    return { report, cached: false }
  } catch (err) {
    // Only answers that came from DNS are worth remembering; a resolver outage is retried.
    if (err instanceof TargetError && (err.code === 'DOMAIN_NOT_FOUND' || err.code === 'DOMAIN_NOT_PUBLIC')) {
      const status = AUDIT_STATUS[err.code]
      ports.defer(cacheError(ports.kv, host, { status, code: err.code, message: err.message }, ports.now()))
    }
    throw err
  }
}
