import type { HttpFetcher } from '../../../../shared/http-fetcher'
import { readCertificate, type CertificateFacts } from './x509'

/**
 * Certificate Transparency (RFC 6962) through crt.sh, for when the served certificate cannot be
 * read from a handshake. CT shows certificates that were issued, not the one being served, and
 * lags issuance by up to a day or two; the report says so (`ssl.source`).
 */
export const CRT_SH = 'https://crt.sh/'

type CrtShEntry = {
  id?: number
  issuer_name?: string
  common_name?: string
  name_value?: string
  not_before?: string
  not_after?: string
  serial_number?: string
}

export type CtLookup = { facts: CertificateFacts; crtsh_id: number; parsed: boolean }

/** crt.sh prints UTC timestamps without a zone ("2025-01-01T00:00:00"). */
function utc(s: string | undefined): number {
  if (!s) return NaN
  return Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(s) ? s : `${s}Z`)
}

/** Whether a certificate name (possibly `*.` wildcard, RFC 6125 §6.4.3) covers `host`. */
export function nameCovers(name: string, host: string): boolean {
  const n = name.trim().toLowerCase()
  if (n === host) return true
  if (!n.startsWith('*.')) return false
  const rest = n.slice(1)
  return host.endsWith(rest) && !host.slice(0, -rest.length).includes('.') && host.length > rest.length
}

/**
 * The newest unexpired certificate logged for `host`, or null when crt.sh has none or fails.
 * Its DER is fetched as well, so key size and signature algorithm come from the certificate.
 */
export async function lookupCertificate(fetcher: HttpFetcher, host: string, now: Date, signal?: AbortSignal): Promise<CtLookup | null> {
  let entries: CrtShEntry[]
  try {
    const res = await fetcher(`${CRT_SH}?q=${encodeURIComponent(host)}&output=json&exclude=expired`, {
      headers: { accept: 'application/json' },
      signal,
    })
    if (!res.ok) return null
    const body = await res.json()
    if (!Array.isArray(body)) return null
    entries = body as CrtShEntry[]
  } catch {
    return null
  }
  const t = now.getTime()
  const candidates = entries
    .filter((e) => typeof e.id === 'number' && utc(e.not_before) <= t && t < utc(e.not_after))
    .filter((e) => `${e.name_value ?? ''}\n${e.common_name ?? ''}`.split('\n').some((n) => nameCovers(n, host)))
    .sort((a, b) => utc(b.not_before) - utc(a.not_before) || (b.id ?? 0) - (a.id ?? 0))
  const best = candidates[0]
  if (!best) return null

  try {
    const res = await fetcher(`${CRT_SH}?d=${best.id}`, { signal })
    if (res.ok) return { facts: readCertificate(await res.text()), crtsh_id: best.id!, parsed: true }
  } catch {
    // A failed download or an unparseable PEM still leaves the logged fields below.
  }
  const names = (best.name_value ?? '')
    .split('\n')
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean)
  return {
    crtsh_id: best.id!,
    parsed: false,
    facts: {
      subject: best.common_name ? `CN=${best.common_name}` : '',
      issuer: best.issuer_name ?? '',
      issuer_name: best.issuer_name ?? '',
      not_before: new Date(utc(best.not_before)).toISOString(),
      not_after: new Date(utc(best.not_after)).toISOString(),
      serial: best.serial_number ?? '',
      names,
      key: { algorithm: 'unknown', bits: null },
      signature_algorithm: 'unknown',
      self_signed: false,
    },
  }
}
