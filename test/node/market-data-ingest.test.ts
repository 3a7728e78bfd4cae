import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { UsageError, detectJob, loadSql, parseArgs, valuesFromDocument } from '../../scripts/market-data/ingest-lib'

const fixture = (name: string) => readFileSync(join('test/market-data/fixtures', name), 'utf8')

describe('npm run ingest: arguments', () => {
  it('reads a file load, a live range and the sample load', () => {
    expect(parseArgs(['--series', 'day-ahead-prices', '--file', 'doc.xml'])).toMatchObject({
      series: ['day-ahead-prices'],
      file: 'doc.xml',
      remote: false,
    })
    expect(parseArgs(['--series', 'fcr-capacity,afrr-capacity', '--from', '2025-11-01', '--to', '2025-11-08', '--remote'])).toMatchObject({
      series: ['fcr-capacity', 'afrr-capacity'],
      from: '2025-11-01',
      to: '2025-11-08',
      remote: true,
    })
    expect(parseArgs(['--sample'])).toMatchObject({ sample: true, series: [] })
  })

  it.each([
    [[], /--series is required/],
    [['--series', 'spot'], /Unknown series "spot"/],
    [['--series', 'day-ahead-prices'], /Give --file, or both --from and --to/],
    [['--series', 'day-ahead-prices', '--from', '2025-11-01'], /both --from and --to/],
    [['--series', 'day-ahead-prices', '--from', '2025-11-08', '--to', '2025-11-01'], /--to must be after --from/],
    [['--series', 'day-ahead-prices', '--from', '2025-02-30', '--to', '2025-03-01'], /YYYY-MM-DD/],
    [['--series', 'day-ahead-prices', '--file', 'a.xml', '--from', '2025-11-01', '--to', '2025-11-02'], /either --file or --from/],
    [['--series', 'day-ahead-prices,fcr-capacity', '--from', '2025-11-01', '--to', '2025-11-02'], /one source resource/],
    [['--series', 'day-ahead-prices', '--file'], /--file needs a value/],
    [['--sample', '--file', 'x'], /--sample takes no/],
    [['--token', 'x'], /Unknown argument/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseArgs(argv as string[])).toThrow(UsageError)
    expect(() => parseArgs(argv as string[])).toThrow(message)
  })
})

describe('npm run ingest: documents', () => {
  it('recognises each source document', () => {
    expect(detectJob(fixture('entsoe-fr-2025-11-12-pt15m.xml'))).toBe('day-ahead')
    expect(detectJob(fixture('rte-result-procured-reserves-2025-11-12.json'))).toBe('capacity')
    expect(detectJob(fixture('rte-standard-afrr-data-2025-11-12.json'))).toBe('afrr-energy')
    expect(detectJob(fixture('rte-standard-mfrr-data-2025-11-12.json'))).toBe('mfrr-energy')
    expect(() => detectJob('{"other": []}')).toThrow(UsageError)
    expect(() => detectJob('plain text')).toThrow(UsageError)
  })

  it('reads documents with the worker parsers, only the series asked for', () => {
    const [prices] = valuesFromDocument(fixture('entsoe-fr-2025-11-12-pt15m.xml'), ['day-ahead-prices'], 'doc.xml')
    expect(prices.values).toHaveLength(96)
    expect(prices.provenance).toMatchObject({ source: 'file', documentId: 'FIXTURE-2025-11-12-PT15M', revision: 1 })
    const capacity = valuesFromDocument(fixture('rte-result-procured-reserves-2025-11-12.json'), ['fcr-capacity'], 'r.json')
    expect(capacity.map((l) => [l.series, l.values.length])).toEqual([['fcr-capacity', 96]])
    const all = valuesFromDocument(fixture('rte-result-procured-reserves-2025-11-12.json'), [], 'r.json')
    expect(all.map((l) => [l.series, l.values.length])).toEqual([
      ['fcr-capacity', 96],
      ['afrr-capacity', 192],
      ['mfrr-capacity', 192],
    ])
  })

  // Issue 22: every bidding zone is held now, so another zone's document loads into its zone.
  it('refuses a document that does not hold the series named and an acknowledgement; loads another zone into that zone', () => {
    expect(() => valuesFromDocument(fixture('entsoe-fr-2025-11-12-pt15m.xml'), ['afrr-energy'], 'doc.xml')).toThrow(
      /holds day-ahead-prices, not afrr-energy/
    )
    expect(() => valuesFromDocument(fixture('entsoe-ack-no-data.xml'), ['day-ahead-prices'], 'ack.xml')).toThrow(
      /acknowledgement without data/
    )
    expect(valuesFromDocument(fixture('entsoe-de-lu-2025-11-12.xml'), ['day-ahead-prices'], 'de.xml')[0].zone).toBe('10Y1001A1001A82H')
  })

  it("reads RTE's own sample files (UTF-8 BOM, the older procured_reserves shape, 30-minute steps)", () => {
    const docs = valuesFromDocument(fixture('rte-v1-procured-reserves-2015-12-17.json'), [], 'v1.json')
    expect(docs.map((d) => [d.series, d.values.length])).toEqual([
      ['fcr-capacity', 48],
      ['afrr-capacity', 48],
      ['mfrr-capacity', 48],
    ])
    expect(docs[0].values[0]).toMatchObject({ resolutionMin: 30, volume: 588, price: null, direction: 'symmetric' })
    expect(() => detectJob(fixture('rte-v1-tso-offers-2015-06-06.json'))).toThrow(/top-level keys: tso_offers/)
  })

  it('writes the upsert and one log row per series and delivery day', () => {
    const loaded = valuesFromDocument(fixture('entsoe-fr-2025-10-26-pt15m-a03.xml'), [], 'a03.xml')
    const sql = loadSql(loaded, 'file', new Date('2026-01-01T00:00:00Z'))
    // One UTC day per statement pair: the delivery day 2025-10-26 (Paris) spans two UTC days.
    expect(sql.match(/INSERT INTO points/g)).toHaveLength(2)
    expect(sql.match(/DELETE FROM points/g)).toHaveLength(2)
    expect(sql).toContain(
      "INSERT INTO ingestion_log (source, series, zone, delivery_day, rows, status, error, created_at) VALUES ('file', 'day-ahead-prices', '10YFR-RTE------C', '2025-10-26', 100, 'ok', NULL, '2026-01-01T00:00:00.000Z');"
    )
  })
})

