/**
 * The ingest stories: fetch a job's days from its source and store them under the revision
 * rules (`ingestRange`), and the cron run over every job and zone (`runScheduled`, `runCron`).
 * They take ports (db, fetcher, secrets, token cache, clock, sleep), never `env` or a
 * Context; scheduled.ts and the tests call them alike.
 */
import type { HttpFetcher } from '../../../shared/http-fetcher'
import { EntsoeError } from '../domain/entsoe/errors'
import { RteError, type TokenCache } from '../domain/rte/client'
import type { SeriesName } from '../domain/series'
import { daysHeld, logIngestions, syncSettledMarkers, writeDocument, type LogEntry } from '../store'
import { addDays, parisDayOf } from '../domain/time/paris'
import { FRANCE, POLLED_ZONES, type Zone } from '../domain/zones'
import { fetchJob, isRateLimit, isTransient, sourceOf, type Secrets } from '../domain/ingest/fetch'
import { ENTSOE_JOBS, JOB_SERIES, missingRange, windowFor, type Job } from '../domain/ingest/plan'

export type IngestDeps = {
  db: D1Database
  fetcher: HttpFetcher
  secrets: Secrets
  tokenCache: TokenCache
  now: () => Date
  /** Waits between retries and to pace ENTSO-E; tests pass one that returns at once. */
  sleep?: (ms: number) => Promise<void>
  /** Bidding zones the cron keeps day-ahead prices for (default: every current zone we serve). */
  zones?: readonly Zone[]
  /** The ENTSO-E jobs the cron runs for each zone (default all: prices, load, load forecast, generation). */
  entsoeJobs?: readonly Job[]
}

export type JobReport = {
  job: Job
  zone?: string
  range: { from: string; to: string } | null
  status: 'ok' | 'no_data' | 'error' | 'skipped' | 'rate_limited' | 'complete'
  rows: number
  changed: number
  attempts?: number
  error?: string
}

/** Waits before the 2nd and 3rd attempt at a source that failed transiently (down, 5xx, timeout). */
export const RETRY_DELAYS_MS = [5_000, 30_000]

/**
 * ENTSO-E allows 400 requests a minute per token and bans for about 10 minutes beyond
 * (SOURCES.md, TP help centre "API Rate Limit"). We stay well under it: at most 100 requests
 * in any minute of a run, and at most 200 a run, so even two overlapping runs are far below.
 */
export const ENTSOE_PER_MINUTE = 100
export const ENTSOE_PER_RUN = 200

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Paces ENTSO-E requests: a sliding minute of at most ENTSOE_PER_MINUTE, ENTSOE_PER_RUN in all. */
export function entsoePacer(now: () => number, sleep: (ms: number) => Promise<void>) {
  const sent: number[] = []
  return async () => {
    if (sent.length >= ENTSOE_PER_RUN)
      throw new EntsoeError('RATE_LIMITED', `This run has made ${ENTSOE_PER_RUN} ENTSO-E requests; the rest waits for the next run.`)
    const recent = sent.filter((t) => t > now() - 60_000)
    if (recent.length >= ENTSOE_PER_MINUTE) await sleep(recent[0] + 60_000 - now())
    sent.push(now())
  }
}

/**
 * Fetches a job for [from, to) (day-ahead: for one zone), writes what came back under the
 * revision rules (sql.ts) and one ingestion_log row per series and delivery day. A transient
 * failure is retried with backoff. Never throws: every failure, of any kind, is logged and
 * reported.
 */
