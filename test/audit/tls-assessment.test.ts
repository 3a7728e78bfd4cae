import { beforeAll, describe, expect, it } from 'vitest'
import { parseCaaData } from '../../workers/audit/domain/cert/caa'
import { makeCert, type MadeCert } from './helpers/certs'
import { harness, STRONG_HEADERS, type World } from './helpers/site'
import { recordedConnector, type TlsServer } from './helpers/tls-flight'

/**
 * The TLS assessment through the replayed world: each site's port 443 is a simulated server
 * (helpers/tls-flight.ts `TlsServer`) that answers every ClientHello the way its configuration
 * requires, so each probe (versions, suite preference, weak classes, status_request) gets the
 * answer such a server gives.
 */
const TLS10 = 0x0301
const TLS12 = 0x0303
const TLS13 = 0x0304
const MODERN = [0x1301, 0x1302, 0xc02f, 0xc02b, 0xc030, 0xcca8]

let ca: MadeCert
const leaves = new Map<string, MadeCert>()

beforeAll(async () => {
  ca = await makeCert({ subject: 'C=US, O=Audit Test PKI, CN=Audit Test CA R1', notAfterDays: 1000, ca: true })
})

async function leafFor(name: string, days = 80): Promise<MadeCert> {
  const key = `${name}:${days}`
  if (!leaves.has(key)) leaves.set(key, await makeCert({ subject: `CN=${name}`, issuer: ca, names: [name], notAfterDays: days }))
  return leaves.get(key)!
}

let n = 0
async function check(
  server: Omit<TlsServer, 'certs'> & { certs?: Uint8Array[] },
  options: { caa?: Record<string, string[]>; certName?: string } = {}
) {
  const domain = `tls-${++n}.org`
  const leaf = await leafFor(options.certName ?? domain)
  const zone: World['zone'] = { [domain]: { A: ['93.184.215.14'] } }
  for (const [name, records] of Object.entries(options.caa ?? {})) zone[name] = { ...zone[name], CAA: records }
  const world: World = {
    zone,
    pages: {
      [`http://${domain}/`]: { status: 301, headers: { location: `https://${domain}/` } },
      [`https://${domain}/`]: { headers: STRONG_HEADERS, body: '' },
    },
    handshakes: { [domain]: { server: { certs: [leaf.der, ca.der], ...server } } },
  }
  const { res, body } = await harness(world).check(domain)
  expect(res.status).toBe(200)
  return body.ssl
}