describe('npm run ingest / seed:sample against a local D1', () => {
  it('loads the samples into the local state through wrangler, idempotently', () => {
    const state = mkdtempSync(join(tmpdir(), 'md-ingest-'))
    const env = { ...process.env, WORKERS_STATE_DIR: state }
    try {
      for (let run = 0; run < 2; run++) {
        const res = spawnSync('npx', ['tsx', 'scripts/market-data/ingest.ts', '--sample'], { env, encoding: 'utf8' })
        expect(res.status, res.stderr).toBe(0)
        expect(res.stdout).toContain('day-ahead-prices: 100 quarter-hour values, delivery days 2026-10-25')
      }
      const file = spawnSync(
        'npx',
        [
          'tsx',
          'scripts/market-data/ingest.ts',
          '--series',
          'day-ahead-prices',
          '--file',
          'test/market-data/fixtures/entsoe-fr-2024-06-15-pt60m.xml',
        ],
        { env, encoding: 'utf8' }
      )
      expect(file.status, file.stderr).toBe(0)
      const query = spawnSync(
        'npx',
        [
          'wrangler',
          'd1',
          'execute',
          'DB',
          '--env',
          'market-data',
          '--local',
          '--persist-to',
          state,
          '--json',
          '--command',
          "SELECT series, COUNT(*) AS n FROM points GROUP BY series ORDER BY series; SELECT version FROM zone_state WHERE series = 'day-ahead-prices'; SELECT COUNT(*) AS n FROM ingestion_log WHERE source = 'file' AND status = 'error'",
        ],
        { env, encoding: 'utf8' }
      )
      expect(query.status, query.stderr).toBe(0)
      const [counts, version, failures] = JSON.parse(query.stdout) as Array<{ results: Array<Record<string, unknown>> }>
      expect(counts.results).toEqual([
        { series: 'afrr-capacity', n: 384 },
        { series: 'afrr-energy', n: 384 },
        // The hourly file is held as published: 24 hours, not 96 repeated quarter-hours.
        { series: 'day-ahead-prices', n: 92 + 100 + 4 * 96 + 24 },
        { series: 'fcr-capacity', n: 192 },
        { series: 'mfrr-capacity', n: 384 },
        { series: 'mfrr-energy', n: 384 },
      ])
      // Each row was written once: the second sample load changed nothing.
      expect(version.results[0].version).toBe(92 + 100 + 4 * 96 + 24)
      // A file that cannot be loaded fails, and the failure is in ingestion_log (it was not before).
      expect(failures.results[0].n).toBe(0)
      const bad = spawnSync(
        'npx',
        [
          'tsx',
          'scripts/market-data/ingest.ts',
          '--series',
          'day-ahead-prices',
          '--file',
          'test/market-data/fixtures/entsoe-unauthorized.html',
        ],
        { env, encoding: 'utf8' }
      )
      expect(bad.status).toBe(1)
      expect(bad.stderr).toContain('security token')
      const logged = spawnSync(
        'npx',
        [
          'wrangler',
          'd1',
          'execute',
          'DB',
          '--env',
          'market-data',
          '--local',
          '--persist-to',
          state,
          '--json',
          '--command',
          "SELECT error FROM ingestion_log WHERE source = 'file' AND status = 'error'",
        ],
        { env, encoding: 'utf8' }
      )
      expect(JSON.parse(logged.stdout)[0].results[0].error).toMatch(/entsoe-unauthorized\.html: .*security token/)
    } finally {
      rmSync(state, { recursive: true, force: true })
    }
  }, 300_000) // 3 loads, each also publishing the settled markers (3 more wrangler calls)
})
