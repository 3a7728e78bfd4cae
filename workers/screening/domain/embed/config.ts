/**
 * The embed configuration a partner gives through the admin CLI, validated strictly: every
 * value ends up in a CSP header, a postMessage target or an HTML attribute, so only exact
 * shapes pass (no regex that can backtrack; plain URL parsing and character checks).
 */
export type EmbedConfig = {
  origins: string[]
  name: string | null
  color: string | null
  logoUrl: string | null
  returnUrl: string | null
}

export type EmbedPartner = EmbedConfig & { publicId: string; partnerId: string; linkSecretGeneration: number }

const MAX_ORIGINS = 10
const MAX_URL = 500
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

export class EmbedConfigError extends Error {}

function parseUrl(value: string, what: string): URL {
  if (value.length > MAX_URL) throw new EmbedConfigError(`${what} must be at most ${MAX_URL} characters`)
  try {
    return new URL(value)
  } catch {
    throw new EmbedConfigError(`${what} must be an absolute URL, got "${value}"`)
  }
}

/** https, or http on a loopback host for local development. */
function secureOrLocal(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname))
}

/**
 * An origin as a browser serialises it: scheme://host[:port], nothing else. Wildcards,
 * paths, credentials, queries and keywords are refused: the value goes verbatim into
 * frame-ancestors and into postMessage's targetOrigin.
 */
export function parseOrigin(value: string): string {
  const url = parseUrl(value.trim(), '--origin')
  if (!secureOrLocal(url))
    throw new EmbedConfigError(`--origin must be https:// (or http://localhost:<port> for development), got "${value}"`)
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) {
    throw new EmbedConfigError(`--origin must be an origin only (scheme, host, port), got "${value}"`)
  }
  if (value.trim().replace(/\/$/, '') !== url.origin) throw new EmbedConfigError(`--origin must be written as ${url.origin}`)
  return url.origin
}

/** #rgb or #rrggbb, lower-cased: it goes into the page's stylesheet. */
export function parseColor(value: string): string {
  const v = value.trim().toLowerCase()
  const hex = v.slice(1)
  if (v[0] !== '#' || (hex.length !== 3 && hex.length !== 6) || [...hex].some((ch) => !'0123456789abcdef'.includes(ch))) {
    throw new EmbedConfigError(`--color must be a hex colour like #1a7f37, got "${value}"`)
  }
  return v
}

/** An https URL (the logo is an <img>; CSP img-src names exactly its origin). */
export function parseHttpsUrl(value: string, what: string, allowLocal = false): string {
  const url = parseUrl(value.trim(), what)
  if (!(url.protocol === 'https:' || (allowLocal && secureOrLocal(url))))
    throw new EmbedConfigError(`${what} must be an https:// URL, got "${value}"`)
  if (url.username || url.password) throw new EmbedConfigError(`${what} must not carry credentials`)
  return url.href
}

export function parseName(value: string): string {
  const v = value.trim()
  if (v.length === 0 || v.length > 80 || [...v].some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127)) {
    throw new EmbedConfigError('--name must be 1–80 characters without control characters')
  }
  return v
}

export function parseEmbedConfig(input: {
  origins: string[]
  name?: string
  color?: string
  logoUrl?: string
  returnUrl?: string
}): EmbedConfig {
  if (input.origins.length === 0) throw new EmbedConfigError('at least one --origin is required')
  if (input.origins.length > MAX_ORIGINS) throw new EmbedConfigError(`at most ${MAX_ORIGINS} --origin values`)
  return {
    origins: [...new Set(input.origins.map(parseOrigin))],
    name: input.name === undefined ? null : parseName(input.name),
    color: input.color === undefined ? null : parseColor(input.color),
    logoUrl: input.logoUrl === undefined ? null : parseHttpsUrl(input.logoUrl, '--logo-url'),
    returnUrl: input.returnUrl === undefined ? null : parseHttpsUrl(input.returnUrl, '--return-url', true),
  }
}

/** frame-ancestors for a partner's page: exactly its origins. */
export function frameAncestors(origins: readonly string[]): string {
  return origins.length > 0 ? origins.join(' ') : "'none'"
}
