/**
 * Node-side fixture for test/audit/sockets.test.ts: real node:tls servers with certificates
 * generated at setup (CA-issued, expired, self-signed, TLS-1.3-only), so the handshake reader
 * can be run inside workerd over `connect()` from 'cloudflare:sockets'. The ports reach the
 * tests through vitest's provide/inject, i.e. a test-only channel, never request input.
 *
 * Wire it with `globalSetup: ['./test/audit/global-setup.ts']` in the audit project of
 * vitest.config.ts; without it, sockets.test.ts skips itself (test/node/audit-tls.test.ts runs
 * the same reader against the same kind of servers from Node).
 */
import type { AddressInfo } from 'node:net'
import { createServer, type Server } from 'node:tls'
import { makeCert, privateKeyPem, type MadeCert } from './helpers/certs'
import { TLS_FIXTURES, type TlsFixture } from './tls-fixtures'

declare module 'vitest' {
  export interface ProvidedContext {
    auditTlsPorts: Record<string, number>
  }
}

export default async function setup(project: { provide: (key: 'auditTlsPorts', value: Record<string, number>) => void }) {
  const ca = await makeCert({ subject: 'C=US, O=Audit Test PKI, CN=Audit Test Issuing CA', notAfterDays: 3650, ca: true })
  const fixtures: Record<string, { cert: MadeCert; chain: MadeCert[]; tls13Only?: boolean }> = {
    'valid.audit.test': {
      cert: await makeCert({ subject: 'CN=valid.audit.test', issuer: ca, names: ['valid.audit.test'], notAfterDays: 90 }),
      chain: [ca],
    },
    'expired.audit.test': {
      cert: await makeCert({
        subject: 'CN=expired.audit.test',
        issuer: ca,
        names: ['expired.audit.test'],
        notBeforeDays: -100,
        notAfterDays: -10,
      }),
      chain: [ca],
    },
    'self.audit.test': {
      cert: await makeCert({ subject: 'CN=self.audit.test', names: ['self.audit.test'], notAfterDays: 365 }),
      chain: [],
    },
    'tls13.audit.test': {
      cert: await makeCert({ subject: 'CN=tls13.audit.test', issuer: ca, names: ['tls13.audit.test'], notAfterDays: 60 }),
      chain: [ca],
      tls13Only: true,
    },
  }
  const servers: Server[] = []
  const ports: Record<string, number> = {}
  const listen = async (host: string, server: Server) => {
    server.on('tlsClientError', () => {})
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    servers.push(server)
    ports[host] = (server.address() as AddressInfo).port
  }
  for (const [host, f] of Object.entries(fixtures)) {
    const server = createServer(
      {
        key: await privateKeyPem(f.cert.keys.privateKey),
        cert: [f.cert, ...f.chain].map((c) => c.pem).join('\n'),
        minVersion: f.tls13Only ? 'TLSv1.3' : 'TLSv1.2',
      },
      (socket) => socket.end()
    )
    await listen(host, server)
  }
  // The fixture world of test/audit/tls-world.test.ts and the bench (tls-fixtures.ts).
  const rsaCa = await makeCert({ subject: 'C=US, O=Audit Test PKI, CN=Audit Test RSA CA', notAfterDays: 3650, ca: true, key: 'rsa-2048' })
  for (const [host, f] of Object.entries(TLS_FIXTURES) as [string, TlsFixture][]) {
    const issuer = f.key.startsWith('rsa') ? rsaCa : ca
    const leaf = await makeCert({
      subject: `CN=${f.names?.[0] ?? host}`,
      issuer: f.caIssued ? issuer : undefined,
      names: f.names ?? [host],
      notBeforeDays: f.notAfterDays < 0 ? f.notAfterDays - 90 : -1,
      notAfterDays: f.notAfterDays,
      key: f.key,
    })
    const server = createServer(
      {
        key: await privateKeyPem(leaf.keys.privateKey),
        cert: [leaf, ...(f.caIssued && f.sendChain ? [issuer] : [])].map((c) => c.pem).join('\n'),
        ...f.tls,
      },
      (socket) => socket.end()
    )
    // Any bytes are stapled as the status; the reader only checks that the server acknowledged status_request.
    if (f.ocsp) server.on('OCSPRequest', (_cert, _issuer, done) => done(null, Buffer.from([0x30, 0x03, 0x0a, 0x01, 0x00])))
    await listen(host, server)
  }
  project.provide('auditTlsPorts', ports)
  return async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))))
  }
}
