import { beforeAll, describe, expect, it } from 'vitest'
import { replayFetcher } from '../../shared/http-fetcher'
import { buildClientHello } from '../../workers/audit/domain/cert/client-hello'
import { lookupCertificate, nameCovers } from '../../workers/audit/domain/cert/ct'
import { gradeCertificate, type Trust } from '../../workers/audit/domain/cert/grade'
import { probeCertificate } from '../../workers/audit/domain/cert/probe'
import { readServerCertificates, TlsReadError } from '../../workers/audit/domain/cert/tls-reader'
import { readCertificate, type CertificateFacts } from '../../workers/audit/domain/cert/x509'
import { makeCert, type MadeCert } from './helpers/certs'
import { certificateMessage, handshakeMessage, record, recordedConnector, serverFlight, serverHello } from './helpers/tls-flight'

let ca: MadeCert
let leaf: MadeCert
let rsa: MadeCert
let weak: MadeCert
let selfSigned: MadeCert

beforeAll(async () => {
  ca = await makeCert({ subject: 'C=US, O=Test Trust Services, CN=Test Issuing CA R1', notAfterDays: 3650, ca: true, key: 'ec-p384' })
  leaf = await makeCert({
    subject: 'CN=shop.example.com',
    issuer: ca,
    names: ['shop.example.com', 'www.shop.example.com'],
    notAfterDays: 80,
  })
  rsa = await makeCert({ subject: 'CN=rsa.example.com', issuer: ca, names: ['rsa.example.com'], notAfterDays: 200, key: 'rsa-2048' })
  weak = await makeCert({ subject: 'CN=old.example.com', names: ['old.example.com'], notAfterDays: 300, key: 'rsa-1024', hash: 'SHA-1' })
  selfSigned = await makeCert({ subject: 'CN=self.example.com', names: ['self.example.com'], notAfterDays: 365 })
})

describe('reading a certificate (our DER reader, checked against @peculiar/x509)', () => {
  it('reads issuer, names, validity, key and signature of a CA-issued EC certificate', () => {
    const f = readCertificate(leaf.der)
    expect(f).toMatchObject({
      subject: 'CN=shop.example.com',
      issuer: 'C=US, O=Test Trust Services, CN=Test Issuing CA R1',
      issuer_name: 'Test Trust Services (Test Issuing CA R1)',
      names: ['shop.example.com', 'www.shop.example.com'],
      key: { algorithm: 'EC', bits: 256 },
      signature_algorithm: 'ecdsa-with-SHA256',
      self_signed: false,
    })
    expect(f.not_after).toBe(leaf.cert.notAfter.toISOString())
  })

  it('measures RSA keys and sees SHA-1 signatures', () => {
    expect(readCertificate(rsa.der)).toMatchObject({ key: { algorithm: 'RSA', bits: 2048 }, signature_algorithm: 'ecdsa-with-SHA256' })
    expect(readCertificate(weak.der)).toMatchObject({
      key: { algorithm: 'RSA', bits: 1024 },
      signature_algorithm: 'sha1WithRSAEncryption',
      self_signed: true,
    })
  })

  it('reads the same fields @peculiar/x509 reads', () => {
    for (const made of [leaf, rsa, weak, selfSigned, ca]) {
      const f = readCertificate(made.der)
      const ref = made.cert
      expect(f).toMatchObject({
        subject: ref.subject,
        issuer: ref.issuer,
        serial: ref.serialNumber,
        not_before: ref.notBefore.toISOString(),
        not_after: ref.notAfter.toISOString(),
      })
    }
  })

  it.each([
    ['a truncated certificate', () => leaf.der.slice(0, 200)],
    ['a length past the end', () => new Uint8Array([0x30, 0x84, 0x7f, 0xff, 0xff, 0xff, 0x30])],
    ['an indefinite length', () => new Uint8Array([0x30, 0x80, 0x00, 0x00])],
    ['50,000 nested SEQUENCEs', () => new Uint8Array(Array.from({ length: 50_000 }, () => [0x30, 0x80]).flat())],
    ['64 KiB of zeros', () => new Uint8Array(65536)],
  ])('refuses %s with a parse error, never anything else', (_, bytes) => {
    expect(() => readCertificate(bytes())).toThrow(/Not an X.509 certificate/)
  })

  it('reads PEM as well, and refuses what is not a certificate', () => {
    expect(readCertificate(selfSigned.pem).self_signed).toBe(true)
    expect(() => readCertificate(new Uint8Array([0x30, 0x03, 0x02, 0x01, 0x01]))).toThrow(/Not an X.509 certificate/)
  })
})

