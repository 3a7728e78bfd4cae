import { parseIPv4 } from './ip'
import { decodePunycode } from './punycode'
import { TargetError } from './errors'
import { assertPublicName } from './suffix'

// Anything that makes the input more than a host name: a scheme, path, port, userinfo, query,
// fragment, IPv6 brackets, percent-encoding, whitespace or control characters.
const NOT_A_HOSTNAME = /[\s\p{Cc}\p{Cf}/\\:@?#[\]%*,;"'<>^|`{}=&+!$()~]/u

// RFC 1035 §2.3.1 as relaxed by RFC 1123 §2.1: letters, digits and inner hyphens, 1-63 octets.
const LDH_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/
const MAX_NAME = 253 // RFC 1035 §2.3.4 (255 octets on the wire = 253 characters in text)

function invalid(message: string): never {
  throw new TargetError('INVALID_DOMAIN', message)
}

/**
 * Turns user input into the ASCII hostname to check, or throws a TargetError:
 * `INVALID_DOMAIN` when it is not a bare hostname (URL pieces, IP literals in any notation,
 * bad labels), `DOMAIN_NOT_PUBLIC` when it is a name no public DNS answers for.
 *
 * The WHATWG URL host parser does the IDNA work (UTS #46 mapping, punycode, full-width dots)
 * and rewrites every IPv4 spelling browsers accept (`127.1`, `0x7f.1`, `2130706433`,
 * `0177.0.0.1`) to dotted decimal, so an IP literal cannot slip through as a "name".
 */
export function normalizeHostname(input: string): string {
  if (input.length === 0) invalid('The domain is empty.')
  if (input.length > 1024) invalid('The domain is longer than any hostname can be.')
  if (NOT_A_HOSTNAME.test(input)) {
    invalid(
      `"${truncate(input)}" is not a bare hostname. Send only the name, such as example.com: no scheme, path, port, user, spaces or brackets.`
    )
  }
  let host: string
  try {
    const url = new URL(`http://${input}/`)
    if (url.username || url.password || url.port || url.pathname !== '/' || url.search || url.hash) {
      invalid(`"${truncate(input)}" is not a bare hostname.`)
    }
    host = url.hostname
  } catch (err) {
    if (err instanceof TargetError) throw err
    invalid(`"${truncate(input)}" is not a valid hostname (it may look like an IP address or contain an invalid label).`)
  }
  if (host.startsWith('[') || parseIPv4(host)) {
    invalid(`"${truncate(input)}" is an IP address. Give the domain name of the site instead.`)
  }
  if (host.endsWith('.')) host = host.slice(0, -1)
  if (host.length === 0) invalid('The domain is empty.')
  if (host.length > MAX_NAME) invalid(`The domain is ${host.length} characters long; a hostname has at most ${MAX_NAME}.`)
  for (const label of host.split('.')) {
    if (label.length === 0) invalid(`"${truncate(input)}" has an empty label (two dots in a row, or a leading dot).`)
    if (label.length > 63) invalid(`The label "${truncate(label)}" is ${label.length} characters long; a label has at most 63.`)
    if (!LDH_LABEL.test(label)) {
      invalid(`The label "${truncate(label)}" may only hold letters, digits and inner hyphens.`)
    }
    // RFC 5891 §4.2.3.1: "--" in positions 3-4 is reserved for encodings; only xn-- is in use.
    if (label.slice(2, 4) === '--' && !label.startsWith('xn--')) {
      invalid(`The label "${truncate(label)}" uses the reserved "--" in positions 3 and 4.`)
    }
    if (label.startsWith('xn--') && !isValidALabel(label)) {
      invalid(`The label "${truncate(label)}" is not valid punycode (IDNA A-label).`)
    }
  }
  assertPublicName(host)
  return host
}

/**
 * An A-label is valid when it decodes (RFC 3492), holds something beyond ASCII, and IDNA maps
 * the decoded name back to the same A-label (RFC 5891 §5.4), which rules out disallowed code
 * points such as controls and unnormalised forms.
 */
function isValidALabel(label: string): boolean {
  const unicode = decodePunycode(label.slice(4))
  if (unicode === null || /^[\x00-\x7f]*$/.test(unicode)) return false
  try {
    return new URL(`http://${unicode}/`).hostname === label
  } catch {
    return false
  }
}

function truncate(s: string): string {
  return s.length > 80 ? `${s.slice(0, 77)}...` : s
}
