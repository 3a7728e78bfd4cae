/**
 * The audit worker's TLS handshake reader against real TLS servers: node:tls servers started
 * here, with certificates generated here (valid-looking CA-issued, expired, self-signed, weak
 * RSA-1024/SHA-1, and a TLS-1.3-only server). The reader is the same module the worker runs;
 * it reaches these servers only through the injected connector below (a Node socket wrapped as
 * web streams, the shape `connect()` from 'cloudflare:sockets' returns), never through request
 * input.
 */
import { connect as tcpConnect, type AddressInfo } from 'node:net'
import { Duplex } from 'node:stream'
import { createServer, type Server } from 'node:tls'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { replayFetcher } from '../../shared/http-fetcher'
import { gradeCertificate } from '../../workers/audit/domain/cert/grade'
import { probeCertificate } from '../../workers/audit/domain/cert/probe'
import { readServerCertificates, type ByteStreams, type TcpConnector } from '../../workers/audit/domain/cert/tls-reader'
import { readCertificate } from '../../workers/audit/domain/cert/x509'
import { makeCert, privateKeyPem, type MadeCert } from '../audit/helpers/certs'

type Fixture = { cert: MadeCert; chain: MadeCert[]; tls13Only?: boolean; ciphers?: string }

const servers: Server[] = []
const ports = new Map<string, number>()
let ca: MadeCert
const certs: Record<string, MadeCert> = {}

async function startServer(name: string, f: Fixture): Promise<void> {
  const server = createServer(
    {
      key: await privateKeyPem(f.cert.keys.privateKey),
      cert: [f.cert, ...f.chain].map((c) => c.pem).join('\n'),
      ...(f.tls13Only ? { minVersion: 'TLSv1.3' as const } : { minVersion: 'TLSv1.2' as const }),
      ...(f.ciphers ? { ciphers: f.ciphers } : {}),
    },
    (socket) => socket.end('HTTP/1.1 204 No Content\r\n\r\n')
  )
  server.on('tlsClientError', () => {}) // the reader hangs up mid-handshake on purpose
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  servers.push(server)
  ports.set(name, (server.address() as AddressInfo).port)
}

/** The test-only connector: a host name of this suite → its local server, nothing else. */
const nodeConnector: TcpConnector = (host) =>
  new Promise<ByteStreams>((resolve, reject) => {
    const port = ports.get(host)
    if (!port) return reject(new Error(`connection refused: ${host}`))
    const socket = tcpConnect({ host: '127.0.0.1', port })
    socket.once('error', reject)
    socket.once('connect', () => {
      const { readable, writable } = Duplex.toWeb(socket)
      resolve({
        readable: readable as unknown as ReadableStream<Uint8Array>,
        writable: writable as unknown as WritableStream<Uint8Array>,
        close: () => socket.destroy(),
      })
    })
  })

beforeAll(async () => {
  ca = await makeCert({ subject: 'C=US, O=Audit Test PKI, CN=Audit Test Issuing CA', notAfterDays: 3650, ca: true, key: 'ec-p384' })
  certs.valid = await makeCert({
    subject: 'CN=valid.audit.test',
    issuer: ca,
    names: ['valid.audit.test', 'www.valid.audit.test'],
    notAfterDays: 89,
  })
  certs.rsa = await makeCert({ subject: 'CN=rsa.audit.test', issuer: ca, names: ['rsa.audit.test'], notAfterDays: 120, key: 'rsa-2048' })
  certs.expired = await makeCert({
    subject: 'CN=expired.audit.test',
    issuer: ca,
    names: ['expired.audit.test'],
    notBeforeDays: -100,
    notAfterDays: -10,
  })
  certs.self = await makeCert({ subject: 'CN=self.audit.test', names: ['self.audit.test'], notAfterDays: 365 })
  certs.weak = await makeCert({
    subject: 'CN=weak.audit.test',
    names: ['weak.audit.test'],
    notAfterDays: 365,
    key: 'rsa-1024',
    hash: 'SHA-1',
  })
  certs.tls13 = await makeCert({ subject: 'CN=tls13.audit.test', issuer: ca, names: ['tls13.audit.test'], notAfterDays: 60 })
  await startServer('valid.audit.test', { cert: certs.valid, chain: [ca] })
  await startServer('rsa.audit.test', { cert: certs.rsa, chain: [ca] })
  await startServer('expired.audit.test', { cert: certs.expired, chain: [ca] })
  await startServer('self.audit.test', { cert: certs.self, chain: [] })
  await startServer('weak.audit.test', { cert: certs.weak, chain: [], ciphers: 'DEFAULT:@SECLEVEL=0' })
  await startServer('tls13.audit.test', { cert: certs.tls13, chain: [ca], tls13Only: true })
})

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))))
})

