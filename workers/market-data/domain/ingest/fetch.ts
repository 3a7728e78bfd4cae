import type { HttpFetcher } from '../../../../shared/http-fetcher'
import { fetchDayAhead, fetchGl } from '../entsoe/client'
import type { GlDocument, GlQuery } from '../entsoe/load-generation'
import { EntsoeError } from '../entsoe/errors'
import { priceValues } from '../entsoe/day-ahead'
import { RteClient, RteError, RTE_RESOURCES, type TokenCache } from '../rte/client'
import { normaliseAfrrEnergy, normaliseMfrrEnergy, normaliseProcuredReserves } from '../rte/normalise'
import { normaliseAfrrMarginalPrice } from '../rte/marginal'
import type { IntervalValue, SeriesName } from '../series'
import { coversOfValues, type SeriesDocument } from '../sql'
import { addDays, daysBetween } from '../time/paris'
import { FRANCE, type Zone } from '../zones'
import { ENTSOE_JOBS, JOB_SERIES, type Job } from './plan'

export type Secrets = { ENTSOE_TOKEN?: string; RTE_CLIENT_ID?: string; RTE_CLIENT_SECRET?: string }

export type Fetched = { status: 'ok'; documents: SeriesDocument[] } | { status: 'no_data'; reason: string }

// ENTSO-E answers at most a year per query (entsoe-py splits by year too); RTE resources are
// read a week at a time, the 4-second aFRR marginal prices (21,600 steps a day) a day at a time
// (what public RTE clients do for this resource; ../shared/data/SOURCES.md).
const ENTSOE_MAX_DAYS = 365
const RTE_MAX_DAYS = 7
const RTE_MARGINAL_MAX_DAYS = 1

/** [from, to) cut into consecutive pieces of at most `days` days. */
export function chunks(range: { from: string; to: string }, days: number): Array<{ from: string; to: string }> {
  const out = []
  for (let from = range.from; from < range.to; from = addDays(from, days)) {
    out.push({ from, to: daysBetween(from, range.to) > days ? addDays(from, days) : range.to })
  }
  return out
}

export type FetchDeps = {
  fetcher: HttpFetcher
  secrets: Secrets
  tokenCache: TokenCache
  now: () => number
  /** Called before every ENTSO-E request: keeps the run under the platform's budget. */
  beforeEntsoeRequest?: () => Promise<void>
}

/**
 * Fetches a job's data for delivery days [from, to) from its source and reads it into
 * documents, one per series (and ENTSO-E document), each with its provenance. Throws
 * EntsoeError / RteError on failure.
 */
export async function fetchJob(job: Job, range: { from: string; to: string }, deps: FetchDeps, zone: Zone = FRANCE): Promise<Fetched> {
  if (job === 'day-ahead') {
    const token = deps.secrets.ENTSOE_TOKEN
    if (!token) throw new EntsoeError('UNAUTHORIZED', 'ENTSOE_TOKEN is not set.')
    const documents: SeriesDocument[] = []
    let reason = ''
    for (const part of chunks(range, ENTSOE_MAX_DAYS)) {
      await deps.beforeEntsoeRequest?.()
      const out = await fetchDayAhead({ fetcher: deps.fetcher, token, from: part.from, to: part.to, zone })
      if (out.kind === 'no-data') {
        reason = out.reason
        continue
      }
      const d = out.document
      documents.push({
        series: 'day-ahead-prices',
        zone: d.zone,
        baseOffsetMs: zone.baseOffsetMs,
        provenance: {
          source: 'entsoe',
          documentId: d.mRID,
          revision: d.revision ?? 0,
          createdAt: d.createdAt ?? new Date(deps.now()).toISOString(),
        },
        covers: d.covers,
        values: priceValues(d.slots),
      })
    }
    if (!documents.length) return { status: 'no_data', reason }
    return { status: 'ok', documents }
  }

  const gl = GL_QUERIES[job as keyof typeof GL_QUERIES]
  if (gl) return fetchLoadGeneration(job, gl, range, deps, zone)

  const rte = new RteClient({
    fetcher: deps.fetcher,
    clientId: deps.secrets.RTE_CLIENT_ID,
    clientSecret: deps.secrets.RTE_CLIENT_SECRET,
    cache: deps.tokenCache,
    now: deps.now,
  })
  const resource =
    job === 'capacity'
      ? RTE_RESOURCES.procuredReserves
      : job === 'afrr-energy'
        ? RTE_RESOURCES.standardAfrr
        : job === 'afrr-marginal'
          ? RTE_RESOURCES.afrrMarginal
          : RTE_RESOURCES.standardMfrr
  const documents: SeriesDocument[] = []
  for (const { from, to } of chunks(range, job === 'afrr-marginal' ? RTE_MARGINAL_MAX_DAYS : RTE_MAX_DAYS)) {
    const body = await rte.getDays(resource, from, to)
    if (body === null) continue
    // RTE answers carry no document id or revision: the answer is the document, named by
    // the resource and window, dated when it came. A later answer is a newer revision.
    const answeredAt = new Date(deps.now()).toISOString()
    const doc = (series: SeriesName, values: IntervalValue[]): SeriesDocument => ({
      series,
      zone: FRANCE.eic,
      baseOffsetMs: FRANCE.baseOffsetMs,
      provenance: { source: 'rte', documentId: `${resource}?${from}/${to}`, revision: 0, createdAt: answeredAt },
      covers: coversOfValues(values),
      values,
    })
    if (job === 'capacity') {
      for (const s of ['fcr-capacity', 'afrr-capacity', 'mfrr-capacity'] as const)
        documents.push(doc(s, normaliseProcuredReserves(body, s)))
    } else if (job === 'afrr-energy') documents.push(doc('afrr-energy', normaliseAfrrEnergy(body)))
    else if (job === 'afrr-marginal') documents.push(doc('afrr-marginal-price', normaliseAfrrMarginalPrice(body)))
    else documents.push(doc('mfrr-energy', normaliseMfrrEnergy(body)))
  }
  if (!documents.length) return { status: 'no_data', reason: `RTE answered 204 (no data) for ${range.from} – ${range.to}.` }
  return { status: 'ok', documents }
}

