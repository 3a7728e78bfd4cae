import type { HttpFetcher } from '../http-fetcher'
import { parseIPv4, parseIPv6 } from './ip'

/**
 * DNS over HTTPS, JSON flavour (https://developers.cloudflare.com/1.1.1.1/encryption/dns-over-https/make-api-requests/dns-json/).
 * `node:dns` `lookup` is not implemented in workerd, and the JSON API goes through the same
 * injectable fetcher as every other outbound call, so tests replay recorded answers.
 */
export const DOH_ENDPOINT = 'https://cloudflare-dns.com/dns-query'

export type Resolution = {
  /** `nxdomain`: the name does not exist; `nodata`: it exists but has no A/AAAA records. */
  status: 'ok' | 'nxdomain' | 'nodata' | 'servfail'
  addresses: string[]
}

export class DnsUnavailableError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'DnsUnavailableError'
  }
}

// RFC 1035 §3.2.2 / RFC 3596: record types in the `Answer` array.
const TYPE_A = 1
const TYPE_AAAA = 28
// RFC 1035 §4.1.1 RCODEs.
const NOERROR = 0
const SERVFAIL = 2
const NXDOMAIN = 3

const DNS_TIMEOUT_MS = 4000

type DohAnswer = { Status?: number; Answer?: Array<{ type?: number; data?: string }> }

async function query(fetcher: HttpFetcher, name: string, type: 'A' | 'AAAA', signal?: AbortSignal): Promise<DohAnswer> {
  const url = `${DOH_ENDPOINT}?name=${encodeURIComponent(name)}&type=${type}`
  const timeout = AbortSignal.timeout(DNS_TIMEOUT_MS)
  let res: Response
  try {
    res = await fetcher(url, { headers: { accept: 'application/dns-json' }, signal: signal ? AbortSignal.any([signal, timeout]) : timeout })
  } catch (err) {
    throw new DnsUnavailableError(`The DNS resolver could not be reached (${(err as Error).message}).`)
  }
  if (!res.ok) throw new DnsUnavailableError(`The DNS resolver answered HTTP ${res.status}.`)
  try {
    return (await res.json()) as DohAnswer
  } catch {
    throw new DnsUnavailableError('The DNS resolver sent an answer that is not JSON.')
  }
}

/** Resolves A and AAAA records for `name`; throws DnsUnavailableError when the resolver fails. */
export async function resolveHost(fetcher: HttpFetcher, name: string, signal?: AbortSignal): Promise<Resolution> {
  const [a, aaaa] = await Promise.all([query(fetcher, name, 'A', signal), query(fetcher, name, 'AAAA', signal)])
  const addresses: string[] = []
  for (const answer of [a, aaaa]) {
    for (const rr of answer.Answer ?? []) {
      // CNAME (5) and other records in the chain are skipped; only addresses matter here.
      if (rr.type === TYPE_A && typeof rr.data === 'string' && parseIPv4(rr.data)) addresses.push(rr.data)
      if (rr.type === TYPE_AAAA && typeof rr.data === 'string' && parseIPv6(rr.data)) addresses.push(rr.data.toLowerCase())
    }
  }
  if (addresses.length > 0) return { status: 'ok', addresses: [...new Set(addresses)] }
  const statuses = [a.Status, aaaa.Status]
  if (statuses.includes(NXDOMAIN)) return { status: 'nxdomain', addresses }
  if (statuses.every((s) => s === SERVFAIL)) return { status: 'servfail', addresses }
  if (statuses.some((s) => s !== NOERROR && s !== SERVFAIL)) return { status: 'servfail', addresses }
  return { status: 'nodata', addresses }
}

export type Resolver = (name: string) => Promise<Resolution>

/** One resolver per audit: each name is asked once, however many redirect hops name it. */
export function memoResolver(fetcher: HttpFetcher, signal?: AbortSignal): Resolver {
  const seen = new Map<string, Promise<Resolution>>()
  return (name) => {
    let hit = seen.get(name)
    if (!hit) {
      hit = resolveHost(fetcher, name, signal)
      seen.set(name, hit)
    }
    return hit
  }
}