describe('ClientHello', () => {
  it('offers TLS 1.2 only, with SNI for the host', () => {
    const hello = buildClientHello('shop.example.com', new Uint8Array(32))
    expect([...hello.slice(0, 3)]).toEqual([22, 3, 1]) // handshake record
    expect(hello[5]).toBe(1) // ClientHello
    expect([...hello.slice(9, 11)]).toEqual([3, 3]) // client_version TLS 1.2
    expect(new TextDecoder().decode(hello)).toContain('shop.example.com')
    // Walk to the extensions: there must be SNI (0) and no supported_versions (0x002b),
    // so a TLS 1.3 server cannot pick 1.3.
    let at = 9 + 2 + 32
    at += 1 + hello[at] // session id
    at += 2 + ((hello[at] << 8) | hello[at + 1]) // cipher suites
    at += 1 + hello[at] // compression methods
    const end = at + 2 + ((hello[at] << 8) | hello[at + 1])
    const types: number[] = []
    for (at += 2; at < end; at += 4 + ((hello[at + 2] << 8) | hello[at + 3])) types.push((hello[at] << 8) | hello[at + 1])
    expect(types).toContain(0x0000)
    expect(types).not.toContain(0x002b)
    expect(end).toBe(hello.length)
    expect(hello.length).toBe(((hello[3] << 8) | hello[4]) + 5)
  })
})

describe('TLS handshake reader (recorded server flights)', () => {
  const read = (bytes: Uint8Array, chunk?: number) =>
    readServerCertificates(recordedConnector({ 'shop.example.com': bytes }, { chunk }), 'shop.example.com', { timeoutMs: 2000 })

  it('reads the certificate chain from a TLS 1.2 flight', async () => {
    const hs = await read(serverFlight([leaf.der, ca.der]))
    expect(hs.version).toBe(0x0303)
    expect(hs.cipher_suite).toBe(0xc02b)
    expect(hs.certificates.map((c) => c.length)).toEqual([leaf.der.length, ca.der.length])
    expect(readCertificate(hs.certificates[0]).subject).toBe('CN=shop.example.com')
  })

  it('copes with one byte at a time and with messages packed into one record', async () => {
    expect((await read(serverFlight([leaf.der]), 1)).certificates).toHaveLength(1)
    expect((await read(serverFlight([leaf.der], { coalesce: true }), 7)).certificates).toHaveLength(1)
  })

  it('reassembles a Certificate message split over two records', async () => {
    const cert = certificateMessage([leaf.der])
    const half = Math.floor(cert.length / 2)
    const bytes = new Uint8Array([...record(22, serverHello()), ...record(22, cert.slice(0, half)), ...record(22, cert.slice(half))])
    expect((await read(bytes)).certificates[0]).toEqual(leaf.der)
  })

  it('sends SNI for the host it was asked about, on port 443', async () => {
    const connector = recordedConnector({ 'shop.example.com': serverFlight([leaf.der]) })
    await readServerCertificates(connector, 'shop.example.com')
    expect(connector.connects).toEqual(['shop.example.com:443'])
    expect(new TextDecoder().decode(connector.written.get('shop.example.com')![0])).toContain('shop.example.com')
  })

  it.each<[string, Uint8Array, string]>([
    ['a protocol_version alert (TLS-1.3-only server)', new Uint8Array(record(21, [2, 70])), 'alert'],
    ['a TLS 1.3 ServerHello', new Uint8Array(record(22, serverHello({ supportedVersions: 0x0304 }))), 'tls13-only'],
    ['ChangeCipherSpec before any certificate', new Uint8Array([...record(22, serverHello()), ...record(20, [1])]), 'tls13-only'],
    ['plain HTTP on port 443', new TextEncoder().encode('HTTP/1.1 400 Bad Request\r\n\r\n'), 'not-tls'],
    ['a connection closed mid-flight', new Uint8Array(record(22, serverHello())), 'closed'],
    ['no answer at all', new Uint8Array(0), 'connect'],
    [
      'ServerHelloDone without a certificate',
      new Uint8Array([...record(22, serverHello()), ...record(22, handshakeMessage(14, []))]),
      'no-certificate',
    ],
  ])('refuses %s', async (_name, bytes, code) => {
    await expect(read(bytes)).rejects.toMatchObject({ name: 'TlsReadError', code })
  })

  it('gives up on a server that never answers', async () => {
    const connector = recordedConnector({ 'slow.example.com': { hang: true } })
    await expect(readServerCertificates(connector, 'slow.example.com', { timeoutMs: 20 })).rejects.toMatchObject({ code: 'timeout' })
  })

  it('reports a refused connection', async () => {
    const connector = recordedConnector({ 'cf.example.com': { refuse: 'proxy request failed, cannot connect to the specified address' } })
    const err = await readServerCertificates(connector, 'cf.example.com').catch((e) => e)
    expect(err).toBeInstanceOf(TlsReadError)
    expect(err).toMatchObject({ code: 'connect', message: expect.stringContaining('cannot connect') })
  })

  it('stops reading past its byte limit', async () => {
    const junk = new Uint8Array(record(22, handshakeMessage(12, new Array(16000).fill(0))))
    const bytes = new Uint8Array([...record(22, serverHello()), ...junk, ...junk])
    const connector = recordedConnector({ 'big.example.com': bytes })
    await expect(readServerCertificates(connector, 'big.example.com', { maxBytes: 20_000 })).rejects.toMatchObject({ code: 'too-large' })
  })
})

