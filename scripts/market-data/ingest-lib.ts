/**
 * The pure parts of `npm run ingest` / `npm run seed:sample`: argument parsing, reading a
 * downloaded source document with the worker's own parsers, and the SQL that loads it.
 * The CLI (ingest.ts) adds the file system, the network and wrangler.
 */
import { parseEntsoeBody, priceValues } from '../../workers/market-data/domain/entsoe/day-ahead'
import {
  normaliseAfrrEnergy,
  normaliseMfrrEnergy,
  normaliseProcuredReserves,
  readRteJson,
} from '../../workers/market-data/domain/rte/normalise'
import { normaliseAfrrMarginalPrice } from '../../workers/market-data/domain/rte/marginal'
import { csvAsJson } from '../../workers/market-data/domain/rte/csv'
import { SERIES_NAMES, type SeriesName } from '../../workers/market-data/domain/series'
import {
  coversOfValues,
  documentStatements,
  literal,
  logSql,
  type LogEntry,
  type SeriesDocument,
} from '../../workers/market-data/domain/sql'
import { parisDayOf, parseDay, daysBetween } from '../../workers/market-data/domain/time/paris'
import { FRANCE, zoneByEic } from '../../workers/market-data/domain/zones'
import { SERIES_JOB, type Job } from '../../workers/market-data/domain/ingest/plan'

export const USAGE = `Usage:
  npm run ingest -- --series <name>[,<name>…] --file <document>       load a downloaded ENTSO-E XML or RTE JSON file
  npm run ingest -- --series <name>[,<name>…] --from <day> --to <day>  fetch delivery days [from, to) from the source
  npm run seed:sample                                                  load workers/market-data/sample/ (synthetic)
Options:
  --remote       write to the remote D1 database instead of the local state used by \`npm start\`
  --print-sql    print the SQL instead of running it
Series: ${SERIES_NAMES.join(', ')}
Live fetching reads ENTSOE_TOKEN (day-ahead-prices) or RTE_CLIENT_ID and RTE_CLIENT_SECRET (the reserves) from the environment.`

export type IngestOptions = {
  series: SeriesName[]
  file?: string
  from?: string
  to?: string
  sample: boolean
  remote: boolean
  printSql: boolean
}

export class UsageError extends Error {}

