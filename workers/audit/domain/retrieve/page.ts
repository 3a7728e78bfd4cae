import type { HttpFetcher } from '../../../../shared/http-fetcher'
import { scanHtml, type HtmlScan } from './html-scan'

/** One HTTP answer as the analysers see it: the status, the headers they read, what the HTML holds. */
export type PageResponse = {
  url: string
  status: number
  /** Lowercased header name → value as the runtime joins repeated headers (", "). */
  headers: Record<string, string>
  /** Each Set-Cookie header on its own (they cannot be joined), at most MAX_COOKIES. */
  cookies: string[]
  /** The scan of the page when it is HTML and not a redirect, else null. */
  html: HtmlScan | null
}

export type FetchFailure = {
  /** `tls`: the runtime refused the certificate or the TLS handshake; `timeout`; `network`: anything else. */
  kind: 'tls' | 'timeout' | 'network'
  message: string
}

export type FetchOutcome = { ok: true; response: PageResponse } | { ok: false; failure: FetchFailure }

/** Headers the analysers and the report read; nothing else is kept. */
const KEPT_HEADERS = [
  'location',
  'content-type',
  'strict-transport-security',
  'content-security-policy',
  'content-security-policy-report-only',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'cross-origin-resource-policy',
  'cross-origin-opener-policy',
  'cross-origin-embedder-policy',
] as const

// Header values are cut here before anyone reads them (the Observatory cuts at 1024 for HSTS).
const MAX_HEADER_VALUE = 4096
// The page is read up to here (the Observatory reads whole pages; a prefix keeps the cost bounded).
export const MAX_HTML_BYTES = 64 * 1024
const MAX_COOKIES = 50

export function classifyFailure(err: unknown): FetchFailure {
  const e = err as { name?: string; message?: string }
  const message = String(e?.message ?? err)
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError' || /timed? ?out/i.test(message)) return { kind: 'timeout', message }
  // workerd reports e.g. "TLS peer's certificate is not trusted; reason = certificate has expired".
  if (/certificate|\btls\b|\bssl\b|handshake/i.test(message)) return { kind: 'tls', message }
  return { kind: 'network', message }
}

/** GETs `url` without following redirects and keeps what the analysers need. Never throws. */
export async function fetchPage(
  fetcher: HttpFetcher,
  url: string,
  options: { signal?: AbortSignal; userAgent: string; origin?: string }
): Promise<FetchOutcome> {
  let res: Response
  try {
    res = await fetcher(url, {
      method: 'GET',
      redirect: 'manual',
      headers: {
        'user-agent': options.userAgent,
        accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
        ...(options.origin ? { origin: options.origin } : {}),
      },
      signal: options.signal,
    })
  } catch (err) {
    return { ok: false, failure: classifyFailure(err) }
  }
  // Workers' fetch() answers 525/526 itself when the origin's TLS handshake or certificate fails
  // (developers.cloudflare.com/support/troubleshooting/http-status-codes/cloudflare-5xx-errors/).
  if (url.startsWith('https:') && (res.status === 525 || res.status === 526)) {
    await res.body?.cancel()
    const what = res.status === 525 ? 'the TLS handshake failed' : 'the certificate is not valid'
    return { ok: false, failure: { kind: 'tls', message: `HTTP ${res.status}: ${what}` } }
  }
  const headers: Record<string, string> = {}
  for (const name of KEPT_HEADERS) {
    const value = res.headers.get(name)
    if (value !== null) headers[name] = value.slice(0, MAX_HEADER_VALUE)
  }
  const cookies = setCookies(res.headers)
    .slice(0, MAX_COOKIES)
    .map((c) => c.slice(0, MAX_HEADER_VALUE))
  let html: HtmlScan | null = null
  const isRedirect = res.status >= 300 && res.status < 400
  try {
    if (isHtmlType(headers['content-type']) && !isRedirect && res.body) html = await scanHtml(await readPrefix(res.body, MAX_HTML_BYTES))
    else await res.body?.cancel()
  } catch {
    // A body that breaks off mid-way still leaves the headers to grade.
  }
  return { ok: true, response: { url, status: res.status, headers, cookies, html } }
}

/** Each Set-Cookie on its own (Fetch Standard `getSetCookie()`; workerd also has `getAll`). */
function setCookies(headers: Headers): string[] {
  const h = headers as unknown as { getSetCookie?: () => string[]; getAll?: (name: string) => string[] }
  return h.getSetCookie?.() ?? h.getAll?.('set-cookie') ?? []
}

/** text/html or application/xhtml+xml (the media type only; parameters ignored). */
export function isHtmlType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';', 1)[0].trim().toLowerCase()
  return type === 'text/html' || type === 'application/xhtml+xml'
}

/** At most `max` bytes of the body, in one buffer; the rest is never read. */
export async function readPrefix(body: ReadableStream<Uint8Array>, max: number): Promise<Uint8Array<ArrayBuffer>> {
  const reader = body.getReader()
  const out = new Uint8Array(max)
  let size = 0
  try {
    while (size < max) {
      const { done, value } = await reader.read()
      if (done) break
      const take = Math.min(value.byteLength, max - size)
      out.set(value.subarray(0, take), size)
      size += take
    }
  } finally {
    await reader.cancel().catch(() => {})
  }
  return out.subarray(0, size)
}