export async function ingestRange(
  deps: IngestDeps,
  job: Job,
  range: { from: string; to: string },
  zone: Zone = FRANCE,
  pace?: () => Promise<void>
): Promise<JobReport> {
  const now = deps.now()
  const sleep = deps.sleep ?? realSleep
  const days: string[] = []
  for (let d = range.from; d < range.to; d = addDays(d, 1)) days.push(d)
  const zoneEic = ENTSOE_JOBS.includes(job) ? zone.eic : FRANCE.eic
  // One row per series and day; a job skipped for want of credentials gets one row per series.
  const logAll = async (status: 'no_data' | 'error' | 'skipped' | 'rate_limited', error: string) => {
    const entries: LogEntry[] = []
    for (const series of JOB_SERIES[job]) {
      for (const day of status === 'skipped' ? [null] : days)
        entries.push({ source: sourceOf(job), series, zone: zoneEic, deliveryDay: day, rows: 0, status, error })
    }
    await logIngestions(deps.db, entries, now)
  }
  let attempts = 0
  for (;;) {
    attempts++
    try {
      const fetched = await fetchJob(
        job,
        range,
        {
          fetcher: deps.fetcher,
          secrets: deps.secrets,
          tokenCache: deps.tokenCache,
          now: () => deps.now().getTime(),
          beforeEntsoeRequest: pace,
        },
        zone
      )
      if (fetched.status === 'no_data') {
        await logAll('no_data', fetched.reason)
        return { job, zone: zoneEic, range, status: 'no_data', rows: 0, changed: 0, attempts }
      }
      let rows = 0
      let changed = 0
      const perSeriesDay = new Map<string, number>()
      for (const doc of fetched.documents) {
        rows += doc.values.length
        changed += await writeDocument(deps.db, doc, now)
        for (const v of doc.values) {
          const key = `${doc.series}|${parisDayOf(v.startMs, doc.baseOffsetMs)}`
          perSeriesDay.set(key, (perSeriesDay.get(key) ?? 0) + 1)
        }
      }
      const entries: LogEntry[] = []
      for (const series of JOB_SERIES[job]) {
        for (const day of days) {
          const n = perSeriesDay.get(`${series}|${day}`) ?? 0
          entries.push({ source: sourceOf(job), series, zone: zoneEic, deliveryDay: day, rows: n, status: n ? 'ok' : 'no_data' })
        }
      }
      await logIngestions(deps.db, entries, now)
      return { job, zone: zoneEic, range, status: 'ok', rows, changed, attempts }
    } catch (err) {
      if (isTransient(err) && attempts <= RETRY_DELAYS_MS.length) {
        await sleep(RETRY_DELAYS_MS[attempts - 1])
        continue
      }
      const known = err instanceof EntsoeError || err instanceof RteError
      const notConfigured =
        (err instanceof RteError && err.code === 'NOT_CONFIGURED') || (err instanceof EntsoeError && /not set/.test(err.message))
      const status = isRateLimit(err) ? 'rate_limited' : notConfigured ? 'skipped' : 'error'
      const retry = known && err.retryAfterSeconds ? ` (retry after ${err.retryAfterSeconds} s)` : ''
      // Anything else (a bug, D1 failing) is logged too, then reported like a source error.
      const message = known
        ? `${err.code}: ${err.message}${retry}`
        : `INTERNAL: ${(err as Error)?.name ?? 'Error'}: ${String((err as Error)?.message ?? err).slice(0, 300)}`
      if (!known) console.error(err)
      try {
        await logAll(status, message)
      } catch (logErr) {
        console.error(logErr)
      }
      return { job, zone: zoneEic, range, status, rows: 0, changed: 0, attempts, error: known ? err.message : message }
    }
  }
}

/**
 * What the cron runs. `gaps`: for each job (day-ahead: each zone), find the days of its window
 * (the last week up to the next publishable day) not held completely, null values included,
 * and fetch just that span. `corrections`: re-fetch the whole window, so a source's later
 * corrections replace what we hold. Stops calling a source for the run once it says 429.
 */
export async function runScheduled(deps: IngestDeps, mode: 'gaps' | 'corrections' = 'gaps'): Promise<JobReport[]> {
  const reports: JobReport[] = []
  const backingOff = new Set<string>()
  const pace = entsoePacer(() => deps.now().getTime(), deps.sleep ?? realSleep)
  // Prices first for every zone (the most asked for), then load and generation, then RTE's.
  const zones = deps.zones ?? POLLED_ZONES
  const tasks: Array<{ job: Job; zone: Zone }> = [
    ...(deps.entsoeJobs ?? ENTSOE_JOBS).flatMap((job) => zones.map((zone) => ({ job, zone }))),
    ...(['capacity', 'afrr-energy', 'mfrr-energy', 'afrr-marginal'] as const).map((job) => ({ job, zone: FRANCE })),
  ]
  for (const { job, zone } of tasks) {
    const window = windowFor(job, deps.now(), zone.baseOffsetMs)
    let range: { from: string; to: string } | null = window
    if (mode === 'gaps') {
      const held: Record<string, Map<string, { minutes: number; nulls: number }>> = {}
      for (const series of JOB_SERIES[job]) held[series] = await daysHeld(deps.db, series as SeriesName, zone.eic, window.from, window.to)
      range = missingRange(job, window, held, zone.baseOffsetMs)
    }
    if (!range) {
      reports.push({ job, zone: zone.eic, range: null, status: 'complete', rows: 0, changed: 0 })
      continue
    }
    if (backingOff.has(sourceOf(job))) {
      reports.push({
        job,
        zone: zone.eic,
        range,
        status: 'rate_limited',
        rows: 0,
        changed: 0,
        error: 'source is backing off after a 429 in this run',
      })
      continue
    }
    const report = await ingestRange(deps, job, range, zone, ENTSOE_JOBS.includes(job) ? pace : undefined)
    if (report.status === 'rate_limited') backingOff.add(sourceOf(job))
    reports.push(report)
  }
  return reports
}

/**
 * A cron run: the scheduled ingest, then the settled markers published so cached settled
 * answers of what changed are recomputed (routes/settled.ts). Returns what a log line needs.
 */
export async function runCron(
  deps: IngestDeps & { kv: KVNamespace },
  mode: 'gaps' | 'corrections'
): Promise<{ reports: JobReport[]; settledMarkers: number | string }> {
  const reports = await runScheduled(deps, mode)
  let settledMarkers: number | string = 0
  try {
    settledMarkers = await syncSettledMarkers(deps.db, deps.kv)
  } catch (err) {
    settledMarkers = `failed: ${err instanceof Error ? err.message : String(err)}`
  }
  return { reports: reports.filter((r) => r.status !== 'complete'), settledMarkers }
}
