import type { HttpFetcher } from '../../../../shared/http-fetcher'
import { dayStartUtc, isoParis } from '../time/paris'
import { csvAsJson } from './csv'
import { RteError } from './errors'

export const RTE_TOKEN_URL = 'https://digital.iservices.rte-france.com/token/oauth/'
export const RTE_API = 'https://digital.iservices.rte-france.com/open_api'

/** RTE data resources this service reads (data.rte-france.com catalogue). */
export const RTE_RESOURCES = {
  /** Balancing Capacity v5: results of the FCR, aFRR and mFRR/RR capacity tenders. */
  procuredReserves: 'balancing_capacity/v5/result_procured_reserves',
  /** Balancing Energy v5: aFRR energy activated through PICASSO, per quarter-hour. */
  standardAfrr: 'balancing_energy/v5/standard_afrr_data',
  /** Balancing Energy v5: mFRR energy activated through MARI, per quarter-hour. */
  standardMfrr: 'balancing_energy/v5/standard_mfrr_data',
  /** Balancing Energy v5: aFRR marginal prices of each PICASSO cycle, 4-second steps (rte/marginal.ts). */
  afrrMarginal: 'balancing_energy/v5/afrr_marginal_price',
} as const

export { RteError, type RteErrorCode } from './errors'

export type CachedToken = { accessToken: string; expiresAt: number }

/** Where the OAuth2 token lives between invocations (KV in the worker, memory in scripts). */
export type TokenCache = {
  get(): Promise<CachedToken | null>
  put(token: CachedToken, ttlSeconds: number): Promise<void>
  delete(): Promise<void>
}

export function memoryTokenCache(): TokenCache {
  let held: CachedToken | null = null
  return {
    get: async () => held,
    put: async (t) => void (held = t),
    delete: async () => void (held = null),
  }
}

// A cached token is dropped this long before it expires, so no request carries a token that
// lapses on the way. RTE tokens last about two hours.
export const EXPIRY_MARGIN_SECONDS = 300
// When RTE says 429 without Retry-After, wait this long before the next call.
const DEFAULT_RETRY_SECONDS = 60

/**
 * RTE data API client: OAuth2 client credentials (client id and secret as HTTP Basic,
 * `grant_type=client_credentials`), the token cached until shortly before it expires,
 * one retry with a fresh token when a data call answers 401, 204 read as "no data" and
 * 429 reported with the delay to respect.
 */
export class RteClient {
  constructor(
    private readonly opts: {
      fetcher: HttpFetcher
      clientId?: string
      clientSecret?: string
      cache: TokenCache
      now: () => number
    }
  ) {}

  async token(): Promise<string> {
    const cached = await this.opts.cache.get()
    if (cached && cached.expiresAt - EXPIRY_MARGIN_SECONDS * 1000 > this.opts.now()) return cached.accessToken
    return this.freshToken()
  }

  private async freshToken(): Promise<string> {
    const { clientId, clientSecret } = this.opts
    if (!clientId || !clientSecret) throw new RteError('NOT_CONFIGURED', 'RTE_CLIENT_ID and RTE_CLIENT_SECRET are not set.')
    const res = await this.call(RTE_TOKEN_URL, {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    })
    if (res.status === 400 || res.status === 401 || res.status === 403) {
      throw new RteError('UNAUTHORIZED', `RTE refused the client credentials (HTTP ${res.status}).`)
    }
    await this.checkStatus(res)
    const body = (await readJson(res, null)) as { access_token?: unknown; expires_in?: unknown }
    if (typeof body.access_token !== 'string' || !body.access_token)
      throw new RteError('MALFORMED', 'RTE token response has no access_token.')
    const lifetime = Number(body.expires_in) > 0 ? Number(body.expires_in) : 3600
    const ttl = lifetime - EXPIRY_MARGIN_SECONDS
    if (ttl > 0) await this.opts.cache.put({ accessToken: body.access_token, expiresAt: this.opts.now() + lifetime * 1000 }, ttl)
    return body.access_token
  }

  /** GET a resource; null when RTE answers 204 (no data for the window). */
  async get(resource: string, params: Record<string, string>): Promise<unknown | null> {
    const url = `${RTE_API}/${resource}?${new URLSearchParams(params)}`
    let res = await this.call(url, { headers: { authorization: `Bearer ${await this.token()}`, accept: 'application/json' } })
    if (res.status === 401) {
      // The cached token was revoked or expired early: forget it and try once more.
      await this.opts.cache.delete()
      res = await this.call(url, { headers: { authorization: `Bearer ${await this.freshToken()}`, accept: 'application/json' } })
      if (res.status === 401)
        throw new RteError('UNAUTHORIZED', `RTE refused a fresh token for ${resource}; check the application's API subscriptions.`)
    }
    if (res.status === 204) return null
    await this.checkStatus(res)
    return readJson(res, resource)
  }

  /** GET a resource for Paris delivery days [from, to). */
  getDays(resource: string, from: string, to: string): Promise<unknown | null> {
    return this.get(resource, { start_date: isoParis(dayStartUtc(from)), end_date: isoParis(dayStartUtc(to)) })
  }

  private async call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.opts.fetcher(url, init)
    } catch (err) {
      throw new RteError('UPSTREAM', `RTE could not be reached: ${(err as Error).name}.`)
    }
  }

  private async checkStatus(res: Response): Promise<void> {
    if (res.status === 429) {
      const retry = Number(res.headers.get('retry-after'))
      throw new RteError('RATE_LIMITED', 'RTE rate limit reached; backing off.', retry > 0 ? retry : DEFAULT_RETRY_SECONDS)
    }
    if (res.status >= 400) {
      const detail = (await res.text().catch(() => '')).slice(0, 200).replace(/\s+/g, ' ')
      throw new RteError('UPSTREAM', `RTE answered HTTP ${res.status}${detail ? `: ${detail}` : ''}.`)
    }
  }
}

async function readJson(res: Response, resource: string | null): Promise<unknown> {
  const text = await res.text().catch(() => {
    throw new RteError('UPSTREAM', 'The RTE answer could not be read.')
  })
  // RTE answers some resources in CSV (rte/csv.ts): read into the JSON answer's shape.
  if (resource && (res.headers.get('content-type') ?? '').includes('text/csv')) return csvAsJson(text, resource)
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
  } catch {
    throw new RteError('MALFORMED', 'RTE answered with a body that is not JSON.')
  }
}
