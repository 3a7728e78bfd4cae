import type { HttpFetcher } from '../../../shared/http-fetcher'
import { lookupCertificate } from './ct'
import { readServerCertificates, TlsReadError, type TcpConnector } from './tls-reader'
import { CertificateParseError, readCertificate, type CertificateFacts } from './x509'

export type CertificateSource = 'tls-handshake' | 'certificate-transparency' | 'none'

export type CertificateProbe = {
  source: CertificateSource
  facts: CertificateFacts | null
  /** Certificates the server sent (handshake only), leaf first. */
  chain_length: number | null
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
 * The certificate the server serves, from a TLS 1.2 handshake on port 443; failing that (sockets
 * refused, e.g. towards Cloudflare's own ranges, or a TLS-1.3-only server), the newest unexpired
 * certificate for the name in Certificate Transparency logs.
 */
export async function probeCertificate(host: string, deps: ProbeDeps): Promise<CertificateProbe> {
  let handshakeError = 'raw TCP sockets are not available here'
  if (deps.connect) {
    try {
      const hs = await readServerCertificates(deps.connect, host, { timeoutMs: deps.handshakeTimeoutMs ?? 5000 })
      return { source: 'tls-handshake', facts: readCertificate(hs.certificates[0]), chain_length: hs.certificates.length, handshake_error: null }
    } catch (err) {
      if (!(err instanceof TlsReadError) && !(err instanceof CertificateParseError)) throw err
      handshakeError = err.message
    }
  }
  const ct = await lookupCertificate(deps.fetcher, host, deps.now, deps.signal)
  if (ct) return { source: 'certificate-transparency', facts: ct.facts, chain_length: null, handshake_error: handshakeError }
  return { source: 'none', facts: null, chain_length: null, handshake_error: handshakeError }
}
