import { isFailureReport } from '../audit'
import type { Report } from '../../schemas'
import { GRADES } from '../scoring'
import { ALERT_CONDITIONS, type AlertCondition, type AuditEvent } from './events'

/** The report's eight security headers, by their report key and their HTTP name. */
export const WATCHED_HEADERS = {
  hsts: 'Strict-Transport-Security',
  csp: 'Content-Security-Policy',
  x_frame_options: 'X-Frame-Options',
  x_content_type_options: 'X-Content-Type-Options',
  referrer_policy: 'Referrer-Policy',
  cross_origin_resource_policy: 'Cross-Origin-Resource-Policy',
  cross_origin_opener_policy: 'Cross-Origin-Opener-Policy',
  cross_origin_embedder_policy: 'Cross-Origin-Embedder-Policy',
} as const
export type HeaderKey = keyof typeof WATCHED_HEADERS
export type HeaderVerdicts = Record<HeaderKey, { present: boolean; result: string }>

/** What one run saw: the history row. `error` runs are our side failing (resolver down). */
export type Snapshot =
  | {
      status: 'ok'
      checked_at: string
      score: number
      grade: string
      ssl_grade: string
      cert_expires_at: string | null
      cert_days_remaining: number | null
      headers: HeaderVerdicts
    }
  | { status: 'failed' | 'error'; checked_at: string; error: string }

/** What the next run compares with. Kept as JSON on the monitor. */
export type AlertState = {
  status: 'ok' | 'failed'
  grade: string | null
  score: number | null
  headers_present: HeaderKey[]
  /** notAfter of the certificate an expiry alert was sent for (one alert per certificate). */
  expiry_alerted_for: string | null
}

export function snapshotOf(report: Report): Snapshot {
  if (isFailureReport(report)) {
    return {
      status: 'failed',
      checked_at: report.checked_at,
      error: report.ssl.error ?? 'The site could not be reached over HTTP or HTTPS.',
    }
  }
  const headers = Object.fromEntries(
    (Object.keys(WATCHED_HEADERS) as HeaderKey[]).map((k) => [k, { present: report.headers[k].present, result: report.headers[k].result }])
  ) as HeaderVerdicts
  return {
    status: 'ok',
    checked_at: report.checked_at,
    score: report.score_numeric,
    grade: report.score,
    ssl_grade: report.ssl.grade,
    cert_expires_at: report.ssl.expires_at,
    cert_days_remaining: report.ssl.days_remaining,
    headers,
  }
}

export type PendingAlert = { type: AuditEvent; data: Record<string, unknown>; summary: string }

const rank = (grade: string | null) => (grade === null ? -1 : GRADES.indexOf(grade as (typeof GRADES)[number]))

/**
 * Compares a run with the state the previous runs left and says which alerts to send. An alert
 * fires on a change of state only: the same grade, the same missing header, the same expiring
 * certificate or the same failure seen again sends nothing. The first run is the baseline
 * (no grade or header alerts); an expiring certificate or a failure is alerted on it too.
 */
export function decideAlerts(
  previous: AlertState | null,
  run: Snapshot,
  config: { on: readonly AlertCondition[]; certExpiryDays: number; domain: string }
): { alerts: PendingAlert[]; state: AlertState | null } {
  const wanted = (c: AlertCondition) => config.on.includes(c)
  const alerts: PendingAlert[] = []
  const domain = config.domain
  if (run.status !== 'ok') {
    if (run.status === 'error') return { alerts, state: previous }
    if (previous?.status !== 'failed' && wanted('check_failed')) {
      alerts.push({
        type: ALERT_CONDITIONS.check_failed,
        data: {
          before: previous ? { status: previous.status, grade: previous.grade, score: previous.score } : null,
          after: { status: 'failed', error: run.error },
        },
        summary: `${domain} could not be checked: ${run.error}`,
      })
    }
    const base = previous ?? { grade: null, score: null, headers_present: [], expiry_alerted_for: null }
    return { alerts, state: { ...base, status: 'failed' } }
  }

  const present = (Object.keys(run.headers) as HeaderKey[]).filter((k) => run.headers[k].present)
  if (previous && previous.grade !== null && previous.grade !== run.grade && wanted('grade_drop')) {
    const direction = rank(run.grade) > rank(previous.grade) ? 'down' : 'up'
    alerts.push({
      type: ALERT_CONDITIONS.grade_drop,
      data: { direction, before: { grade: previous.grade, score: previous.score }, after: { grade: run.grade, score: run.score } },
      summary: `${domain}: grade ${previous.grade} → ${run.grade} (score ${previous.score} → ${run.score})`,
    })
  }
  const removed = previous ? previous.headers_present.filter((k) => !run.headers[k]?.present) : []
  if (removed.length > 0 && wanted('header_removed')) {
    alerts.push({
      type: ALERT_CONDITIONS.header_removed,
      data: {
        headers: removed.map((k) => WATCHED_HEADERS[k]),
        before: Object.fromEntries(removed.map((k) => [WATCHED_HEADERS[k], { present: true }])),
        after: Object.fromEntries(removed.map((k) => [WATCHED_HEADERS[k], { present: false, result: run.headers[k].result }])),
      },
      summary: `${domain} no longer sends ${removed.map((k) => WATCHED_HEADERS[k]).join(', ')}`,
    })
  }
  let expiryAlerted = previous?.expiry_alerted_for ?? null
  const days = run.cert_days_remaining
  // Marked only when alerted: a monitor that turns cert_expiry on later still hears of it.
  if (
    wanted('cert_expiry') &&
    run.cert_expires_at !== null &&
    days !== null &&
    days <= config.certExpiryDays &&
    expiryAlerted !== run.cert_expires_at
  ) {
    expiryAlerted = run.cert_expires_at
    alerts.push({
      type: ALERT_CONDITIONS.cert_expiry,
      data: { threshold_days: config.certExpiryDays, before: null, after: { expires_at: run.cert_expires_at, days_remaining: days } },
      summary: `${domain}: the certificate expires in ${days} days (${run.cert_expires_at.slice(0, 10)})`,
    })
  }
  return {
    alerts,
    state: { status: 'ok', grade: run.grade, score: run.score, headers_present: present, expiry_alerted_for: expiryAlerted },
  }
}
