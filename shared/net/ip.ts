/**
 * IP address parsing and classification, shared by the audit target checks, webhook target
 * checks and the canonical client identity of rate limits. Audited addresses come from DNS
 * answers (already in canonical text form); hostile notations in user input are caught
 * earlier by the URL parser (shared/net/hostname.ts), which turns every IPv4
 * spelling into dotted decimal. Client addresses come from CF-Connecting-IP.
 */

export type AddressClass =
  | 'public'
  | 'private'
  | 'loopback'
  | 'link-local'
  | 'cgnat'
  | 'multicast'
  | 'reserved'
  | 'unspecified'
  | 'documentation'
  | 'benchmarking'

/** Four octets, or null when `text` is not exactly dotted decimal. */
export function parseIPv4(text: string): number[] | null {
  const parts = text.split('.')
  if (parts.length !== 4) return null
  const out: number[] = []
  for (const p of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(p)) return null
    const n = Number(p)
    if (n > 255) return null
    out.push(n)
  }
  return out
}

/** Eight 16-bit groups, or null when `text` is not an IPv6 address (zone ids refused). */
export function parseIPv6(text: string): number[] | null {
  let s = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text
  if (!/^[0-9a-fA-F:.]+$/.test(s) || !s.includes(':')) return null
  // A trailing dotted IPv4 part (::ffff:1.2.3.4) stands for the last two groups.
  if (s.includes('.')) {
    const cut = s.lastIndexOf(':')
    const v4 = parseIPv4(s.slice(cut + 1))
    if (!v4) return null
    s = `${s.slice(0, cut + 1)}${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`
  }
  const halves = s.split('::')
  if (halves.length > 2) return null
  const groupsOf = (part: string): number[] | null => {
    if (part === '') return []
    const out: number[] = []
    for (const g of part.split(':')) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null
      out.push(parseInt(g, 16))
    }
    return out
  }
  const head = groupsOf(halves[0])
  if (!head) return null
  if (halves.length === 1) return head.length === 8 ? head : null
  const tail = groupsOf(halves[1])
  if (!tail || head.length + tail.length > 7) return null
  return [...head, ...new Array(8 - head.length - tail.length).fill(0), ...tail]
}

type V4Range = [number[], number, AddressClass]

// IANA IPv4 Special-Purpose Address Registry (RFC 6890 and updates) plus multicast (RFC 5771)
// and the reserved class E block (RFC 1112 §4). Anything listed here is refused as a target.
const V4_RANGES: V4Range[] = [
  [[0, 0, 0, 0], 8, 'unspecified'], // "this network", RFC 791
  [[10, 0, 0, 0], 8, 'private'], // RFC 1918
  [[100, 64, 0, 0], 10, 'cgnat'], // shared address space, RFC 6598
  [[127, 0, 0, 0], 8, 'loopback'], // RFC 1122 §3.2.1.3
  [[169, 254, 0, 0], 16, 'link-local'], // RFC 3927
  [[172, 16, 0, 0], 12, 'private'], // RFC 1918
  [[192, 0, 0, 0], 24, 'reserved'], // IETF protocol assignments, RFC 6890
  [[192, 0, 2, 0], 24, 'documentation'], // TEST-NET-1, RFC 5737
  [[192, 31, 196, 0], 24, 'reserved'], // AS112-v4, RFC 7535
  [[192, 52, 193, 0], 24, 'reserved'], // AMT, RFC 7450
  [[192, 88, 99, 0], 24, 'reserved'], // deprecated 6to4 relay anycast, RFC 7526
  [[192, 168, 0, 0], 16, 'private'], // RFC 1918
  [[192, 175, 48, 0], 24, 'reserved'], // direct delegation AS112, RFC 7534
  [[198, 18, 0, 0], 15, 'benchmarking'], // RFC 2544
  [[198, 51, 100, 0], 24, 'documentation'], // TEST-NET-2, RFC 5737
  [[203, 0, 113, 0], 24, 'documentation'], // TEST-NET-3, RFC 5737
  [[224, 0, 0, 0], 4, 'multicast'], // RFC 5771
  [[240, 0, 0, 0], 4, 'reserved'], // class E and limited broadcast, RFC 1112 / RFC 919
]

function v4ToInt(o: number[]): number {
  return ((o[0] << 24) | (o[1] << 16) | (o[2] << 8) | o[3]) >>> 0
}

