import type { HttpFetcher } from '../../../../shared/http-fetcher'
import { EntsoeError } from './errors'
import { FR_BIDDING_ZONE, parseEntsoeBody, type EntsoeOutcome } from './day-ahead'
import { parseGlBody, type GlOutcome, type GlQuery } from './load-generation'
import { HOUR_MS, dayStartUtc } from '../time/paris'

export const ENTSOE_API = 'https://web-api.tp.entsoe.eu/api'

// The platform bans a client for 10 minutes after too many requests (API guide §1.8).
const DEFAULT_BAN_SECONDS = 600

/** `YYYYMMDDHHmm` in UTC, the platform's periodStart/periodEnd format. */
export function entsoePeriod(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace(/[-T:]/g, '')
}

/**
 * URL of the day-ahead price query (documentType A44, 12.1.D) for a zone's delivery days
 * [from, to): the window runs from local midnight of `from` to local midnight of `to`, in UTC.
 */
export function dayAheadUrl(
  token: string,
  from: string,
  to: string,
  zone: { eic: string; baseOffsetMs: number } = { eic: FR_BIDDING_ZONE, baseOffsetMs: HOUR_MS }
): string {
  const params = new URLSearchParams({
    securityToken: token,
    documentType: 'A44',
    in_Domain: zone.eic,
    out_Domain: zone.eic,
    'contract_MarketAgreement.type': 'A01',
    periodStart: entsoePeriod(dayStartUtc(from, zone.baseOffsetMs)),
    periodEnd: entsoePeriod(dayStartUtc(to, zone.baseOffsetMs)),
  })
  return `${ENTSOE_API}?${params}`
}

/**
 * Fetches and reads a zone's day-ahead prices (France by default) for delivery days [from, to). The token is
 * never echoed into an error message (it travels in the query string).
 */
export async function fetchDayAhead(input: {
  fetcher: HttpFetcher
  token: string
  from: string
  to: string
  zone?: { eic: string; baseOffsetMs: number }
}): Promise<EntsoeOutcome> {
  const body = await requestEntsoe(input.fetcher, dayAheadUrl(input.token, input.from, input.to, input.zone))
  return parseEntsoeBody(body, input.zone?.eic ?? FR_BIDDING_ZONE)
}

/**
 * URL of a load or generation query for a zone's delivery days [from, to) (API guide 4.1:
 * load takes `outBiddingZone_Domain`, generation per type `in_Domain`).
 */
export function glUrl(token: string, query: GlQuery, from: string, to: string, zone: { eic: string; baseOffsetMs: number }): string {
  const params = new URLSearchParams({
    securityToken: token,
    documentType: query.documentType,
    processType: query.processType,
    ...(query.documentType === 'A65' ? { outBiddingZone_Domain: zone.eic } : { in_Domain: zone.eic }),
    periodStart: entsoePeriod(dayStartUtc(from, zone.baseOffsetMs)),
    periodEnd: entsoePeriod(dayStartUtc(to, zone.baseOffsetMs)),
  })
  return `${ENTSOE_API}?${params}`
}

/** Fetches and reads a zone's load or generation document for delivery days [from, to). */
export async function fetchGl(input: {
  fetcher: HttpFetcher
  token: string
  query: GlQuery
  from: string
  to: string
  zone: { eic: string; baseOffsetMs: number }
}): Promise<GlOutcome> {
  const body = await requestEntsoe(input.fetcher, glUrl(input.token, input.query, input.from, input.to, input.zone))
  return parseGlBody(body, input.query, input.zone.eic)
}

/** One ENTSO-E request: the body of a 200 or 400 (both carry a document), EntsoeError otherwise. */
async function requestEntsoe(fetcher: HttpFetcher, url: string): Promise<string> {
  let res: Response
  try {
    res = await fetcher(url, { headers: { accept: 'application/xml' } })
  } catch (err) {
    throw new EntsoeError('UPSTREAM', `ENTSO-E could not be reached: ${(err as Error).name}.`)
  }
  const body = await res.text()
  if (res.status === 429) {
    const retry = Number(res.headers.get('retry-after'))
    throw new EntsoeError(
      'RATE_LIMITED',
      'ENTSO-E rate limit reached (400 requests per minute); backing off.',
      retry > 0 ? retry : DEFAULT_BAN_SECONDS
    )
  }
  if (res.status === 401 || res.status === 403) {
    throw new EntsoeError('UNAUTHORIZED', 'ENTSO-E refused the security token (missing or invalid ENTSOE_TOKEN).')
  }
  if (res.status >= 500) throw new EntsoeError('UPSTREAM', `ENTSO-E answered HTTP ${res.status}.`)
  // 200 and 400 both carry a document: data, or an acknowledgement saying why not.
  return body
}
