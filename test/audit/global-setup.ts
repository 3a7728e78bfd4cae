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
  for (const [host, f] of Object.entries(fixtures)) {
    const server = createServer(
      {
        key: await privateKeyPem(f.cert.keys.privateKey),
        cert: [f.cert, ...f.chain].map((c) => c.pem).join('\n'),
        minVersion: f.tls13Only ? 'TLSv1.3' : 'TLSv1.2',
      },
      (socket) => socket.end()
    )
    server.on('tlsClientError', () => {})
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    servers.push(server)
    ports[host] = (server.address() as AddressInfo).port
  }
  project.provide('auditTlsPorts', ports)
  return async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))))
  }
}
