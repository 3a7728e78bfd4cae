import type { CertificateFacts } from './x509'

/**
 * The certificate grade. Not SSL Labs' grade (a Worker cannot enumerate protocols or cipher
 * suites), but its certificate rules (SSL Labs SSL Server Rating Guide, 2009q and the 2014
 * changes): an expired certificate, or one signed with MD2/MD5 or with an RSA key under 1024
 * bits, fails (F); one the runtime does not trust is T; then how soon it expires and how strong
 * its key and signature are. Expiry is checked before trust because it is the more specific,
 * more actionable reason (an expired certificate is also untrusted).
 */
export type SslGrade = 'A' | 'B' | 'C' | 'F' | 'T'

/** How an HTTPS request to the domain went under the runtime's certificate validation. */
export type Trust = 'trusted' | 'untrusted' | 'unreachable'

export type CertificateGrade = { grade: SslGrade; reasons: string[] }

const DAY = 86_400_000

export function daysRemaining(facts: CertificateFacts, now: Date): number {
  return Math.floor((Date.parse(facts.not_after) - now.getTime()) / DAY)
}

export function weaknesses(facts: CertificateFacts): { broken: string[]; weak: string[] } {
  const broken: string[] = []
  const weak: string[] = []
  const sig = facts.signature_algorithm.toLowerCase()
  const { algorithm, bits } = facts.key
  if (/^md[25]/.test(sig)) broken.push(`signed with ${facts.signature_algorithm}, which can be forged`)
  else if (/sha1/.test(sig)) weak.push(`signed with SHA-1 (${facts.signature_algorithm}), no longer accepted by browsers`)
  if (algorithm.startsWith('RSA') && bits !== null) {
    if (bits < 1024) broken.push(`an RSA key of ${bits} bits, which can be factored`)
    else if (bits < 2048) weak.push(`an RSA key of ${bits} bits (at least 2048 is required since 2013, CA/B Baseline Requirements §6.1.5)`)
  }
  if (algorithm === 'EC' && bits !== null && bits < 256) weak.push(`an EC key of ${bits} bits (at least P-256 is expected)`)
  if (algorithm === 'DSA') weak.push('a DSA key, which browsers no longer accept')
  return { broken, weak }
}

export function gradeCertificate(trust: Trust, facts: CertificateFacts | null, now: Date): CertificateGrade {
  if (facts) {
    const days = daysRemaining(facts, now)
    if (Date.parse(facts.not_after) <= now.getTime()) {
      return { grade: 'F', reasons: [`the certificate expired on ${facts.not_after.slice(0, 10)}`] }
    }
    const { broken, weak } = weaknesses(facts)
    if (broken.length) return { grade: 'F', reasons: broken }
    if (trust === 'untrusted') {
      const why = facts.self_signed
        ? 'the certificate is self-signed'
        : Date.parse(facts.not_before) > now.getTime()
          ? 'the certificate is not valid yet'
          : 'the runtime does not trust the certificate (unknown issuer, incomplete chain or name mismatch)'
      return { grade: 'T', reasons: [why] }
    }
    if (trust === 'unreachable') return { grade: 'F', reasons: ['the site did not answer over HTTPS'] }
    if (days < 7) return { grade: 'C', reasons: [`the certificate expires in ${days} day${days === 1 ? '' : 's'}`] }
    const reasons = [...(days < 30 ? [`the certificate expires in ${days} days`] : []), ...weak]
    return reasons.length ? { grade: 'B', reasons } : { grade: 'A', reasons: [] }
  }
  if (trust === 'untrusted') return { grade: 'T', reasons: ['the runtime does not trust the certificate'] }
  if (trust === 'unreachable') return { grade: 'F', reasons: ['the site did not answer over HTTPS'] }
  // Trusted by the runtime, so neither expired nor self-signed, but its details are unknown.
  return { grade: 'A', reasons: [] }
}