export function parseArgs(argv: string[]): IngestOptions {
  const opts: IngestOptions = { series: [], sample: false, remote: false, printSql: false }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    const value = () => {
      const v = argv[++i]
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${arg} needs a value.`)
      return v
    }
    switch (arg) {
      case '--series':
        for (const s of value().split(',')) {
          if (!(SERIES_NAMES as readonly string[]).includes(s)) throw new UsageError(`Unknown series "${s}".`)
          opts.series.push(s as SeriesName)
        }
        break
      case '--file':
        opts.file = value()
        break
      case '--from':
        opts.from = day(value(), arg)
        break
      case '--to':
        opts.to = day(value(), arg)
        break
      case '--sample':
        opts.sample = true
        break
      case '--remote':
        opts.remote = true
        break
      case '--print-sql':
        opts.printSql = true
        break
      default:
        throw new UsageError(`Unknown argument "${arg}".`)
    }
  }
  if (opts.sample) {
    if (opts.file || opts.from || opts.to) throw new UsageError('--sample takes no --file, --from or --to.')
    return opts
  }
  if (!opts.series.length) throw new UsageError('--series is required.')
  if (opts.file && (opts.from || opts.to)) throw new UsageError('Give either --file or --from/--to, not both.')
  if (!opts.file) {
    if (!opts.from || !opts.to) throw new UsageError('Give --file, or both --from and --to.')
    if (daysBetween(opts.from, opts.to) <= 0) throw new UsageError('--to must be after --from (it is exclusive).')
    const jobs = new Set(opts.series.map((s) => SERIES_JOB[s]))
    if (jobs.size > 1)
      throw new UsageError('Live fetching takes series of one source resource at a time (for example the three capacity series together).')
  }
  return opts
}

function day(v: string, flag: string): string {
  if (parseDay(v) === null) throw new UsageError(`${flag} must be a date written YYYY-MM-DD.`)
  return v
}

/** Which source resource a document is, from its content (a UTF-8 BOM is allowed). */
/** RTE answers we recognise but build no series from (docs/market-data.md, "Not read"). */
export const NOT_SERVED = {
  csv: 'This is an RTE CSV answer of a resource no series is built from (imbalance_data, say). See docs/market-data.md, "Not read".',
}

export function detectJob(text: string): Job {
  const head = text.replace(/^\uFEFF/, '').trimStart()
  if (head.startsWith('<')) return 'day-ahead'
  const body = readRteBody(text) as Record<string, unknown>
  if (!body || typeof body !== 'object') throw new UsageError('The JSON file is not an object.')
  if ('days' in body) return 'afrr-marginal'
  if ('result_procured_reserves' in body || 'procured_reserves' in body) return 'capacity'
  if ('picasso' in body) return 'afrr-energy'
  if ('mari' in body) return 'mfrr-energy'
  throw new UsageError(
    `Unrecognised JSON (top-level keys: ${Object.keys(body).slice(0, 5).join(', ') || 'none'}): expected RTE result_procured_reserves or procured_reserves (capacity), standard_afrr_data (picasso), standard_mfrr_data (mari) or afrr_marginal_price (days). Other RTE resources (tso_offers, accepted_offers, …) hold no series this service publishes.`
  )
}

/**
 * An RTE answer file, JSON or CSV: a CSV table ("Heure de …" header, rte/csv.ts) of a
 * resource we read becomes that resource's JSON answer; any other table (imbalance_data) is
 * refused by name, so nobody mistakes the refusal for a broken file.
 */
function readRteBody(text: string): unknown {
  try {
    return readRteJson(text)
  } catch {
    if (!/^Heure de/m.test(text.slice(0, 4096))) throw new UsageError('The file is neither XML nor JSON.')
    try {
      return csvAsJson(text)
    } catch (err) {
      throw new UsageError(`${NOT_SERVED.csv} (${err instanceof Error ? err.message : String(err)})`)
    }
  }
}

export type Loaded = SeriesDocument

/** Reads a source document into documents for the requested series (all of its series when none are named). */
export function valuesFromDocument(text: string, wanted: SeriesName[], name: string, now = new Date()): Loaded[] {
  const job = detectJob(text)
  const provides = (Object.keys(SERIES_JOB) as SeriesName[]).filter((s) => SERIES_JOB[s] === job)
  const series = wanted.length ? wanted : provides
  const foreign = series.filter((s) => !provides.includes(s))
  if (foreign.length) throw new UsageError(`${name} holds ${provides.join(', ')}, not ${foreign.join(', ')}.`)
  if (job === 'day-ahead') {
    const out = parseEntsoeBody(text.replace(/^\uFEFF/, ''))
    if (out.kind === 'no-data') throw new UsageError(`${name} is an acknowledgement without data: ${out.reason}`)
    const d = out.document
    const values = priceValues(d.slots)
    // A file keeps the ENTSO-E document's identity: loading it competes with fetched copies by revision and creation time.
    return [
      {
        series: 'day-ahead-prices',
        zone: d.zone,
        baseOffsetMs: zoneByEic(d.zone)!.baseOffsetMs,
        provenance: { source: 'file', documentId: d.mRID, revision: d.revision ?? 0, createdAt: d.createdAt ?? now.toISOString() },
        covers: d.covers,
        values,
      },
    ]
  }
  const body = readRteBody(text)
  return series.map((s) => {
    const values =
      job === 'capacity'
        ? normaliseProcuredReserves(body, s as 'fcr-capacity')
        : job === 'afrr-energy'
          ? normaliseAfrrEnergy(body)
          : job === 'afrr-marginal'
            ? normaliseAfrrMarginalPrice(body)
            : normaliseMfrrEnergy(body)
    return {
      series: s,
      zone: FRANCE.eic,
      baseOffsetMs: FRANCE.baseOffsetMs,
      provenance: { source: 'file' as const, documentId: name, revision: 0, createdAt: now.toISOString() },
      covers: coversOfValues(values),
      values,
    }
  })
}

/** The SQL that loads documents and records the ingestion, one log row per series and delivery day. */
export function loadSql(loaded: Loaded[], source: LogEntry['source'], now: Date): string {
  const parts: string[] = []
  for (const doc of loaded) {
    for (const st of documentStatements(doc, now)) parts.push(literal(st))
    const perDay = new Map<string, number>()
    for (const v of doc.values)
      perDay.set(parisDayOf(v.startMs, doc.baseOffsetMs), (perDay.get(parisDayOf(v.startMs, doc.baseOffsetMs)) ?? 0) + 1)
    for (const [deliveryDay, rows] of [...perDay].sort())
      parts.push(logSql({ source, series: doc.series, zone: doc.zone, deliveryDay, rows, status: 'ok' }, now))
  }
  return parts.join('\n') + '\n'
}

/** The SQL that records a file that could not be loaded (failed file loads are logged too). */
export function failureSql(series: SeriesName[], message: string, now: Date): string {
  return (
    (series.length ? series : [...SERIES_NAMES])
      .map((s) => logSql({ source: 'file', series: s, deliveryDay: null, rows: 0, status: 'error', error: message.slice(0, 500) }, now))
      .join('\n') + '\n'
  )
}
