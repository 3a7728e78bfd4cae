import { DomainError } from '../../../shared/errors'
import { scrapeEventData } from '../domain/events'
import { findMarket, type Market } from '../domain/market/cities'
import { runSource } from '../domain/scrape/run'
import type { FetchOptions } from '../domain/scrape/sources'
import type { ScreeningPorts } from '../env'
import type { LeadSource } from '../schemas'

const SOURCE_TIMEOUT_MS = 10_000

type Ports = Pick<ScreeningPorts, 'db' | 'kv' | 'fetcher' | 'now' | 'userAgent' | 'limiters' | 'crawlBudget' | 'feed' | 'emit'>

function resolveMarket(city: string): Market {
  const found = findMarket(city)
  if (found.ok) return found.market
  if (found.reason === 'ambiguous') {
    throw new DomainError('AMBIGUOUS_CITY', `"${city}" names several cities; add the state, for example "${found.candidates[0]}".`, {
      issues: [{ path: 'city', message: 'names several cities; add the state' }],
      candidates: found.candidates,
    })
  }
  const hint = found.suggestions.length > 0 ? ` Did you mean ${found.suggestions.slice(0, 3).join(', ')}?` : ''
  throw new DomainError(
    'UNKNOWN_CITY',
    `"${city}" is not a US city this service knows (US places of 10,000 people or more; write it as "City, ST").${hint}`,
    { issues: [{ path: 'city', message: 'is not a known US city' }], suggestions: found.suggestions }
  )
}

/**
 * Collects rental leads for one city from the chosen sources (the licensed feed first where
 * configured), within the service-wide crawl budget per host, and reports the run to the
 * caller's webhooks.
 */
export async function scrapeLeads(
  ports: Ports,
  input: { city: string; source: LeadSource | 'both'; webhookOwner: string | null }
): Promise<{ city: string } & Pick<Awaited<ReturnType<typeof runSource>>, 'leads' | 'warnings'>> {
  const market = resolveMarket(input.city)
  const sources: LeadSource[] = input.source === 'both' ? ['vetscore', 'zillow'] : [input.source]
  const now = ports.now()
  const options: FetchOptions = {
    fetcher: ports.fetcher,
    userAgent: ports.userAgent,
    timeoutMs: SOURCE_TIMEOUT_MS,
    cache: ports.kv,
    feed: ports.feed,
    // One sliding window per host for the whole service (issue 23): however many callers
    // ask, a site sees at most `crawlBudget` requests a minute from us.
    spend: async (host) => {
      const d = await ports.limiters.getByName(`crawl:${host}`).hit(now.getTime(), ports.crawlBudget, 60_000)
      return d.allowed ? null : d.resetSeconds
    },
  }
  const outcomes = await Promise.all(sources.map((source) => runSource(ports.db, market, source, options, now)))
  const leads = outcomes.flatMap((o) => o.leads)
  const warnings = outcomes.flatMap((o) => o.warnings)
  const failedSources = sources.filter((_, i) => outcomes[i].failed)
  await ports.emit(
    input.webhookOwner,
    'scrape.completed',
    scrapeEventData({ city: market.label, sources, leadCount: leads.length, warnings, failedSources })
  )
  return { city: market.label, leads, warnings }
}
