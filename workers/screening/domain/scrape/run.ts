import type { Market } from '../market/cities'
import type { Lead, LeadSource, Warning } from '../../schemas'
import * as store from '../../store'
import { scrapeClassifieds, scrapeZillow, type FetchOptions } from './sources'
import type { SourceResult } from './types'

/** A city and source scraped this recently is served from D1 instead of fetched again. */
export const FRESH_MS = 15 * 60 * 1000

/**
 * One source for one market: fetched and upserted, or, when it ran in the last 15 minutes,
 * that run's leads from D1 with a warning saying so.
 */
export async function runSource(
  db: D1Database,
  market: Market,
  source: LeadSource,
  options: FetchOptions,
  now: Date
): Promise<{ leads: Lead[]; warnings: Warning[]; failed?: boolean }> {
  const recent = await store.claimScrape(db, market.label, source, now, FRESH_MS)
  if (recent) {
    const when = recent.started_at
    if (recent.status === 'running') {
      return {
        leads: [],
        warnings: [
          { source, message: `${market.label} is being scraped from ${source} right now (started ${when}); retry in a few seconds.` },
        ],
      }
    }
    const leads = await store.leadsOfRun(db, market.label, source, when)
    const earlier: string[] = recent.warnings_json ? JSON.parse(recent.warnings_json) : []
    return {
      leads,
      warnings: [
        {
          source,
          message: `Served from storage: ${market.label} was scraped from ${source} at ${when}; sources are fetched at most every 15 minutes.`,
        },
        ...earlier.map((message) => ({ source, message: `From that scrape: ${message}` })),
      ],
    }
  }

  const result = source === 'zillow' ? await scrapeZillow(market, options) : await vetscoreLeads(market, options)
  if (result.failed) {
    // A failed fetch is not "0 leads" (issue 23): it is not remembered as a run, and the last
    // good leads stay what this city and source show.
    await store.releaseScrape(db, market.label, source, now)
    const last = await store.lastGoodLeads(db, market.label, source)
    const note =
      last.length > 0 ? [{ source, message: `Showing the ${last.length} leads of the last successful scrape (${last[0].scrapedAt}).` }] : []
    return { leads: last, warnings: [...result.warnings.map((message) => ({ source, message })), ...note], failed: true }
  }
  const leads = await store.upsertLeads(db, market.label, source, result.items, now)
  await store.finishScrape(db, market.label, source, now, leads.length, result.warnings)
  return { leads, warnings: result.warnings.map((message) => ({ source, message })) }
}

/**
 * The `vetscore` source: the licensed feed when one is configured (a partner's contract beats
 * scraping), and the public classifieds only when there is none or it fails, with its warning.
 */
async function vetscoreLeads(market: Market, options: FetchOptions): Promise<SourceResult> {
  if (!options.feed) return scrapeClassifieds(market, options)
  const fromFeed = await options.feed.listings(market, options)
  if (!fromFeed.failed) return fromFeed
  const scraped = await scrapeClassifieds(market, options)
  return { ...scraped, warnings: [...fromFeed.warnings, ...scraped.warnings] }
}