/** The ENTSO-E query of each load and generation job (API guide 4.1.1, 4.1.2, 4.2.10). */
const GL_QUERIES = {
  'load-actual': { documentType: 'A65', processType: 'A16' },
  'load-forecast': { documentType: 'A65', processType: 'A01' },
  generation: { documentType: 'A75', processType: 'A16' },
} as const satisfies Partial<Record<Job, GlQuery>>

/**
 * A zone's load or generation for [from, to): one SeriesDocument per direction (load: one;
 * generation: one per production type), each covering its own Periods, so a type a revision
 * leaves out of a Period is removed for that type only.
 */
async function fetchLoadGeneration(
  job: Job,
  query: GlQuery,
  range: { from: string; to: string },
  deps: FetchDeps,
  zone: Zone
): Promise<Fetched> {
  const token = deps.secrets.ENTSOE_TOKEN
  if (!token) throw new EntsoeError('UNAUTHORIZED', 'ENTSOE_TOKEN is not set.')
  const series = JOB_SERIES[job][0]
  const documents: SeriesDocument[] = []
  let reason = ''
  for (const part of chunks(range, ENTSOE_MAX_DAYS)) {
    await deps.beforeEntsoeRequest?.()
    const out = await fetchGl({ fetcher: deps.fetcher, token, query, from: part.from, to: part.to, zone })
    if (out.kind === 'no-data') {
      reason = out.reason
      continue
    }
    documents.push(...glDocuments(series, out.document, zone, deps.now()))
  }
  if (!documents.length) return { status: 'no_data', reason }
  return { status: 'ok', documents }
}

/** The documents to store for a GL document: one per direction, with the document's provenance. */
export function glDocuments(series: SeriesName, d: GlDocument, zone: Zone, nowMs: number): SeriesDocument[] {
  const provenance = {
    source: 'entsoe' as const,
    documentId: d.mRID,
    revision: d.revision ?? 0,
    createdAt: d.createdAt ?? new Date(nowMs).toISOString(),
  }
  return d.parts.map((p) => ({ series, zone: d.zone, baseOffsetMs: zone.baseOffsetMs, provenance, covers: p.covers, values: p.values }))
}

export function isRateLimit(err: unknown): err is (EntsoeError | RteError) & { retryAfterSeconds?: number } {
  return (err instanceof EntsoeError || err instanceof RteError) && err.code === 'RATE_LIMITED'
}

/** Failures worth another try in the same run: the source was down or slow. */
export function isTransient(err: unknown): boolean {
  return (err instanceof EntsoeError || err instanceof RteError) && err.code === 'UPSTREAM'
}

export function sourceOf(job: Job): 'entsoe' | 'rte' {
  return ENTSOE_JOBS.includes(job) ? 'entsoe' : 'rte'
}