export function classifyIPv4(octets: number[]): AddressClass {
  const ip = v4ToInt(octets)
  for (const [base, bits, cls] of V4_RANGES) {
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0
    if ((ip & mask) >>> 0 === (v4ToInt(base) & mask) >>> 0) return cls
  }
  return 'public'
}

type V6Range = [number[], number, AddressClass]

// IANA IPv6 Special-Purpose Address Registry (RFC 6890 and updates). Ranges that embed an IPv4
// address (mapped, NAT64, 6to4, Teredo) are judged by the embedded address below.
const V6_RANGES: V6Range[] = [
  [[0x0100, 0, 0, 0, 0, 0, 0, 0], 64, 'reserved'], // discard-only, RFC 6666
  [[0x2001, 0, 0, 0, 0, 0, 0, 0], 23, 'reserved'], // IETF protocol assignments, RFC 2928
  [[0x2001, 0x0db8, 0, 0, 0, 0, 0, 0], 32, 'documentation'], // RFC 3849
  [[0x3fff, 0, 0, 0, 0, 0, 0, 0], 20, 'documentation'], // RFC 9637
  [[0x5f00, 0, 0, 0, 0, 0, 0, 0], 16, 'reserved'], // SRv6 SIDs, RFC 9602
  [[0xfc00, 0, 0, 0, 0, 0, 0, 0], 7, 'private'], // unique local, RFC 4193
  [[0xfe80, 0, 0, 0, 0, 0, 0, 0], 10, 'link-local'], // RFC 4291 §2.5.6
  [[0xfec0, 0, 0, 0, 0, 0, 0, 0], 10, 'private'], // deprecated site-local, RFC 3879
  [[0xff00, 0, 0, 0, 0, 0, 0, 0], 8, 'multicast'], // RFC 4291 §2.7
]

function inV6Range(groups: number[], base: number[], bits: number): boolean {
  for (let i = 0; i < 8 && bits > 0; i++, bits -= 16) {
    const take = Math.min(16, bits)
    const mask = (0xffff << (16 - take)) & 0xffff
    if ((groups[i] & mask) !== (base[i] & mask)) return false
  }
  return true
}

export function classifyIPv6(groups: number[]): AddressClass {
  const zeroHead = (n: number) => groups.slice(0, n).every((g) => g === 0)
  if (zeroHead(8)) return 'unspecified' // ::, RFC 4291 §2.5.2
  if (zeroHead(7) && groups[7] === 1) return 'loopback' // ::1, RFC 4291 §2.5.3
  const embedded = (hi: number, lo: number) => classifyIPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff])
  // IPv4-mapped ::ffff:0:0/96 (RFC 4291 §2.5.5.2) and IPv4-compatible ::/96 (deprecated).
  if (zeroHead(5) && (groups[5] === 0xffff || groups[5] === 0)) {
    const cls = embedded(groups[6], groups[7])
    return cls === 'public' && groups[5] === 0 ? 'reserved' : cls
  }
  // NAT64 well-known prefix 64:ff9b::/96 (RFC 6052) and local-use 64:ff9b:1::/48 (RFC 8215).
  if (groups[0] === 0x64 && groups[1] === 0xff9b) {
    if (groups[2] === 1) return 'private'
    if (groups.slice(2, 6).every((g) => g === 0)) return embedded(groups[6], groups[7])
  }
  // 6to4 2002::/16 carries an IPv4 address in bits 16-47 (RFC 3056).
  if (groups[0] === 0x2002) return embedded(groups[1], groups[2])
  // Teredo 2001::/32 carries the client's IPv4 address inverted in the last 32 bits (RFC 4380).
  if (groups[0] === 0x2001 && groups[1] === 0) return embedded(groups[6] ^ 0xffff, groups[7] ^ 0xffff)
  for (const [base, bits, cls] of V6_RANGES) if (inV6Range(groups, base, bits)) return cls
  // Only global unicast 2000::/3 is routable on the public internet (RFC 4291 §2.4).
  if ((groups[0] & 0xe000) !== 0x2000) return 'reserved'
  return 'public'
}

/** Classifies an address in text form; null when the text is not an IP address. */
export function classifyAddress(text: string): AddressClass | null {
  const v4 = parseIPv4(text)
  if (v4) return classifyIPv4(v4)
  const v6 = parseIPv6(text)
  if (v6) return classifyIPv6(v6)
  return null
}
