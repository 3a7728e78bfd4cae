import { PUBLIC_TLDS } from './tlds'
import { TargetError } from './errors'

/**
 * Names that never denote a public web host, with the rule that reserves them. They are
 * refused with a reason even where IANA's root zone happens to delegate them (`arpa`).
 */
const SPECIAL_USE: Record<string, string> = {
  localhost: 'reserved for loopback (RFC 6761 §6.3)',
  local: 'reserved for multicast DNS on the local link (RFC 6762)',
  test: 'reserved for testing (RFC 6761 §6.2)',
  example: 'reserved for documentation (RFC 6761 §6.5)',
  invalid: 'reserved as never valid (RFC 6761 §6.4)',
  onion: 'reserved for Tor onion services (RFC 7686)',
  alt: 'reserved for non-DNS namespaces (RFC 9476)',
  internal: 'reserved by ICANN for private use (ICANN board resolution 2024.07.29.06)',
  arpa: 'the infrastructure domain, not for hosts (RFC 3172)',
  // ICANN's name-collision "do not delegate" list and common private zones.
  home: 'used on private networks and never delegated (ICANN name collision, 2018)',
  corp: 'used on private networks and never delegated (ICANN name collision, 2018)',
  mail: 'used on private networks and never delegated (ICANN name collision, 2018)',
  lan: 'used on private networks and not a delegated top-level domain',
  intranet: 'used on private networks and not a delegated top-level domain',
  private: 'used on private networks and not a delegated top-level domain',
}

/** Refuses a syntactically valid ASCII hostname that is not under a public top-level domain. */
export function assertPublicName(host: string): void {
  const labels = host.split('.')
  const tld = labels[labels.length - 1]
  const reason = SPECIAL_USE[tld]
  if (reason) {
    const where = labels.length === 1 ? `"${host}" is` : `"${host}" is under .${tld}, which is`
    throw new TargetError('DOMAIN_NOT_PUBLIC', `${where} ${reason}. Only public domains can be checked.`)
  }
  if (labels.length < 2) {
    throw new TargetError(
      'DOMAIN_NOT_PUBLIC',
      `"${host}" is a single-label name, which only resolves on a local network. Give a full domain such as example.com.`
    )
  }
  if (!PUBLIC_TLDS.has(tld)) {
    throw new TargetError(
      'DOMAIN_NOT_PUBLIC',
      `".${tld}" is not a top-level domain in IANA's root zone, so "${host}" is not a public name.`
    )
  }
}
