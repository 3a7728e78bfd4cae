import type { HttpFetcher } from '../../../shared/http-fetcher'
import { EntsoeError } from '../entsoe/errors'
import { RteError, type TokenCache } from '../rte/client'
import type { SeriesName } from '../series'
import { dayCounts, logIngestion, upsertIntervals } from '../store'
import { addDays, parisDayOf } from '../time/paris'
import { fetchJob, isRateLimit, sourceOf, type Secrets } from './fetch'
import { JOB_SERIES, missingRange, windowFor, type Job } from './plan'

export type IngestDeps = {
  db: D1Database
  fetcher: HttpFetcher
  secrets: Secrets
  tokenCache: TokenCache
  now: () => Date
}

export type JobReport = {
  job: Job
  range: { from: string; to: string } | null
  status: 'ok' | 'no_data' | 'error' | 'skipped' | 'rate_limited' | 'complete'
  rows: number
  changed: number
  error?: string
}

/**
 * Fetches a job for [from, to), upserts what came back and writes one ingestion_log row per
 * series and delivery day. Never throws for a source failure: the failure is logged and
 * reported.
 */
export async function ingestRange(deps: IngestDeps, job: Job, range: { from: string; to: string }): Promise<JobReport> {
  const now = deps.now()
  const days: string[] = []
  for (let d = range.from; d < range.to; d = addDays(d, 1)) days.push(d)
  // One row per series and day; a job skipped for want of credentials gets one row per series.
  const logAll = async (status: 'no_data' | 'error' | 'skipped' | 'rate_limited', error: string) => {
    for (const series of JOB_SERIES[job]) {
      for (const day of status === 'skipped' ? [null] : days) {
        await logIngestion(deps.db, { source: sourceOf(job), series, deliveryDay: day, rows: 0, status, error }, now)
      }
    }
  }
  try {
    const fetched = await fetchJob(job, range, { fetcher: deps.fetcher, secrets: deps.secrets, tokenCache: deps.tokenCache, now: () => deps.now().getTime() })
    if (fetched.status === 'no_data') {
      await logAll('no_data', fetched.reason)
      return { job, range, status: 'no_data', rows: 0, changed: 0 }
    }
    let rows = 0
    let changed = 0
    for (const series of JOB_SERIES[job]) {
      const values = fetched.bySeries[series] ?? []
      rows += values.length
      changed += await upsertIntervals(deps.db, series, values, fetched.sourceRef, now)
      const perDay = new Map<string, number>()
      for (const v of values) perDay.set(parisDayOf(v.startMs), (perDay.get(parisDayOf(v.startMs)) ?? 0) + 1)
      for (const day of days) {
        const n = perDay.get(day) ?? 0
        await logIngestion(deps.db, { source: sourceOf(job), series, deliveryDay: day, rows: n, status: n ? 'ok' : 'no_data' }, now)
      }
    }
    return { job, range, status: 'ok', rows, changed }
  } catch (err) {
    if (!(err instanceof EntsoeError || err instanceof RteError)) throw err
    const notConfigured = (err instanceof RteError && err.code === 'NOT_CONFIGURED') || (err instanceof EntsoeError && /not set/.test(err.message))
    const status = isRateLimit(err) ? 'rate_limited' : notConfigured ? 'skipped' : 'error'
    const retry = err.retryAfterSeconds ? ` (retry after ${err.retryAfterSeconds} s)` : ''
    await logAll(status, `${err.code}: ${err.message}${retry}`)
    return { job, range, status, rows: 0, changed: 0, error: err.message }
  }
}

/**
 * What the cron runs: for each job, find the days of its window (the last week up to the
 * next publishable day) that are not complete, fetch just that span, and stop calling a
 * source for this run once it says 429.
 */
export async function runScheduled(deps: IngestDeps): Promise<JobReport[]> {
  const reports: JobReport[] = []
  const backingOff = new Set<string>()
  for (const job of ['day-ahead', 'capacity', 'afrr-energy', 'mfrr-energy'] as const) {
    const window = windowFor(job, deps.now())
    const held: Record<string, Map<string, number>> = {}
    for (const series of JOB_SERIES[job]) held[series] = await dayCounts(deps.db, series as SeriesName, window.from, window.to)
    const range = missingRange(job, window, held)
    if (!range) {
      reports.push({ job, range: null, status: 'complete', rows: 0, changed: 0 })
      continue
    }
    if (backingOff.has(sourceOf(job))) {
      reports.push({ job, range, status: 'rate_limited', rows: 0, changed: 0, error: 'source is backing off after a 429 in this run' })
      continue
    }
    const report = await ingestRange(deps, job, range)
    if (report.status === 'rate_limited') backingOff.add(sourceOf(job))
    reports.push(report)
  }
  return reports
}
