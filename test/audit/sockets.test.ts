/**
 * The handshake reader inside workerd, over the real `connect()` from 'cloudflare:sockets',
 * against the node:tls servers of test/audit/global-setup.ts. Runs when that global setup is
 * wired into vitest.config.ts; skipped otherwise.
 */
import { connect } from 'cloudflare:sockets'
import { describe, expect, inject, it } from 'vitest'
import { gradeCertificate } from '../../workers/audit/domain/cert/grade'
import { readServerCertificates, type TcpConnector } from '../../workers/audit/domain/cert/tls-reader'
import { readCertificate } from '../../workers/audit/domain/cert/x509'

const ports = inject('auditTlsPorts') as Record<string, number> | undefined

// Test-only connector: fixture host names map to loopback ports; nothing else is reachable.
const connector: TcpConnector = (host) => {
  const port = ports?.[host]
  if (!port) throw new Error(`no fixture server for ${host}`)
  return connect({ hostname: '127.0.0.1', port }, { secureTransport: 'off', allowHalfOpen: false })
}

describe.skipIf(!ports)('TLS handshake reader over cloudflare:sockets', () => {
  it('reads a CA-issued certificate and its chain', async () => {
    const hs = await readServerCertificates(connector, 'valid.audit.test')
    expect(hs.certificates).toHaveLength(2)
    expect(readCertificate(hs.certificates[0])).toMatchObject({
      subject: 'CN=valid.audit.test',
      issuer_name: 'Audit Test PKI (Audit Test Issuing CA)',
    })
  })

  it('reads an expired and a self-signed certificate', async () => {
    const expired = readCertificate((await readServerCertificates(connector, 'expired.audit.test')).certificates[0])
    expect(gradeCertificate('untrusted', expired, new Date()).grade).toBe('F')
    const self = readCertificate((await readServerCertificates(connector, 'self.audit.test')).certificates[0])
    expect(gradeCertificate('untrusted', self, new Date()).grade).toBe('T')
  })

  it('is refused by a TLS-1.3-only server', async () => {
    await expect(readServerCertificates(connector, 'tls13.audit.test')).rejects.toMatchObject({ code: 'alert' })
  })
})