describe('TLS assessment', () => {
  it('grades a modern server A, with every probe answered', async () => {
    const ssl = await check({ versions: [TLS12, TLS13], suites: MODERN, serverPreference: true, ocsp: true })
    expect(ssl).toMatchObject({
      grade: 'A',
      grade_reasons: [],
      source: 'tls-handshake',
      chain_complete: true,
      name_match: true,
      tls: {
        protocols: { tls1_0: false, tls1_1: false, tls1_2: true, tls1_3: true },
        negotiated_version: 'TLS 1.2',
        negotiated_suite: 'TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256',
        prefers_forward_secrecy: true,
        prefers_aead: true,
        weak_suites: { null_export_anon: false, rc4: false, triple_des: false, static_rsa: false },
        ocsp_stapling: true,
      },
    })
  })

  it('keeps the version of a TLS 1.0-only server and caps it at B', async () => {
    const ssl = await check({ versions: [TLS10], suites: [0xc013, 0x002f] })
    expect(ssl.tls.protocols).toEqual({ tls1_0: true, tls1_1: false, tls1_2: false, tls1_3: false })
    expect(ssl.tls.negotiated_version).toBe('TLS 1.0')
    expect(ssl.grade).toBe('B')
    expect(ssl.grade_reasons).toContainEqual(expect.stringContaining('TLS 1.0'))
  })

  it('caps at B a server that follows the client into static RSA (no forward secrecy)', async () => {
    const ssl = await check({ versions: [TLS12], suites: [0xc02f, 0x002f, 0x009c] })
    expect(ssl.tls).toMatchObject({
      prefers_forward_secrecy: false,
      preference_probe_suite: 'TLS_RSA_WITH_AES_128_CBC_SHA',
      weak_suites: { static_rsa: true },
    })
    expect(ssl.grade).toBe('B')
  })

  it('caps at B a server that prefers CBC over AEAD', async () => {
    const ssl = await check({ versions: [TLS12], suites: [0xc013, 0xc02f], serverPreference: true })
    expect(ssl.tls).toMatchObject({ prefers_forward_secrecy: true, prefers_aead: false })
    expect(ssl.grade).toBe('B')
  })

  it.each([
    ['RC4', [0xc02f, 0x0005], 'rc4', 'C'],
    ['3DES', [0xc02f, 0x000a], 'triple_des', 'C'],
    ['export-grade suites', [0xc02f, 0x0003], 'null_export_anon', 'F'],
    ['NULL encryption', [0xc02f, 0x0002], 'null_export_anon', 'F'],
  ] as const)('finds %s offered and grades %s', async (_, suites, weak, grade) => {
    const ssl = await check({ versions: [TLS12], suites: [...suites], serverPreference: true })
    expect(ssl.tls.weak_suites[weak]).toBe(true)
    expect(ssl.grade).toBe(grade)
  })

  it('caps at B a server that sends no intermediate', async () => {
    const domain = `tls-${n + 1}.org`
    const ssl = await check({ versions: [TLS12], suites: MODERN, serverPreference: true, certs: [(await leafFor(domain)).der] })
    expect(ssl).toMatchObject({ chain_complete: false, chain_length: 1, grade: 'B' })
  })

  it('grades T a served certificate that does not cover the name', async () => {
    const ssl = await check({ versions: [TLS12], suites: MODERN }, { certName: 'someone-else.org' })
    expect(ssl).toMatchObject({ name_match: false, grade: 'T' })
  })

  it('says when OCSP is not stapled', async () => {
    expect((await check({ versions: [TLS12], suites: MODERN })).tls.ocsp_stapling).toBe(false)
  })

  it('sees a TLS-1.3-only server; with nothing in CT the grade is "unknown", not A', async () => {
    const ssl = await check({ versions: [TLS13], suites: [0x1301] })
    expect(ssl.tls.protocols).toEqual({ tls1_0: false, tls1_1: false, tls1_2: false, tls1_3: true })
    expect(ssl).toMatchObject({ source: 'none', grade: 'unknown', valid: true, issuer: null })
  })

  it('never opens a probe connection when the first one is refused', async () => {
    const connector = recordedConnector({})
    const world: World = {
      zone: { 'closed-443.org': { A: ['93.184.215.14'] } },
      pages: {
        'http://closed-443.org/': { status: 301, headers: { location: 'https://closed-443.org/' } },
        'https://closed-443.org/': { headers: STRONG_HEADERS },
      },
    }
    const { body } = await harness(world, { connectTls: connector }).check('closed-443.org')
    expect(connector.connects).toEqual(['closed-443.org:443'])
    expect(body.ssl.tls.protocols).toEqual({ tls1_0: null, tls1_1: null, tls1_2: null, tls1_3: null })
  })
})

describe('CAA over DNS over HTTPS', () => {
  it('finds the record set of the registrable domain for a subdomain', async () => {
    const ssl = await check({ versions: [TLS12], suites: MODERN }, { caa: {} })
    expect(ssl.caa).toEqual({ present: false, name: null, issuers: [], iodef: false })
    const domain = `tls-${n + 1}.org`
    const withCaa = await check(
      { versions: [TLS12], suites: MODERN },
      {
        caa: {
          [domain]: ['0 issue "letsencrypt.org"', '0 issuewild "pki.goog; cansignhttpexchanges=yes"', '0 iodef "mailto:sec@example.org"'],
        },
      }
    )
    expect(withCaa.caa).toEqual({ present: true, name: domain, issuers: ['letsencrypt.org', 'pki.goog'], iodef: true })
  })

  it('reads the RFC 3597 form some resolvers answer with', () => {
    // flags 0, tag length 5, "issue", "letsencrypt.org"
    const hex = '00 05 69 73 73 75 65 6c 65 74 73 65 6e 63 72 79 70 74 2e 6f 72 67'
    expect(parseCaaData(`\\# 22 ${hex}`)).toEqual({ tag: 'issue', value: 'letsencrypt.org' })
    expect(parseCaaData('0 issue ";"')).toEqual({ tag: 'issue', value: ';' })
    expect(parseCaaData('garbage')).toBeNull()
  })
})
