import { describe, expect, it } from 'vitest'
import { decideAlerts, type AlertState, type HeaderVerdicts, type Snapshot } from '../../workers/audit/domain/monitor/alerts'
import { ALERT_CONDITION_NAMES } from '../../workers/audit/domain/monitor/events'

const ALL: Parameters<typeof decideAlerts>[2] = { on: ALERT_CONDITION_NAMES, certExpiryDays: 14, domain: 'watched.org' }
const headers = (missing: string[] = []): HeaderVerdicts =>
  Object.fromEntries(
    [
      'hsts',
      'csp',
      'x_frame_options',
      'x_content_type_options',
      'referrer_policy',
      'cross_origin_resource_policy',
      'cross_origin_opener_policy',
      'cross_origin_embedder_policy',
    ].map((k) => [k, { present: !missing.includes(k), result: missing.includes(k) ? 'not-implemented' : 'ok' }])
  ) as HeaderVerdicts
const ok = (grade: string, score: number, extra: Partial<Extract<Snapshot, { status: 'ok' }>> = {}): Snapshot => ({
  status: 'ok',
  checked_at: '2026-11-22T00:00:00.000Z',
  score,
  grade,
  ssl_grade: 'A',
  cert_expires_at: '2027-02-01T00:00:00.000Z',
  cert_days_remaining: 70,
  headers: headers(),
  ...extra,
})
const failed: Snapshot = { status: 'failed', checked_at: '2026-11-22T01:00:00.000Z', error: 'Network connection lost.' }

/** Runs a sequence through decideAlerts as the cron would, returning the alert types per run. */
function sequence(runs: Snapshot[], config = ALL) {
  let state: AlertState | null = null
  return runs.map((run) => {
    const out = decideAlerts(state, run, config)
    state = out.state
    return out.alerts.map((a) => a.type)
  })
}

describe('alert decisions', () => {
  it('takes the first run as the baseline, then alerts each change once, both ways', () => {
    expect(sequence([ok('B', 80), ok('B', 80), ok('A+', 100), ok('A+', 100), ok('B', 80)])).toEqual([
      [],
      [],
      ['audit.grade_changed'],
      [],
      ['audit.grade_changed'],
    ])
  })

  it('alerts a failure once, and a grade change across it when the site is back', () => {
    expect(sequence([ok('A+', 100), failed, failed, ok('A+', 100), failed, ok('C', 60)])).toEqual([
      [],
      ['audit.check_failed'],
      [],
      [],
      ['audit.check_failed'],
      ['audit.grade_changed'],
    ])
  })

  it('ignores runs where our own resolver failed', () => {
    const error: Snapshot = { status: 'error', checked_at: '2026-11-22T01:00:00.000Z', error: 'resolver down' }
    expect(sequence([ok('A+', 100), error, error, ok('A+', 100)])).toEqual([[], [], [], []])
  })

  it('alerts a removed header once, and again only after it came back and went again', () => {
    const gone = ok('A+', 100, { headers: headers(['referrer_policy']) })
    expect(sequence([ok('A+', 100), gone, gone, ok('A+', 100), gone])).toEqual([
      [],
      ['audit.header_removed'],
      [],
      [],
      ['audit.header_removed'],
    ])
  })

  it('alerts an expiring certificate once per certificate; a renewed one re-arms it', () => {
    const days = (d: number, expires = '2026-12-06T00:00:00.000Z') => ok('A+', 100, { cert_days_remaining: d, cert_expires_at: expires })
    expect(
      sequence([
        days(20),
        days(15),
        days(14),
        days(13),
        days(1),
        days(90, '2027-03-01T00:00:00.000Z'),
        days(14, '2027-03-01T00:00:00.000Z'),
      ])
    ).toEqual([[], [], ['audit.certificate_expiring'], [], [], [], ['audit.certificate_expiring']])
  })

  it('sends only the conditions the monitor asked for, and does not alert them later', () => {
    const only = { ...ALL, on: ['grade_drop' as const] }
    const gone = ok('B', 80, { headers: headers(['hsts']), cert_days_remaining: 3 })
    expect(sequence([ok('A+', 100), gone, failed], only)).toEqual([[], ['audit.grade_changed'], []])
    // Switching cert_expiry on later alerts the expiring certificate once then.
    let state = decideAlerts(null, gone, only).state
    const switched = decideAlerts(state, gone, ALL)
    expect(switched.alerts.map((a) => a.type)).toEqual(['audit.certificate_expiring'])
    state = switched.state
    expect(decideAlerts(state, gone, ALL).alerts).toEqual([])
  })

  it('carries before and after in each alert', () => {
    const first = decideAlerts(null, ok('A+', 100), ALL).state
    const { alerts } = decideAlerts(first, ok('B', 80, { headers: headers(['hsts']) }), ALL)
    expect(alerts.find((a) => a.type === 'audit.grade_changed')!.data).toEqual({
      direction: 'down',
      before: { grade: 'A+', score: 100 },
      after: { grade: 'B', score: 80 },
    })
    expect(alerts.find((a) => a.type === 'audit.header_removed')!.data).toMatchObject({
      headers: ['Strict-Transport-Security'],
      before: { 'Strict-Transport-Security': { present: true } },
    })
  })
})
