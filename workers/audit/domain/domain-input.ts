import { TargetError } from '../../../shared/net/errors'
import { normalizeHostname } from '../../../shared/net/hostname'

/** The only port an HTTPS audit can grade: the site's own, 443 (https's default, RFC 9110 §4.2.2). */
const HTTPS_PORT = '443'
const MAX_INPUT = 2048
const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i

function invalid(message: string): never {
  throw new TargetError('INVALID_DOMAIN', message)
}

/**
 * What people paste, as SSL Labs and the Observatory take it: a host, or a URL whose host is
 * checked. Surrounding spaces go; a scheme (http or https), path, query and fragment are
 * dropped; a trailing dot is the same name. A port other than 443, user info, or another
 * scheme is refused: the audit grades https://<host>/ only. The host then goes through the
 * same checks as before (normalizeHostname: IDNA, IP literals, public names), so the SSRF
 * rules are unchanged. Throws TargetError.
 */
export function domainFromInput(input: string): string {
  if (input.length > MAX_INPUT) invalid('The domain is longer than any URL we would check.')
  let rest = input.trim()
  const scheme = SCHEME.exec(rest)
  if (scheme) {
    const name = scheme[1].toLowerCase()
    if (name !== 'https' && name !== 'http') invalid(`"${name}:" is not a web address. Give the site's domain, such as example.com.`)
    rest = rest.slice(scheme[0].length)
  } else if (rest.startsWith('//')) {
    rest = rest.slice(2)
  }
  // The authority ends at the first "/", "?" or "#" (RFC 3986 §3.2); the rest is dropped.
  const end = rest.search(/[/?#\\]/)
  const authority = end < 0 ? rest : rest.slice(0, end)
  if (authority.includes('@')) invalid('The address holds a user name or password. Give only the domain, such as example.com.')
  const port = /:([^:\]]*)$/.exec(authority)
  let host = authority
  if (port && !authority.startsWith('[')) {
    if (port[1] !== HTTPS_PORT) {
      invalid(`Only HTTPS on port 443 can be checked; remove ":${port[1].slice(0, 10)}" from the address.`)
    }
    host = authority.slice(0, port.index)
  }
  return normalizeHostname(host)
}
