import type { Resolution, Resolver } from '../../shared/net/dns'
import { parseIPv4, parseIPv6 } from '../../shared/net/ip'

/**
 * The local DNS stand-in (`DEV_DNS`, set by `npm start` from scripts/lib/services.mjs, never in
 * wrangler.toml): JSON `{ "<name>": ["<address>", …] }`, answered without the network so that
 * monitors can be created and run offline. Names it does not list go to DNS over HTTPS as in
 * production. Its addresses pass the same public-address gate as real answers (a name mapped
 * to 127.0.0.1 is still DOMAIN_NOT_PUBLIC), so the SSRF rules do not change.
 *
 * Refused, i.e. never consulted, unless the worker runs locally: BASE_URL must be
 * http://localhost or http://127.0.0.1 (a deployed worker's BASE_URL is https).
 */
export type DevDns = { resolver: Resolver | null; refused: string | null }

const LOCAL_BASE = /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\/?$/
const MAX_NAMES = 1000

export function devDns(setting: string | undefined, baseUrl: string, live: Resolver): DevDns {
  if (!setting) return { resolver: null, refused: null }
  if (!LOCAL_BASE.test(baseUrl)) return { resolver: null, refused: `DEV_DNS ignored: BASE_URL ${baseUrl} is not a local http URL` }
  const zone = parseZone(setting)
  if (!zone) return { resolver: null, refused: 'DEV_DNS ignored: not a JSON object of name → address list' }
  return {
    resolver: (name) => {
      const addresses = zone.get(name)
      return addresses ? Promise.resolve<Resolution>({ status: 'ok', addresses }) : live(name)
    },
    refused: null,
  }
}

function parseZone(setting: string): Map<string, string[]> | null {
  let value: unknown
  try {
    value = JSON.parse(setting)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const zone = new Map<string, string[]>()
  for (const [name, list] of Object.entries(value).slice(0, MAX_NAMES)) {
    const addresses = (Array.isArray(list) ? list : [list]).filter(
      (a): a is string => typeof a === 'string' && (parseIPv4(a) !== null || parseIPv6(a) !== null)
    )
    if (addresses.length > 0) zone.set(name.toLowerCase().replace(/\.$/, ''), addresses)
  }
  return zone
}
