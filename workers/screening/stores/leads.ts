import type { Lead, LeadSource } from '../schemas'

// Scrape runs and the landlord leads they store.

export type ScrapeRun = {
  started_at: string
  status: 'running' | 'done'
  lead_count: number | null
  warnings_json: string | null
}

/** A run still marked running after this long died half way; it no longer holds the claim. */
const STALE_RUN_MS = 2 * 60 * 1000

/**
 * Claims the right to fetch `source` for `city` unless someone did within `freshMs`.
 * Returns null when claimed (go and fetch), or the recent run to serve from storage.
 */
export async function claimScrape(db: D1Database, city: string, source: LeadSource, now: Date, freshMs: number): Promise<ScrapeRun | null> {
  const cutoff = new Date(now.getTime() - freshMs).toISOString()
  const staleCutoff = new Date(now.getTime() - STALE_RUN_MS).toISOString()
  const claimed = await db
    .prepare(
      `INSERT INTO scrape_runs (city, source, started_at, status) VALUES (?, ?, ?, 'running')
       ON CONFLICT (city, source) DO UPDATE
         SET started_at = excluded.started_at, status = 'running', lead_count = NULL, warnings_json = NULL
         WHERE scrape_runs.started_at <= ? OR (scrape_runs.status = 'running' AND scrape_runs.started_at <= ?)
       RETURNING started_at`
    )
    .bind(city, source, now.toISOString(), cutoff, staleCutoff)
    .first()
  if (claimed) return null
  return db
    .prepare('SELECT started_at, status, lead_count, warnings_json FROM scrape_runs WHERE city = ? AND source = ?')
    .bind(city, source)
    .first<ScrapeRun>()
}

export async function finishScrape(
  db: D1Database,
  city: string,
  source: LeadSource,
  startedAt: Date,
  leadCount: number,
  warnings: string[]
): Promise<void> {
  await db
    .prepare(
      `UPDATE scrape_runs SET status = 'done', lead_count = ?, warnings_json = ?
       WHERE city = ? AND source = ? AND started_at = ?`
    )
    .bind(leadCount, JSON.stringify(warnings), city, source, startedAt.toISOString())
    .run()
}

export type NewLead = { url: string; name: string | null; contact: string | null; raw: Record<string, unknown> }

type LeadRow = {
  id: string
  url: string
  city: string
  source: LeadSource
  name: string | null
  contact: string | null
  raw_json: string
  scraped_at: string
}

function toLead(row: LeadRow): Lead {
  return {
    id: row.id,
    city: row.city,
    source: row.source,
    name: row.name,
    contact: row.contact,
    url: row.url,
    rawData: JSON.parse(row.raw_json),
    scrapedAt: row.scraped_at,
  }
}

/**
 * Upserts leads by URL in one statement (the items travel as one JSON parameter, which
 * keeps within D1's limits on bound parameters and statements per request). A known URL
 * keeps its id and first-seen time; everything else, `scrapedAt` included, is refreshed.
 */
export async function upsertLeads(db: D1Database, city: string, source: LeadSource, items: NewLead[], now: Date): Promise<Lead[]> {
  const unique = [...new Map(items.map((i) => [i.url, i])).values()]
  if (unique.length === 0) return []
  const payload = unique.map((i) => ({
    id: crypto.randomUUID(),
    url: i.url,
    name: i.name,
    contact: i.contact,
    raw: JSON.stringify(i.raw),
  }))
  const { results } = await db
    .prepare(
      `INSERT INTO leads (id, url, city, source, name, contact, raw_json, first_seen_at, scraped_at)
       SELECT json_extract(value, '$.id'), json_extract(value, '$.url'), ?1, ?2, json_extract(value, '$.name'),
              json_extract(value, '$.contact'), json_extract(value, '$.raw'), ?3, ?3
       FROM json_each(?4) WHERE true
       ON CONFLICT (url) DO UPDATE SET city = excluded.city, source = excluded.source, name = excluded.name,
         contact = excluded.contact, raw_json = excluded.raw_json, scraped_at = excluded.scraped_at
       RETURNING id, url, city, source, name, contact, raw_json, scraped_at`
    )
    .bind(city, source, now.toISOString(), JSON.stringify(payload))
    .all<LeadRow>()
  const order = new Map(unique.map((i, n) => [i.url, n]))
  return results.map(toLead).sort((a, b) => order.get(a.url)! - order.get(b.url)!)
}

/** Forgets a claimed run that fetched nothing usable, so it is not served as a fresh "0 leads". */
export async function releaseScrape(db: D1Database, city: string, source: LeadSource, startedAt: Date): Promise<void> {
  await db
    .prepare("DELETE FROM scrape_runs WHERE city = ? AND source = ? AND started_at = ? AND status = 'running'")
    .bind(city, source, startedAt.toISOString())
    .run()
}

/** The leads of the last run that stored any, newest first within it. */
export async function lastGoodLeads(db: D1Database, city: string, source: LeadSource): Promise<Lead[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM leads WHERE city = ?1 AND source = ?2
         AND scraped_at = (SELECT MAX(scraped_at) FROM leads WHERE city = ?1 AND source = ?2)
       ORDER BY rowid LIMIT 200`
    )
    .bind(city, source)
    .all<LeadRow>()
  return results.map(toLead)
}

/** The leads a run stored: those it refreshed last. */
export async function leadsOfRun(db: D1Database, city: string, source: LeadSource, startedAt: string): Promise<Lead[]> {
  const { results } = await db
    .prepare('SELECT * FROM leads WHERE city = ? AND source = ? AND scraped_at = ? ORDER BY rowid')
    .bind(city, source, startedAt)
    .all<LeadRow>()
  return results.map(toLead)
}
