import type { HttpFetcher } from '../../../shared/http-fetcher'
import { fetchDayAhead } from '../entsoe/client'
import { EntsoeError } from '../entsoe/errors'
import { RteClient, RteError, RTE_RESOURCES, type TokenCache } from '../rte/client'
import { normaliseAfrrEnergy, normaliseMfrrEnergy, normaliseProcuredReserves } from '../rte/normalise'
import type { IntervalValue, SeriesName } from '../series'
import { addDays, daysBetween } from '../time/paris'
import type { Job } from './plan'

export type Secrets = { ENTSOE_TOKEN?: string; RTE_CLIENT_ID?: string; RTE_CLIENT_SECRET?: string }

export type Fetched =
  | { status: 'ok'; bySeries: Partial<Record<SeriesName, IntervalValue[]>>; sourceRef: string }
  | { status: 'no_data'; reason: string }

// ENTSO-E answers at most a year per query (entsoe-py splits by year too); RTE resources are
// read a week at a time.
const ENTSOE_MAX_DAYS = 365
const RTE_MAX_DAYS = 7

/** [from, to) cut into consecutive pieces of at most `days` days. */
export function chunks(range: { from: string; to: string }, days: number): Array<{ from: string; to: string }> {
  const out = []
  for (let from = range.from; from < range.to; from = addDays(from, days)) {
    out.push({ from, to: daysBetween(from, range.to) > days ? addDays(from, days) : range.to })
  }
  return out
}

/**
 * Fetches a job's data for delivery days [from, to) from its source and reads it into
 * quarter-hour values per series. Throws EntsoeError / RteError on failure.
 */
export async function fetchJob(
  job: Job,
  range: { from: string; to: string },
  deps: { fetcher: HttpFetcher; secrets: Secrets; tokenCache: TokenCache; now: () => number }
): Promise<Fetched> {
  if (job === 'day-ahead') {
    const token = deps.secrets.ENTSOE_TOKEN
    if (!token) throw new EntsoeError('UNAUTHORIZED', 'ENTSOE_TOKEN is not set.')
    const values: IntervalValue[] = []
    const refs: string[] = []
    let reason = ''
    for (const part of chunks(range, ENTSOE_MAX_DAYS)) {
      const out = await fetchDayAhead({ fetcher: deps.fetcher, token, from: part.from, to: part.to })
      if (out.kind === 'no-data') {
        reason = out.reason
        continue
      }
      for (const s of out.document.slots) values.push({ startMs: s.startMs, direction: '', volume: null, price: s.price, resolutionMin: s.resolutionMin })
      refs.push(`${out.document.mRID}:${out.document.revision ?? ''}`)
    }
    if (!refs.length) return { status: 'no_data', reason }
    return { status: 'ok', bySeries: { 'day-ahead-prices': values }, sourceRef: `entsoe:${refs.join(',')}` }
  }

  const rte = new RteClient({ fetcher: deps.fetcher, clientId: deps.secrets.RTE_CLIENT_ID, clientSecret: deps.secrets.RTE_CLIENT_SECRET, cache: deps.tokenCache, now: deps.now })
  const resource = job === 'capacity' ? RTE_RESOURCES.procuredReserves : job === 'afrr-energy' ? RTE_RESOURCES.standardAfrr : RTE_RESOURCES.standardMfrr
  const bySeries: Partial<Record<SeriesName, IntervalValue[]>> = {}
  let any = false
  for (const { from, to } of chunks(range, RTE_MAX_DAYS)) {
    const body = await rte.getDays(resource, from, to)
    if (body === null) continue
    any = true
    const add = (s: SeriesName, v: IntervalValue[]) => (bySeries[s] = [...(bySeries[s] ?? []), ...v])
    if (job === 'capacity') {
      for (const s of ['fcr-capacity', 'afrr-capacity', 'mfrr-capacity'] as const) add(s, normaliseProcuredReserves(body, s))
    } else if (job === 'afrr-energy') add('afrr-energy', normaliseAfrrEnergy(body))
    else add('mfrr-energy', normaliseMfrrEnergy(body))
  }
  if (!any) return { status: 'no_data', reason: `RTE answered 204 (no data) for ${range.from} – ${range.to}.` }
  return { status: 'ok', bySeries, sourceRef: `rte:${resource}` }
}

export function isRateLimit(err: unknown): err is (EntsoeError | RteError) & { retryAfterSeconds?: number } {
  return (err instanceof EntsoeError || err instanceof RteError) && err.code === 'RATE_LIMITED'
}

export function sourceOf(job: Job): 'entsoe' | 'rte' {
  return job === 'day-ahead' ? 'entsoe' : 'rte'
}
