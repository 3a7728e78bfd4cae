import type { Context } from 'hono'
import { html, raw } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'

/** Markup built by `markup`: safe to interpolate into another template as it is. */
export type Markup = HtmlEscapedString

/**
 * The one way pages are written: Hono's `html` template, where every interpolated value is
 * escaped unless it is itself `Markup` (arrays are joined, null/false/undefined vanish). Our
 * pages put no promise inside, so the result is synchronous.
 */
export function markup(strings: TemplateStringsArray, ...values: unknown[]): Markup {
  return html(strings, ...values) as Markup
}

/**
 * Markup a sanitizer or a trusted renderer produced (sanitized Markdown, highlighted code).
 * Each worker calls this in one place, next to the code that made the markup safe.
 */
export function trustedMarkup(safeHtml: string): Markup {
  return raw(safeHtml)
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (ch) => ESCAPES[ch])
}

const hashes = new Map<string, Promise<string>>()

/** `'sha256-…'` source for an inline `<style>` block, computed once per distinct stylesheet. */
export function styleHash(css: string): Promise<string> {
  let hash = hashes.get(css)
  if (!hash) {
    hash = crypto.subtle
      .digest('SHA-256', new TextEncoder().encode(css))
      .then((d) => `'sha256-${btoa(String.fromCharCode(...new Uint8Array(d)))}'`)
    hashes.set(css, hash)
  }
  return hash
}

/**
 * Headers on every HTML page we serve. No scripts at all; the only style is the page's own
 * inline stylesheet, allowed by its hash. This earns full marks under the Observatory-style
 * rules our audit service applies (CSP default-src 'none', XFO, XCTO, Referrer-Policy).
 */
export type PagePolicy = {
  css?: string
  /** Sources for images; drops allow remote images (`https: data:`). */
  imgSrc?: string
  /** `'none'` for pages without forms. */
  formAction?: string
}

export async function pageHeaders(c: Context, policy: PagePolicy = {}): Promise<void> {
  c.header(
    'Content-Security-Policy',
    [
      "default-src 'none'",
      `style-src ${await styleHash(policy.css ?? BASE_CSS)}`,
      `img-src ${policy.imgSrc ?? "'self'"}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
      `form-action ${policy.formAction ?? "'none'"}`,
    ].join('; ')
  )
}

function framedByName(csp: string | null): boolean {
  const directive = (csp ?? '')
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('frame-ancestors '))
  return directive !== undefined && directive !== "frame-ancestors 'none'"
}

/** Headers every response gets, JSON included. Pages tighten the CSP with `pageHeaders`. */
export function baseSecurityHeaders(c: Context): void {
  if (!c.res.headers.has('Content-Security-Policy')) {
    c.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
  }
  c.header('X-Content-Type-Options', 'nosniff')
  c.header('Referrer-Policy', 'no-referrer')
  // A page that names who may frame it (the screening embed, CSP frame-ancestors with
  // origins) must not be contradicted by XFO DENY; every other answer stays unframeable.
  if (!framedByName(c.res.headers.get('Content-Security-Policy'))) c.header('X-Frame-Options', 'DENY')
  c.header('Cross-Origin-Opener-Policy', 'same-origin')
  // A route serving embeddable images (audit badges) sets its own.
  if (!c.res.headers.has('Cross-Origin-Resource-Policy')) c.header('Cross-Origin-Resource-Policy', 'same-origin')
  if (new URL(c.req.url).protocol === 'https:') {
    c.header('Strict-Transport-Security', 'max-age=63072000; includeSubDomains; preload')
  }
}

/** Shared look for the simple pages (docs, dashboards, status pages): system fonts, light/dark. */
export const BASE_CSS = `:root{color-scheme:light dark;--fg:#1b1f24;--bg:#fff;--muted:#57606a;--line:#d0d7de;--code:#f6f8fa;--accent:#0969da}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--bg:#0d1117;--muted:#8d96a0;--line:#30363d;--code:#161b22;--accent:#4493f8}}
*{box-sizing:border-box}html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{max-width:46rem;margin:0 auto;padding:2rem 1.25rem 4rem}
a{color:var(--accent)}h1,h2,h3{line-height:1.25}
code,pre{font:0.875em/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--code);border-radius:6px}
code{padding:.15em .35em}pre{padding:1rem;overflow:auto}pre code{padding:0;background:none}
table{border-collapse:collapse;width:100%;display:block;overflow-x:auto}th,td{border:1px solid var(--line);padding:.4rem .6rem;text-align:left;vertical-align:top}
.muted{color:var(--muted)}footer{margin-top:3rem;padding-top:1rem;border-top:1px solid var(--line);color:var(--muted);font-size:.9rem}`

/**
 * A complete HTML document around `body` with the shared look. `body` and `head` are Markup
 * (built with markup``), so a plain string, which could hold unescaped input, does not type-check.
 */
export function htmlDocument(options: { title: string; body: Markup; css?: string; head?: Markup; lang?: string }): string {
  return `<!doctype html>
<html lang="${escapeHtml(options.lang ?? 'en')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
${options.head ? `${options.head}\n` : ''}<style>${options.css ?? BASE_CSS}</style>
</head>
<body>
${options.body}
</body>
</html>`
}

/** Sends a page with the strict page CSP. */
export async function sendPage(
  c: Context,
  html: string,
  status: 200 | 400 | 401 | 403 | 404 | 410 | 413 | 422 | 429 | 451 | 503 = 200,
  policy: PagePolicy = {}
): Promise<Response> {
  await pageHeaders(c, policy)
  return c.html(html, status)
}
