/**
 * A minimal DER reader (ITU-T X.690 §8, §10) for the few X.509 fields the audit reports. It
 * never recurses: callers walk the fixed certificate structure one level at a time, and every
 * length is checked against the bytes that are left, so a hostile certificate costs at most
 * linear time and fails with DerError.
 */
export class DerError extends Error {}

export type Tlv = { tag: number; start: number; end: number; bytes: Uint8Array }

/** One TLV at `at` of `buf` (bounded by `limit`). */
export function readTlv(buf: Uint8Array, at: number, limit = buf.length): Tlv & { next: number } {
  if (at + 2 > limit) throw new DerError('truncated TLV')
  const tag = buf[at]
  // Multi-byte tags (X.690 §8.1.2.4) are not used by the fields read here.
  if ((tag & 0x1f) === 0x1f) throw new DerError('high tag number')
  let length = buf[at + 1]
  let start = at + 2
  if (length & 0x80) {
    const count = length & 0x7f
    // DER lengths in a certificate fit in 4 bytes; 0x80 (indefinite) is BER only.
    if (count === 0 || count > 4 || start + count > limit) throw new DerError('bad length')
    length = 0
    for (let i = 0; i < count; i++) length = length * 256 + buf[start + i]
    start += count
  }
  const end = start + length
  if (end > limit) throw new DerError('length past the end')
  return { tag, start, end, bytes: buf.subarray(start, end), next: end }
}

/** The TLVs directly inside a constructed value. */
export function children(buf: Uint8Array, parent: Tlv): Tlv[] {
  const out: Tlv[] = []
  for (let at = parent.start; at < parent.end; ) {
    const tlv = readTlv(buf, at, parent.end)
    out.push(tlv)
    at = tlv.next
  }
  return out
}

export function expectTag(tlv: Tlv | undefined, tag: number, what: string): Tlv {
  if (!tlv || tlv.tag !== tag) throw new DerError(`expected ${what}`)
  return tlv
}

export function oid(tlv: Tlv): string {
  const b = tlv.bytes
  if (tlv.tag !== 0x06 || b.length === 0 || b.length > 64) throw new DerError('bad OID')
  const parts: number[] = []
  let value = 0
  for (const byte of b) {
    value = value * 128 + (byte & 0x7f)
    if (!(byte & 0x80)) {
      parts.push(value)
      value = 0
    }
  }
  const first = parts.shift() ?? 0
  const head = first < 80 ? [Math.floor(first / 40), first % 40] : [2, first - 80]
  return [...head, ...parts].join('.')
}

/** UTCTime (X.690 §11.8, years 1950-2049) or GeneralizedTime, as ISO 8601. */
export function time(tlv: Tlv): string {
  const s = new TextDecoder().decode(tlv.bytes)
  let year: number
  let rest: string
  if (tlv.tag === 0x17) {
    const yy = Number(s.slice(0, 2))
    year = yy < 50 ? 2000 + yy : 1900 + yy
    rest = s.slice(2)
  } else if (tlv.tag === 0x18) {
    year = Number(s.slice(0, 4))
    rest = s.slice(4)
  } else throw new DerError('bad time')
  const n = (i: number) => Number(rest.slice(i, i + 2))
  const ms = Date.UTC(year, n(0) - 1, n(2), n(4), n(6), n(8))
  if (!Number.isFinite(ms) || !rest.endsWith('Z')) throw new DerError('bad time')
  return new Date(ms).toISOString()
}

/** The directory string types of X.520 names (RFC 5280 §4.1.2.4). */
export function text(tlv: Tlv): string {
  const b = tlv.bytes.subarray(0, 1024) // names are short; a longer one is cut, not spread
  switch (tlv.tag) {
    case 0x0c: // UTF8String
      return new TextDecoder().decode(b)
    case 0x1e: // BMPString, UTF-16BE
      return String.fromCharCode(...Array.from({ length: b.length >> 1 }, (_, i) => (b[2 * i] << 8) | b[2 * i + 1]))
    default: // PrintableString, IA5String, TeletexString (read as Latin-1), and others
      return String.fromCharCode(...b)
  }
}

export function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}