describe('certificate grade', () => {
  const now = new Date('2026-03-01T00:00:00Z')
  const facts = (over: Partial<CertificateFacts> & { days?: number } = {}): CertificateFacts => ({
    subject: 'CN=a.example.com',
    issuer: "CN=R11, O=Let's Encrypt, C=US",
    issuer_name: "Let's Encrypt (R11)",
    not_before: '2026-01-01T00:00:00.000Z',
    not_after: new Date(now.getTime() + (over.days ?? 60) * 86_400_000).toISOString(),
    serial: '01',
    names: ['a.example.com'],
    key: { algorithm: 'EC', bits: 256 },
    signature_algorithm: 'ecdsa-with-SHA256',
    self_signed: false,
    ...over,
  })

  it.each<[string, Trust, CertificateFacts | null, string]>([
    ['a trusted certificate with 60 days left', 'trusted', facts(), 'A'],
    ['29 days left', 'trusted', facts({ days: 29 }), 'B'],
    ['30 days left', 'trusted', facts({ days: 30 }), 'A'],
    ['6 days left', 'trusted', facts({ days: 6 }), 'C'],
    ['an RSA 1024 key', 'trusted', facts({ key: { algorithm: 'RSA', bits: 1024 } }), 'B'],
    ['an RSA 2048 key', 'trusted', facts({ key: { algorithm: 'RSA', bits: 2048 } }), 'A'],
    ['a SHA-1 signature', 'trusted', facts({ signature_algorithm: 'sha1WithRSAEncryption' }), 'B'],
    ['an MD5 signature', 'trusted', facts({ signature_algorithm: 'md5WithRSAEncryption' }), 'F'],
    ['an RSA 512 key', 'trusted', facts({ key: { algorithm: 'RSA', bits: 512 } }), 'F'],
    ['an expired certificate', 'untrusted', facts({ days: -3 }), 'F'],
    ['a self-signed certificate', 'untrusted', facts({ self_signed: true }), 'T'],
    ['an untrusted chain', 'untrusted', facts(), 'T'],
    ['untrusted, no facts', 'untrusted', null, 'T'],
    ['no HTTPS at all', 'unreachable', null, 'F'],
    // Issue 20: with no certificate facts at all the grade is "unknown", never a guessed A.
    ['trusted, details unknown', 'trusted', null, 'unknown'],
  ])('%s → %s', (_name, trust, f, grade) => {
    expect(gradeCertificate(trust, f, now).grade).toBe(grade)
  })

  it('says why', () => {
    expect(gradeCertificate('untrusted', facts({ days: -3 }), now).reasons[0]).toMatch(/expired on 2026-02-26/)
    expect(gradeCertificate('untrusted', facts({ self_signed: true }), now).reasons).toEqual(['the certificate is self-signed'])
  })
})

