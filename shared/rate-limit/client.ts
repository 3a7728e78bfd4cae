import type { Context } from 'hono'
import { parseIPv4, parseIPv6 } from '../net/ip'

/**
 * The canonical client a per-client limit counts against.
 *
 * - Only `CF-Connecting-IP` is read: Cloudflare's edge sets it and a client cannot forge it
 *   there; `X-Forwarded-For`, `X-Real-IP` and the like are whatever the client wrote.
 * - IPv4 in dotted decimal (`1.2.3.4`); an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) is
 *   that IPv4 client.
 * - IPv6 by its /64 prefix, canonical (RFC 5952 lower-case, zero groups compressed): one
 *   subscriber line usually holds a whole /64, so counting single addresses would give one
 *   person 2^64 buckets. Every spelling of an address or prefix lands in the same bucket.
 * - Anything else (no header, as in local tools and tests without one) is `unknown`, one
 *   bucket shared by all such callers.
 */
export function clientIp(c: Context): string {
  return canonicalClient(c.req.header('cf-connecting-ip'))
}

/** `clientIp` on a raw header value; exported for tests and non-Hono callers. */
export function canonicalClient(header: string | undefined): string {
  const text = header?.trim() ?? ''
  // An address is at most 45 characters; anything longer is not one (and is not parsed).
  if (text === '' || text.length > 45) return 'unknown'
  const v4 = parseIPv4(text)
  if (v4) return v4.join('.')
  const v6 = parseIPv6(text)
  if (!v6) return 'unknown'
  const mapped = v6.slice(0, 5).every((g) => g === 0) && v6[5] === 0xffff
  if (mapped) return [v6[6] >> 8, v6[6] & 0xff, v6[7] >> 8, v6[7] & 0xff].join('.')
  return prefix64(v6)
}

/**
 * The /64 in RFC 5952 form. Its last four groups are zero, and that run of four or more is
 * always the longest (a zero run inside the first four can be at most three long unless it
 * joins it), so the canonical text is the prefix without its trailing zero groups, then `::`.
 */
function prefix64(groups: number[]): string {
  const head = groups.slice(0, 4)
  while (head.length > 0 && head[head.length - 1] === 0) head.pop()
  return `${head.map((g) => g.toString(16)).join(':')}::/64`
}
