/**
 * `npm run ingest` and `npm run seed:sample`: load ENTSO-E / RTE documents (downloaded files,
 * live data with a token, or the project's samples) into D1 through the worker's own parsers.
 * Writes to the local state `npm start` uses (.wrangler/state) unless --remote.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { liveFetcher, withTimeout } from '../../shared/http-fetcher'
import { fetchJob } from '../../workers/market-data/domain/ingest/fetch'
import { SERIES_JOB } from '../../workers/market-data/domain/ingest/plan'
import { memoryTokenCache } from '../../workers/market-data/domain/rte/client'
import { parisDayOf } from '../../workers/market-data/domain/time/paris'
import { settledMarkerKey } from '../../workers/market-data/settled-key'
import type { SeriesName } from '../../workers/market-data/domain/series'
import { PERSIST_DIR } from '../lib/services.mjs'
import { applyMigrations, wrangler } from '../lib/wrangler.mjs'
import { USAGE, UsageError, failureSql, loadSql, parseArgs, valuesFromDocument, type Loaded } from './ingest-lib'

const SAMPLE_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../workers/market-data/sample')

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2))
  const now = new Date()
  let loaded: Loaded[] = []
  let source: 'file' | 'entsoe' | 'rte' = 'file'

  if (opts.sample) {
    for (const name of readdirSync(SAMPLE_DIR)
      .filter((n) => n.startsWith('SAMPLE-'))
      .sort()) {
      loaded.push(...valuesFromDocument(readFileSync(join(SAMPLE_DIR, name), 'utf8'), [], name, now))
    }
  } else if (opts.file) {
    try {
      loaded = valuesFromDocument(readFileSync(opts.file, 'utf8'), opts.series, basename(opts.file), now)
    } catch (err) {
      // A file that cannot be loaded is logged like any failed ingestion (GET /api/status shows it).
      await execute(failureSql(opts.series, `${basename(opts.file)}: ${(err as Error).message}`, now), opts.remote).catch(() => undefined)
      throw err
    }
  } else {
    const job = SERIES_JOB[opts.series[0]]
    source = job === 'day-ahead' ? 'entsoe' : 'rte'
    const fetched = await fetchJob(
      job,
      { from: opts.from!, to: opts.to! },
      {
        fetcher: withTimeout(liveFetcher, 60_000),
        secrets: process.env,
        tokenCache: memoryTokenCache(),
        now: () => Date.now(),
      }
    )
    if (fetched.status === 'no_data') {
      console.log(`No data: ${fetched.reason}`)
      return
    }
    loaded = fetched.documents.filter((d) => opts.series.includes(d.series))
  }

  const sql = loadSql(loaded, source, now)
  if (opts.printSql) {
    process.stdout.write(sql)
    return
  }
  await execute(sql, opts.remote)
  await publishSettledMarkers(loaded, opts.remote)
  for (const { series, values } of loaded) {
    const days = [...new Set(values.map((v) => parisDayOf(v.startMs)))].sort()
    console.log(
      `${series}: ${values.length} quarter-hour values, delivery days ${days.length > 3 ? `${days[0]} … ${days.at(-1)} (${days.length})` : days.join(', ')}`
    )
  }
  console.log(`into ${opts.remote ? 'the remote D1 database' : `local D1 (${PERSIST_DIR})`}.`)
}

/** Runs SQL against the local state `npm start` uses (migrations applied first) or the remote database. */
async function execute(sql: string, remote: boolean): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'market-data-ingest-'))
  try {
    const file = join(dir, 'load.sql')
    writeFileSync(file, sql)
    const target = remote ? ['--remote'] : ['--local', '--persist-to', PERSIST_DIR]
    if (!remote) await applyMigrations('market-data')
    await wrangler(['d1', 'execute', 'DB', '--env', 'market-data', ...target, '--file', file, '--yes'])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * Settled answers are cached under a marker per series and zone: the zone_state change
 * counter as last published (routes/settled.ts). A load from here may change an old day, so
 * it publishes the counters of what it loaded, as the cron does after its runs
 * (store.ts syncSettledMarkers), and never moves a marker backwards (a concurrent cron run
 * may have published a later one). If that fails it deletes the marker: settled answers
 * then take the D1 path until the next cron run.
 */
async function publishSettledMarkers(loaded: Loaded[], remote: boolean): Promise<void> {
  const keys = [...new Set(loaded.map((d) => settledMarkerKey(d.series, d.zone)))]
  if (!keys.length) return
  const target = ['--binding', 'CACHE', '--env', 'market-data', ...(remote ? ['--remote'] : ['--local', '--persist-to', PERSIST_DIR])]
  const dir = mkdtempSync(join(tmpdir(), 'market-data-markers-'))
  writeFileSync(join(dir, 'keys.json'), JSON.stringify(keys))
  try {
    // Three wrangler calls whatever the number of keys: the counters, the markers, the update.
    const out = await wrangler([
      'd1',
      'execute',
      'DB',
      '--env',
      'market-data',
      ...target.slice(4),
      '--json',
      '--command',
      'SELECT series, zone, version FROM zone_state',
    ])
    const rows = (JSON.parse(out) as Array<{ results: Array<{ series: SeriesName; zone: string; version: number }> }>)[0].results
    const versions = new Map(rows.map((r) => [settledMarkerKey(r.series, r.zone), r.version]))
    const got = await wrangler(['kv', 'bulk', 'get', join(dir, 'keys.json'), ...target])
    const current = JSON.parse(got.slice(got.indexOf('{'), got.lastIndexOf('}') + 1)) as Record<string, { value: string | null }>
    const puts = keys.flatMap((key) => {
      const version = versions.get(key)
      if (version === undefined) throw new Error(`no zone_state row for ${key}`)
      return Number(current[key]?.value ?? NaN) >= version ? [] : [{ key, value: String(version) }]
    })
    if (puts.length) {
      writeFileSync(join(dir, 'puts.json'), JSON.stringify(puts))
      await wrangler(['kv', 'bulk', 'put', join(dir, 'puts.json'), ...target])
    }
  } catch (err) {
    try {
      await wrangler(['kv', 'bulk', 'delete', join(dir, 'keys.json'), '--force', ...target])
      console.error(`Settled markers deleted (${(err as Error).message}); the next cron run publishes them again.`)
    } catch (e) {
      console.error(
        `Could not update or delete the settled markers ${keys.join(', ')}: settled days may show older data until the next cron run. ${(e as Error).message}`
      )
      process.exitCode = 1
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((err) => {
  if (err instanceof UsageError) {
    console.error(`${err.message}\n\n${USAGE}`)
    process.exit(2)
  }
  console.error(err instanceof Error ? `${err.name}: ${err.message}` : err)
  process.exit(1)
})