describe('Certificate Transparency fallback (crt.sh)', () => {
  const now = new Date()
  const iso = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 19)
  // The JSON shape crt.sh returns for ?q=<name>&output=json.
  const entry = (id: number, names: string, from: number, to: number) => ({
    issuer_ca_id: 295815,
    issuer_name: "C=US, O=Let's Encrypt, CN=R11",
    common_name: names.split('\n')[0],
    name_value: names,
    id,
    entry_timestamp: `${iso(from)}.512`,
    not_before: iso(from),
    not_after: iso(to),
    serial_number: `04${id}`,
    result_count: 2,
  })

  it.each([
    ['*.example.com', 'www.example.com', true],
    ['*.example.com', 'example.com', false],
    ['*.example.com', 'a.b.example.com', false],
    ['example.com', 'example.com', true],
    ['EXAMPLE.com', 'example.com', true],
  ])('%s covers %s: %s', (name, host, expected) => {
    expect(nameCovers(name, host)).toBe(expected)
  })

  it('picks the newest unexpired certificate for the name and downloads it', async () => {
    const fetcher = replayFetcher([
      [
        /^https:\/\/crt\.sh\/\?q=shop\.example\.com&output=json/,
        {
          body: JSON.stringify([
            entry(101, 'shop.example.com', -200, -110), // expired
            entry(102, 'shop.example.com\nwww.shop.example.com', -20, 70), // newest valid
            entry(103, 'other.example.com', -5, 85), // another name
            entry(104, '*.example.com', -60, 30), // older wildcard
            entry(105, 'shop.example.com', 5, 95), // not valid yet
          ]),
        },
      ],
      ['https://crt.sh/?d=102', { body: leaf.pem }],
    ])
    const ct = await lookupCertificate(fetcher, 'shop.example.com', now)
    expect(ct).toMatchObject({ crtsh_id: 102, parsed: true, facts: { issuer_name: 'Test Trust Services (Test Issuing CA R1)' } })
  })

  it('falls back to the logged fields when the download fails', async () => {
    const fetcher = replayFetcher([
      [/output=json/, { body: JSON.stringify([entry(7, 'shop.example.com', -10, 80)]) }],
      ['https://crt.sh/?d=7', { status: 502, body: 'Bad Gateway' }],
    ])
    const ct = await lookupCertificate(fetcher, 'shop.example.com', now)
    expect(ct).toMatchObject({
      parsed: false,
      facts: { issuer: "C=US, O=Let's Encrypt, CN=R11", names: ['shop.example.com'], key: { algorithm: 'unknown' } },
    })
    expect(ct!.facts.not_after).toBe(`${iso(80)}.000Z`)
  })

  it.each([
    ['an error page', { status: 503, body: '<html>overloaded</html>' }],
    ['no certificates', { body: '[]' }],
    ['not JSON', { body: 'Sorry, something went wrong' }],
  ])('returns nothing for %s', async (_name, answer) => {
    expect(await lookupCertificate(replayFetcher([[/crt\.sh/, answer]]), 'shop.example.com', now)).toBeNull()
  })
})

describe('certificate probe', () => {
  const now = new Date()
  const ctNone = replayFetcher([[/crt\.sh/, { body: '[]' }]])

  it('uses the handshake when it works', async () => {
    const p = await probeCertificate('shop.example.com', {
      connect: recordedConnector({ 'shop.example.com': serverFlight([leaf.der, ca.der]) }),
      fetcher: ctNone,
      now,
    })
    expect(p).toMatchObject({
      source: 'tls-handshake',
      chain_length: 2,
      chain_complete: true,
      name_match: true,
      handshake_error: null,
      facts: { subject: 'CN=shop.example.com' },
    })
    expect(ctNone.calls.filter((u) => u.includes('crt.sh'))).toEqual([])
  })

  it('falls back to CT when sockets are refused, or the server speaks only TLS 1.3', async () => {
    for (const recorded of [{ refuse: 'connection refused' }, new Uint8Array(record(21, [2, 70]))]) {
      const fetcher = replayFetcher([
        [
          /output=json/,
          {
            body: JSON.stringify([
              {
                id: 9,
                issuer_name: 'CN=CT CA',
                name_value: 'shop.example.com',
                not_before: '2020-01-01T00:00:00',
                not_after: '2999-01-01T00:00:00',
              },
            ]),
          },
        ],
        ['https://crt.sh/?d=9', { body: rsa.pem }],
      ])
      const p = await probeCertificate('shop.example.com', { connect: recordedConnector({ 'shop.example.com': recorded }), fetcher, now })
      expect(p).toMatchObject({
        source: 'certificate-transparency',
        facts: { subject: 'CN=rsa.example.com' },
        handshake_error: expect.any(String),
      })
    }
  })

  it('falls back to CT without a connector, and says when nothing worked', async () => {
    expect(await probeCertificate('shop.example.com', { connect: null, fetcher: ctNone, now })).toMatchObject({
      source: 'none',
      facts: null,
      chain_length: null,
      chain_complete: null,
      name_match: null,
      ocsp_stapling: null,
      tls: { protocols: { tls1_0: null, tls1_1: null, tls1_2: null, tls1_3: null } },
      handshake_error: 'raw TCP sockets are not available here',
    })
  })
})
