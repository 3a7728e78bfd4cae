import type { HttpFetcher } from '../../../../shared/http-fetcher'
import { assessTls, UNKNOWN_ASSESSMENT, versionName, type TlsAssessment } from './assess'
import { lookupCaa, type CaaReport } from './caa'
import { TLS_1_2 } from './client-hello'
import { nameCovers } from './ct'
import { lookupCertificate } from './ct'
import { suiteName } from './suites'
import { readServerCertificates, TlsReadError, type ServerHandshake, type TcpConnector } from './tls-reader'
import { CertificateParseError, readCertificate, type CertificateFacts } from './x509'

export type CertificateSource = 'tls-handshake' | 'certificate-transparency' | 'none'

export type CertificateProbe = {
  source: CertificateSource
  facts: CertificateFacts | null
  /** Certificates the server sent (handshake only), leaf first. */
  chain_length: number | null
  /** The served chain holds the leaf's issuer (or the leaf is self-signed); null without a handshake. */
  chain_complete: boolean | null
  /** The served certificate's DNS names cover the host; null without a handshake. */
  name_match: boolean | null
  /** The server acknowledged status_request in its TLS 1.2 ServerHello, i.e. it staples OCSP. */
  ocsp_stapling: boolean | null
  /** Version and suite the TLS 1.2 certificate read negotiated. */
  negotiated: { version: string; suite: string } | null
  tls: TlsAssessment
  caa: CaaReport
  /** Why the handshake gave nothing, when it did not. */
  handshake_error: string | null
}

export type ProbeDeps = {
  /** Null where raw sockets are unavailable; the CT fallback is used then. */
  connect: TcpConnector | null
  fetcher: HttpFetcher
  now: Date
  signal?: AbortSignal
  handshakeTimeoutMs?: number
}

/**
 * The certificate the server serves, from a TLS 1.2 handshake on port 443, and the protocol
 * assessment (cert/assess.ts) and CAA records (cert/caa.ts) around it. When the handshake gives
 * no certificate (sockets refused, e.g. towards Cloudflare's own ranges, or a TLS-1.3-only
 * server), certificate facts come from Certificate Transparency instead, labelled as such.
 */
export async function probeCertificate(host: string, deps: ProbeDeps): Promise<CertificateProbe> {
  const timeoutMs = deps.handshakeTimeoutMs ?? 5000
  const caa = lookupCaa(deps.fetcher, host, deps.signal)
  let handshakeError = 'raw TCP sockets are not available here'
  let hs: ServerHandshake | null = null
  let facts: CertificateFacts | null = null
  let tls12: boolean | null = null
  let reachable = false
  if (deps.connect) {
    try {
      hs = await readServerCertificates(deps.connect, host, { timeoutMs, statusRequest: true })
      reachable = true
      // Offered up to 1.2, a server answers with the highest it has: an older one means no 1.2.
      tls12 = hs.version === TLS_1_2
      facts = readCertificate(hs.certificates[0])
    } catch (err) {
      if (!(err instanceof TlsReadError) && !(err instanceof CertificateParseError)) throw err
      handshakeError = err.message
      const code = err instanceof TlsReadError ? err.code : null
      // A refusal of the 1.2 hello is an answer about TLS 1.2; no connection is not.
      if (code === 'alert' || code === 'tls13-only') tls12 = false
      reachable = code !== 'connect' && code !== 'timeout'
      if (err instanceof CertificateParseError) reachable = true
    }
  }
  const tls = deps.connect ? await assessTls(deps.connect, host, { timeoutMs, tls12, reachable }) : UNKNOWN_ASSESSMENT
  if (hs && facts) {
    return {
      source: 'tls-handshake',
      facts,
      chain_length: hs.certificates.length,
      chain_complete: chainComplete(facts, hs.certificates.slice(1)),
      name_match: facts.names.some((n) => nameCovers(n, host)),
      ocsp_stapling: hs.extensions.includes(0x0005),
      negotiated: { version: versionName(hs.version), suite: suiteName(hs.cipher_suite) },
      tls,
      caa: await caa,
      handshake_error: null,
    }
  }
  const base = {
    chain_length: null,
    chain_complete: null,
    name_match: null,
    ocsp_stapling: null,
    negotiated: null,
    tls,
    handshake_error: handshakeError,
  }
  const ct = await lookupCertificate(deps.fetcher, host, deps.now, deps.signal)
  if (ct) return { ...base, source: 'certificate-transparency', facts: ct.facts, caa: await caa }
  return { ...base, source: 'none', facts: null, caa: await caa }
}

/** RFC 5246 §7.4.2: the server sends the chain up to (not necessarily including) a root. */
function chainComplete(leaf: CertificateFacts, rest: Uint8Array[]): boolean {
  if (leaf.self_signed) return true
  for (const der of rest) {
    try {
      if (readCertificate(der).subject === leaf.issuer) return true
    } catch {
      // An unreadable certificate in the chain completes nothing.
    }
  }
  return false
}
