import { deviation, type Deviation } from '../deviation'

/**
 * Cookies, graded like the Observatory's cookies test (result names and modifiers in
 * ../shared/data/audit/observatory-tests.md): every cookie set anywhere on the way to the graded
 * page counts. Attributes are read per RFC 6265bis §5.6 (the first `;` ends name=value, attribute
 * names are case-insensitive, the last SameSite wins); a cookie whose `__Secure-`/`__Host-`
 * prefix rules are broken (§4.1.3) is rejected by browsers, so it is listed but not graded.
 *
 * Which cookies are "session" and "anti-CSRF" cookies is the Observatory's own name heuristic:
 * a name containing `sess` or `login` is a session cookie, one containing `csrf` an anti-CSRF
 * token; this service also counts `xsrf` (Angular's XSRF-TOKEN), a departure the finding
 * carries (data/deviations.ts). `heroku-session-affinity`, a load balancer's cookie, is left
 * out as the Observatory leaves it out (mozilla/http-observatory#282).
 */
export type CookieResult =
  | 'cookies-secure-with-httponly-sessions-and-samesite'
  | 'cookies-secure-with-httponly-sessions'
  | 'cookies-not-found'
  | 'cookies-without-secure-flag-but-protected-by-hsts'
  | 'cookies-session-without-secure-flag-but-protected-by-hsts'
  | 'cookies-without-secure-flag'
  | 'cookies-samesite-flag-invalid'
  | 'cookies-anticsrf-without-samesite-flag'
  | 'cookies-session-without-httponly-flag'
  | 'cookies-session-without-secure-flag'

/** One Set-Cookie header and whether it arrived over HTTPS. */
export type SetCookie = { header: string; https: boolean }

export type CookieFacts = {
  name: string
  secure: boolean
  http_only: boolean
  same_site: string | null
  session: boolean
  anti_csrf: boolean
  /** Why a browser would refuse to store it (prefix rules), else null. */
  rejected: string | null
}

export type CookieAnalysis = { result: CookieResult; cookies: CookieFacts[]; deviation: Deviation | null }

const SESSION_MARKERS = ['sess', 'login']
const CSRF_MARKERS = ['csrf', 'xsrf']
const OBSERVATORY_CSRF_MARKERS = ['csrf']
/** Cookies the Observatory does not grade (src/analyzer/tests/cookies.js COOKIES_TO_DELETE). */
const IGNORED = new Set(['heroku-session-affinity'])
const SAME_SITE = new Set(['strict', 'lax', 'none'])

export function parseSetCookie(cookie: SetCookie): CookieFacts | null {
  const [pair, ...attributes] = cookie.header.split(';')
  const eq = pair.indexOf('=')
  const name = (eq < 0 ? '' : pair.slice(0, eq)).trim()
  if (eq < 0 && pair.trim() === '') return null
  let secure = false
  let httpOnly = false
  let sameSite: string | null = null
  let path: string | null = null
  let domain = false
  for (const attribute of attributes) {
    const at = attribute.indexOf('=')
    const key = (at < 0 ? attribute : attribute.slice(0, at)).trim().toLowerCase()
    const value = at < 0 ? '' : attribute.slice(at + 1).trim()
    if (key === 'secure') secure = true
    else if (key === 'httponly') httpOnly = true
    else if (key === 'samesite') sameSite = value
    else if (key === 'path') path = value
    else if (key === 'domain') domain = true
  }
  const lower = name.toLowerCase()
  // §5.6 step 21: a Secure cookie from an insecure origin is ignored; as the Observatory does,
  // a cookie sent over plain HTTP counts as not Secure.
  const effectiveSecure = secure && cookie.https
  let rejected: string | null = null
  if (name.startsWith('__Secure-') && !effectiveSecure) rejected = '__Secure- prefix without Secure over HTTPS'
  if (name.startsWith('__Host-') && (!effectiveSecure || domain || path !== '/'))
    rejected = '__Host- prefix without Secure over HTTPS, Path=/ and no Domain'
  return {
    name: name.slice(0, 200),
    secure: effectiveSecure,
    http_only: httpOnly,
    same_site: sameSite === null ? null : sameSite.slice(0, 40),
    session: SESSION_MARKERS.some((m) => lower.includes(m)),
    anti_csrf: CSRF_MARKERS.some((m) => lower.includes(m)),
    rejected,
  }
}

// Worst first: the grade is the worst result any cookie earns. The Observatory's order
// (its `goodness` list, reversed): results of equal modifier rank as there.
const ORDER: CookieResult[] = [
  'cookies-session-without-secure-flag',
  'cookies-session-without-httponly-flag',
  'cookies-anticsrf-without-samesite-flag',
  'cookies-samesite-flag-invalid',
  'cookies-session-without-secure-flag-but-protected-by-hsts',
  'cookies-without-secure-flag',
  'cookies-without-secure-flag-but-protected-by-hsts',
  'cookies-secure-with-httponly-sessions',
  'cookies-secure-with-httponly-sessions-and-samesite',
]

/**
 * `hstsProtected`: the host sends HSTS for at least six months or is preloaded, so a browser
 * never sends a cookie over plain HTTP after the first visit.
 */
export function analyseCookies(setCookies: SetCookie[], hstsProtected: boolean): CookieAnalysis {
  const cookies = setCookies.map(parseSetCookie).filter((c): c is CookieFacts => c !== null)
  const stored = cookies.filter((c) => c.rejected === null && !IGNORED.has(c.name))
  const result = grade(stored, hstsProtected, (c) => c.anti_csrf)
  const observatory = grade(stored, hstsProtected, (c) => OBSERVATORY_CSRF_MARKERS.some((m) => c.name.toLowerCase().includes(m)))
  return { result, cookies, deviation: deviation('cookies-xsrf-name', result, observatory) }
}

function grade(stored: CookieFacts[], hstsProtected: boolean, antiCsrf: (c: CookieFacts) => boolean): CookieResult {
  if (stored.length === 0) return 'cookies-not-found'
  const found = new Set<CookieResult>()
  for (const c of stored) {
    const sameSite = c.same_site?.toLowerCase() ?? null
    if (!c.secure) {
      if (c.session)
        found.add(hstsProtected ? 'cookies-session-without-secure-flag-but-protected-by-hsts' : 'cookies-session-without-secure-flag')
      else found.add(hstsProtected ? 'cookies-without-secure-flag-but-protected-by-hsts' : 'cookies-without-secure-flag')
    }
    if (c.session && !c.http_only) found.add('cookies-session-without-httponly-flag')
    // RFC 6265bis §5.6.7: SameSite=None needs Secure, else the cookie is refused.
    if (sameSite !== null && (!SAME_SITE.has(sameSite) || (sameSite === 'none' && !c.secure))) found.add('cookies-samesite-flag-invalid')
    if (antiCsrf(c) && sameSite === null) found.add('cookies-anticsrf-without-samesite-flag')
  }
  found.add(
    stored.every((c) => c.same_site !== null)
      ? 'cookies-secure-with-httponly-sessions-and-samesite'
      : 'cookies-secure-with-httponly-sessions'
  )
  return ORDER.find((r) => found.has(r))!
}
