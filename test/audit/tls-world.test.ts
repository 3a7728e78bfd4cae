import { connect } from 'cloudflare:sockets'
import { describe, expect, inject, it } from 'vitest'
import type { TcpConnector } from '../../workers/audit/domain/cert/tls-reader'
import { harness, STRONG_HEADERS, type World } from './helpers/site'
import { TLS_FIXTURES, type TlsFixtureHost } from './tls-fixtures'

/**
 * The whole audit against real TLS servers (test/audit/tls-fixtures.ts, started by
 * global-setup.ts on loopback): the worker's own ClientHello builder, record reader,
 * certificate parser, assessment, grading and report. Only two things are injected: address
 * resolution (the replayed DNS answers a public address for each fixture name) and the socket
 * factory (it opens a real `connect()` from 'cloudflare:sockets' to the fixture's loopback
 * port). The HTTPS page itself is replayed, failing with the runtime's certificate error where
 * the fixture's certificate would fail it.
 */
const ports = inject('auditTlsPorts') as Record<string, number> | undefined

const sockets: TcpConnector = (host) => {
  const port = ports?.[host]
  if (!port) throw new Error(`no fixture server for ${host}`)
  return connect({ hostname: '127.0.0.1', port }, { secureTransport: 'off', allowHalfOpen: false })
}

function world(host: string, trusted = TLS_FIXTURES[host as TlsFixtureHost]?.trusted ?? true): World {
  return {
    zone: { [host]: { A: ['93.184.215.14'] } },
    pages: {
      [`http://${host}/`]: { status: 301, headers: { location: `https://${host}/` } },
      [`https://${host}/`]: trusted ? { headers: STRONG_HEADERS, body: '' } : { fail: 'tls' },
    },
  }
}

async function ssl(host: TlsFixtureHost) {
  const h = harness(world(host), { connectTls: sockets, handshakeTimeoutMs: 5000 })
  const { res, body } = await h.check(host)
  expect(res.status).toBe(200)
  return body.ssl
}

/**
 * Each server's expected grade and the rule that sets it (docs/audit-scoring.md, "Certificate
 * and TLS grade"), with the facts a reader of the report would check.
 */
const EXPECTED: Record<TlsFixtureHost, { grade: string; rule: RegExp | null; facts: Record<string, unknown> }> = {
  // The certificate is encrypted under TLS 1.3 and nothing is in CT here: not guessed.
  'tls13-only.tls-fixture.org': {
    grade: 'unknown',
    rule: /no certificate could be read/,
    facts: { source: 'none', tls: { protocols: { tls1_0: false, tls1_1: false, tls1_2: false, tls1_3: true } } },
  },
  'modern.tls-fixture.org': {
    grade: 'A',
    rule: null,
    facts: {
      valid: true,
      chain_complete: true,
      name_match: true,
      tls: {
        protocols: { tls1_0: false, tls1_1: false, tls1_2: true, tls1_3: true },
        prefers_forward_secrecy: true,
        prefers_aead: true,
        ocsp_stapling: false,
      },
    },
  },
  'ocsp.tls-fixture.org': { grade: 'A', rule: null, facts: { tls: { ocsp_stapling: true } } },
  'legacy.tls-fixture.org': {
    grade: 'B',
    rule: /TLS 1\.0 and TLS 1\.1/,
    facts: { tls: { protocols: { tls1_0: true, tls1_1: true, tls1_2: true } } },
  },
  // No RC4 or 3DES in this OpenSSL: CBC suites with static RSA key exchange only.
  'cbc-only.tls-fixture.org': {
    grade: 'B',
    rule: /without forward secrecy/,
    facts: {
      tls: {
        protocols: { tls1_2: true, tls1_3: false },
        prefers_forward_secrecy: false,
        prefers_aead: false,
        weak_suites: { static_rsa: true, rc4: false, triple_des: false },
        negotiated_suite: 'TLS_RSA_WITH_AES_128_CBC_SHA',
      },
    },
  },
  'expired.tls-fixture.org': { grade: 'F', rule: /expired/, facts: { valid: false, days_remaining: -11 } },
  'self-signed.tls-fixture.org': { grade: 'T', rule: /self-signed/, facts: { valid: false, self_signed: true } },
  'incomplete-chain.tls-fixture.org': { grade: 'B', rule: /intermediate/, facts: { chain_complete: false, chain_length: 1 } },
  'wrong-name.tls-fixture.org': { grade: 'T', rule: /does not cover this name/, facts: { name_match: false } },
  'rsa1024.tls-fixture.org': { grade: 'B', rule: /RSA key of 1024 bits/, facts: { key: { algorithm: 'RSA', bits: 1024 } } },
}

describe.skipIf(!ports)('TLS fixture world', () => {
  it.each(Object.keys(TLS_FIXTURES) as TlsFixtureHost[])('%s', async (host) => {
    const s = await ssl(host)
    const { grade, rule, facts } = EXPECTED[host]
    expect(s).toMatchObject({ checked: true, grade, ...JSON.parse(JSON.stringify(facts)) })
    if (rule)
      expect(
        s.grade_reasons.some((r) => rule.test(r)),
        s.grade_reasons.join(' | ')
      ).toBe(true)
    else expect(s.grade_reasons).toEqual([])
    if (host !== 'tls13-only.tls-fixture.org') expect(s.source).toBe('tls-handshake')
  })
})

describe('without sockets', () => {
  it('says "not checked" for every TLS field, in the JSON and on the page, never "Yes"', async () => {
    const host = 'no-sockets.tls-fixture.org'
    const h = harness(world(host), { connectTls: null })
    const { body } = await h.check(host)
    expect(body.ssl).toMatchObject({
      checked: false,
      valid: null,
      grade: 'unknown',
      grade_reasons: [expect.stringMatching(/^not checked/)],
      chain_complete: null,
      name_match: null,
      tls: { protocols: { tls1_0: null, tls1_1: null, tls1_2: null, tls1_3: null }, ocsp_stapling: null },
    })
    const html = await (await h.request(`/check/${host}`)).text()
    const certificate = html.slice(html.indexOf('id="certificate"'), html.indexOf('id="headers"'))
    expect(certificate.match(/not checked/g)?.length).toBeGreaterThanOrEqual(5)
    expect(certificate).not.toMatch(/Yes|intermediates sent|OCSP stapled/)
  })
})
