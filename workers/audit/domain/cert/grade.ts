import { UNKNOWN_ASSESSMENT, type TlsAssessment } from './assess'
import type { CertificateFacts } from './x509'

/**
 * `ssl.grade`, after the SSL Labs SSL Server Rating Guide (2009q) and its later caps (2014:
 * RC4, SHA-1, incomplete chains, TLS 1.0/1.1 in 2020, forward secrecy and AEAD), in our letters
 * (docs/audit-scoring.md "Certificate and TLS grade"):
 *
 * - F: the site does not answer over HTTPS; the certificate has expired; it is signed with
 *   MD2/MD5 or has an RSA key under 1024 bits; the server accepts NULL, export-grade, single-DES
 *   or anonymous suites.
 * - T: the runtime does not trust the certificate, or the served certificate's names do not
 *   cover the host.
 * - unknown: trusted, but no certificate could be read (handshake and CT both gave nothing): the
 *   grade would be a guess, so none is given.
 * - Otherwise A, capped: at C by RC4 or 3DES accepted, or under 7 days left; at B by TLS 1.0 or
 *   1.1 accepted, no forward secrecy or no AEAD suite preferred, an incomplete chain, a weak key
 *   (RSA < 2048, EC < 256, DSA), a SHA-1 signature, or under 30 days left.
 *
 * Expiry is checked before trust because it is the more specific reason (an expired
 * certificate is also untrusted).
 */
export type SslGrade = 'A' | 'B' | 'C' | 'F' | 'T' | 'unknown'

/** How an HTTPS request to the domain went under the runtime's certificate validation. */
export type Trust = 'trusted' | 'untrusted' | 'unreachable'

export type CertificateGrade = { grade: SslGrade; reasons: string[] }

/** What the handshake showed beyond the certificate; all null when there was no handshake. */
export type GradeContext = { tls: TlsAssessment; chain_complete: boolean | null; name_match: boolean | null }

const NO_CONTEXT: GradeContext = { tls: UNKNOWN_ASSESSMENT, chain_complete: null, name_match: null }
const DAY = 86_400_000

export function daysRemaining(facts: CertificateFacts, now: Date): number {
  return Math.floor((Date.parse(facts.not_after) - now.getTime()) / DAY)
}

export function weaknesses(facts: CertificateFacts): { broken: string[]; weak: string[] } {
  const broken: string[] = []
  const weak: string[] = []
  const sig = facts.signature_algorithm.toLowerCase()
  const { algorithm, bits } = facts.key
  if (sig.startsWith('md2') || sig.startsWith('md5')) broken.push(`signed with ${facts.signature_algorithm}, which can be forged`)
  else if (sig.includes('sha1')) weak.push(`signed with SHA-1 (${facts.signature_algorithm}), no longer accepted by browsers`)
  if (algorithm.startsWith('RSA') && bits !== null) {
    if (bits < 1024) broken.push(`an RSA key of ${bits} bits, which can be factored`)
    else if (bits < 2048) weak.push(`an RSA key of ${bits} bits (at least 2048 is required since 2013, CA/B Baseline Requirements §6.1.5)`)
  }
  if (algorithm === 'EC' && bits !== null && bits < 256) weak.push(`an EC key of ${bits} bits (at least P-256 is expected)`)
  if (algorithm === 'DSA') weak.push('a DSA key, which browsers no longer accept')
  return { broken, weak }
}

export function gradeCertificate(
  trust: Trust,
  facts: CertificateFacts | null,
  now: Date,
  context: GradeContext = NO_CONTEXT
): CertificateGrade {
  const { tls } = context
  if (trust === 'unreachable') return { grade: 'F', reasons: ['the site did not answer over HTTPS'] }
  if (facts && Date.parse(facts.not_after) <= now.getTime()) {
    return { grade: 'F', reasons: [`the certificate expired on ${facts.not_after.slice(0, 10)}`] }
  }
  const broken = [
    ...(facts ? weaknesses(facts).broken : []),
    ...(tls.weak_suites.null_export_anon ? ['the server accepts NULL, export-grade, single-DES or anonymous cipher suites'] : []),
  ]
  if (broken.length) return { grade: 'F', reasons: broken }
  if (trust === 'untrusted') {
    const why = facts?.self_signed
      ? 'the certificate is self-signed'
      : facts && Date.parse(facts.not_before) > now.getTime()
        ? 'the certificate is not valid yet'
        : context.name_match === false
          ? 'the certificate does not cover this name'
          : 'the runtime does not trust the certificate (unknown issuer, incomplete chain or name mismatch)'
    return { grade: 'T', reasons: [why] }
  }
  if (context.name_match === false) return { grade: 'T', reasons: ['the certificate the server sends does not cover this name'] }
  if (!facts) {
    return {
      grade: 'unknown',
      reasons: [
        'no certificate could be read (no TLS 1.2 handshake, nothing in Certificate Transparency logs), so there is nothing to grade',
      ],
    }
  }

  const days = daysRemaining(facts, now)
  const capC = [
    ...(tls.weak_suites.rc4 ? ['the server accepts RC4 suites (prohibited by RFC 7465)'] : []),
    ...(tls.weak_suites.triple_des ? ['the server accepts 3DES suites (64-bit blocks, Sweet32)'] : []),
    ...(days < 7 ? [`the certificate expires in ${days} day${days === 1 ? '' : 's'}`] : []),
  ]
  const old = [tls.protocols.tls1_0 ? 'TLS 1.0' : null, tls.protocols.tls1_1 ? 'TLS 1.1' : null].filter(Boolean)
  const capB = [
    ...(old.length ? [`the server accepts ${old.join(' and ')} (deprecated by RFC 8996)`] : []),
    ...(tls.prefers_forward_secrecy === false
      ? [`the server picks a suite without forward secrecy when offered one (${tls.preference_probe_suite})`]
      : []),
    ...(tls.prefers_aead === false && tls.prefers_forward_secrecy !== false
      ? [`the server picks a non-AEAD (CBC) suite when offered one (${tls.preference_probe_suite})`]
      : []),
    ...(context.chain_complete === false ? ['the server does not send the intermediate certificate(s)'] : []),
    ...weaknesses(facts).weak,
    ...(days >= 7 && days < 30 ? [`the certificate expires in ${days} days`] : []),
  ]
  if (capC.length) return { grade: 'C', reasons: [...capC, ...capB] }
  if (capB.length) return { grade: 'B', reasons: capB }
  return { grade: 'A', reasons: [] }
}
