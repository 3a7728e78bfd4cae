import { getDomain } from 'tldts'
import type { HttpFetcher } from '../../../../shared/http-fetcher'
import { DOH_ENDPOINT } from '../../../../shared/net/dns'

/**
 * CAA records (RFC 8659) through DNS over HTTPS, with the same resolver and fetcher as the
 * target checks. The relevant record set is the first non-empty one climbing from the host
 * towards its registrable domain (§3; the climb stops there, since public suffixes carry none
 * that bind a site's owner). `present: null` when the resolver could not be asked.
 */
export type CaaReport = {
  present: boolean | null
  /** The name whose CAA set applies. */
  name: string | null
  /** CAs allowed to issue (`issue` and `issuewild` values, without parameters). */
  issuers: string[]
  /** Whether an `iodef` address for violation reports is published. */
  iodef: boolean
}

const TYPE_CAA = 257
const MAX_RECORDS = 32

type DohJson = { Status?: number; Answer?: Array<{ type?: number; data?: string }> }

/** One CAA record from a DoH `data` field: presentation form or RFC 3597 `\# len hex`. */
export function parseCaaData(data: string): { tag: string; value: string } | null {
  const text = data.slice(0, 1024).trim()
  if (text.startsWith('\\#')) {
    const hex = text.slice(2).trim().split(' ').slice(1).join('')
    if (hex.length % 2 !== 0 || hex.length < 4) return null
    const bytes = new Uint8Array(hex.length / 2)
    for (let i = 0; i < bytes.length; i++) {
      const b = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)
      if (Number.isNaN(b)) return null
      bytes[i] = b
    }
    // flags(1) tag-length(1) tag value (RFC 8659 §4.1)
    const tagLength = bytes[1]
    if (2 + tagLength > bytes.length) return null
    const decoder = new TextDecoder()
    return { tag: decoder.decode(bytes.subarray(2, 2 + tagLength)).toLowerCase(), value: decoder.decode(bytes.subarray(2 + tagLength)) }
  }
  // `0 issue "letsencrypt.org"`
  const first = text.indexOf(' ')
  const second = first < 0 ? -1 : text.indexOf(' ', first + 1)
  if (second < 0) return null
  const tag = text.slice(first + 1, second).toLowerCase()
  let value = text.slice(second + 1).trim()
  if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1)
  return { tag, value }
}

export async function lookupCaa(fetcher: HttpFetcher, host: string, signal?: AbortSignal): Promise<CaaReport> {
  const site = getDomain(host, { allowPrivateDomains: true }) ?? host
  const names: string[] = []
  for (let name = host; ; name = name.slice(name.indexOf('.') + 1)) {
    names.push(name)
    if (name === site || !name.includes('.') || names.length >= 10) break
  }
  for (const name of names) {
    let body: DohJson
    try {
      const res = await fetcher(`${DOH_ENDPOINT}?name=${encodeURIComponent(name)}&type=CAA`, {
        headers: { accept: 'application/dns-json' },
        signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(4000)]) : AbortSignal.timeout(4000),
      })
      if (!res.ok) return { present: null, name: null, issuers: [], iodef: false }
      body = (await res.json()) as DohJson
    } catch {
      return { present: null, name: null, issuers: [], iodef: false }
    }
    if (body.Status !== 0 && body.Status !== 3) return { present: null, name: null, issuers: [], iodef: false }
    const records = (body.Answer ?? [])
      .filter((rr) => rr.type === TYPE_CAA && typeof rr.data === 'string')
      .slice(0, MAX_RECORDS)
      .map((rr) => parseCaaData(rr.data!))
      .filter((r) => r !== null)
    if (records.length === 0) continue
    const issuers = records
      .filter((r) => r.tag === 'issue' || r.tag === 'issuewild')
      .map((r) => r.value.split(';', 1)[0].trim().slice(0, 200) || ';')
    return { present: true, name, issuers: [...new Set(issuers)], iodef: records.some((r) => r.tag === 'iodef') }
  }
  return { present: false, name: null, issuers: [], iodef: false }
}