describe('TLS handshake reader against node:tls servers', () => {
  it('reads the leaf and the chain of a CA-issued ECDSA certificate', async () => {
    const hs = await readServerCertificates(nodeConnector, 'valid.audit.test')
    expect(hs.version).toBe(0x0303)
    expect(hs.certificates).toHaveLength(2)
    expect(Buffer.from(hs.certificates[0]).equals(Buffer.from(certs.valid.der))).toBe(true)
    expect(readCertificate(hs.certificates[0])).toMatchObject({
      subject: 'CN=valid.audit.test',
      issuer_name: 'Audit Test PKI (Audit Test Issuing CA)',
      names: ['valid.audit.test', 'www.valid.audit.test'],
      key: { algorithm: 'EC', bits: 256 },
      self_signed: false,
    })
  })

  it('negotiates an RSA suite with an RSA server', async () => {
    const hs = await readServerCertificates(nodeConnector, 'rsa.audit.test')
    expect([0xc02f, 0xc030, 0xcca8]).toContain(hs.cipher_suite)
    expect(readCertificate(hs.certificates[0]).key).toEqual({ algorithm: 'RSA', bits: 2048 })
  })

  it('reads an expired certificate (grade F)', async () => {
    const facts = readCertificate((await readServerCertificates(nodeConnector, 'expired.audit.test')).certificates[0])
    expect(Date.parse(facts.not_after)).toBeLessThan(Date.now())
    expect(gradeCertificate('untrusted', facts, new Date())).toMatchObject({ grade: 'F', reasons: [expect.stringMatching(/expired/)] })
  })

  it('reads a self-signed certificate (grade T)', async () => {
    const facts = readCertificate((await readServerCertificates(nodeConnector, 'self.audit.test')).certificates[0])
    expect(facts).toMatchObject({ self_signed: true, issuer: 'CN=self.audit.test' })
    expect(gradeCertificate('untrusted', facts, new Date())).toEqual({ grade: 'T', reasons: ['the certificate is self-signed'] })
  })

  it('reads a weak RSA-1024 / SHA-1 certificate (grade B)', async () => {
    const facts = readCertificate((await readServerCertificates(nodeConnector, 'weak.audit.test')).certificates[0])
    expect(facts).toMatchObject({ key: { algorithm: 'RSA', bits: 1024 }, signature_algorithm: 'sha1WithRSAEncryption' })
    expect(gradeCertificate('trusted', facts, new Date()).grade).toBe('B')
  })

  it('is refused by a TLS-1.3-only server, with the alert named', async () => {
    await expect(readServerCertificates(nodeConnector, 'tls13.audit.test')).rejects.toMatchObject({
      name: 'TlsReadError',
      code: 'alert',
      message: expect.stringMatching(/protocol_version/),
    })
  })

  it('reports a refused connection', async () => {
    await expect(readServerCertificates(nodeConnector, 'nobody.audit.test')).rejects.toMatchObject({ code: 'connect' })
  })
})

describe('certificate probe against node:tls servers', () => {
  it('uses the served certificate when the handshake works', async () => {
    const fetcher = replayFetcher([])
    const p = await probeCertificate('valid.audit.test', { connect: nodeConnector, fetcher, now: new Date() })
    expect(p).toMatchObject({ source: 'tls-handshake', chain_length: 2, facts: { subject: 'CN=valid.audit.test' } })
    expect(fetcher.calls.filter((u) => u.includes('crt.sh'))).toEqual([])
  })

  it('assesses a real OpenSSL server (Node, TLS 1.2 and 1.3): versions, preference, weak suites, chain, name', async () => {
    const p = await probeCertificate('valid.audit.test', { connect: nodeConnector, fetcher: replayFetcher([]), now: new Date() })
    expect(p).toMatchObject({
      chain_complete: true,
      name_match: true,
      ocsp_stapling: false,
      negotiated: { version: 'TLS 1.2' },
      tls: {
        protocols: { tls1_0: false, tls1_1: false, tls1_2: true, tls1_3: true },
        prefers_forward_secrecy: true,
        weak_suites: { null_export_anon: false, rc4: false, triple_des: false },
      },
    })
  })

  it('sees that the TLS-1.3-only server refuses TLS 1.2 and accepts 1.3', async () => {
    const p = await probeCertificate('tls13.audit.test', { connect: nodeConnector, fetcher: replayFetcher([]), now: new Date() })
    expect(p.tls.protocols).toEqual({ tls1_0: false, tls1_1: false, tls1_2: false, tls1_3: true })
  })

  it('falls back to Certificate Transparency for the TLS-1.3-only server', async () => {
    const fetcher = replayFetcher([
      [
        /^https:\/\/crt\.sh\/\?q=tls13\.audit\.test&output=json/,
        {
          body: JSON.stringify([
            {
              id: 42,
              issuer_name: 'C=US, O=Audit Test PKI, CN=Audit Test Issuing CA',
              common_name: 'tls13.audit.test',
              name_value: 'tls13.audit.test',
              not_before: '2020-01-01T00:00:00',
              not_after: '2999-01-01T00:00:00',
            },
          ]),
        },
      ],
      ['https://crt.sh/?d=42', { body: certs.tls13.pem }],
    ])
    const p = await probeCertificate('tls13.audit.test', { connect: nodeConnector, fetcher, now: new Date() })
    expect(p).toMatchObject({
      source: 'certificate-transparency',
      handshake_error: expect.stringMatching(/protocol_version/),
      facts: { subject: 'CN=tls13.audit.test', names: ['tls13.audit.test'] },
    })
  })
})
