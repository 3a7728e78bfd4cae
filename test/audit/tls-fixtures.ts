/**
 * The TLS fixture world: one real node:tls server per configuration on loopback, certificates
 * generated at setup (test/audit/helpers/certs.ts), nothing committed. global-setup.ts starts
 * them for the tests; each has a public-looking host name so that the audit runs its normal
 * validation, and the test's socket factory maps that name to the server's port.
 *
 * What this machine's OpenSSL (3.0 in Node 20) can still serve decides some rows: it has no
 * RC4 or 3DES at all, so the weak-suite server is CBC-only TLS 1.2 with static RSA key
 * exchange; TLS 1.0/1.1 and a 1024-bit RSA key need `@SECLEVEL=0`.
 */
import type { SecureContextOptions } from 'node:tls'

export type TlsFixture = {
  /** The certificate's key. */
  key: 'ec-p256' | 'rsa-2048' | 'rsa-1024'
  /** Days until expiry; negative: expired. */
  notAfterDays: number
  /** Issued by the test CA (true) or self-signed. */
  caIssued: boolean
  /** Send the CA certificate after the leaf (false: an incomplete chain). */
  sendChain: boolean
  /** Names in the certificate; default: the fixture's own host. */
  names?: string[]
  tls: Pick<SecureContextOptions, 'minVersion' | 'maxVersion' | 'ciphers'>
  /** Staple an OCSP response. */
  ocsp?: boolean
  /** What the HTTPS fetch of the page meets in the runtime: its certificate check passes or fails. */
  trusted: boolean
}

const SECLEVEL_0 = 'DEFAULT:@SECLEVEL=0'

export const TLS_FIXTURES = {
  'tls13-only.tls-fixture.org': {
    key: 'ec-p256',
    notAfterDays: 80,
    caIssued: true,
    sendChain: true,
    tls: { minVersion: 'TLSv1.3' },
    trusted: true,
  },
  'modern.tls-fixture.org': {
    key: 'ec-p256',
    notAfterDays: 80,
    caIssued: true,
    sendChain: true,
    tls: { minVersion: 'TLSv1.2' },
    trusted: true,
  },
  'ocsp.tls-fixture.org': {
    key: 'ec-p256',
    notAfterDays: 80,
    caIssued: true,
    sendChain: true,
    tls: { minVersion: 'TLSv1.2' },
    ocsp: true,
    trusted: true,
  },
  'legacy.tls-fixture.org': {
    key: 'rsa-2048',
    notAfterDays: 80,
    caIssued: true,
    sendChain: true,
    tls: { minVersion: 'TLSv1', ciphers: SECLEVEL_0 },
    trusted: true,
  },
  'cbc-only.tls-fixture.org': {
    key: 'rsa-2048',
    notAfterDays: 80,
    caIssued: true,
    sendChain: true,
    tls: { minVersion: 'TLSv1.2', maxVersion: 'TLSv1.2', ciphers: 'AES128-SHA:AES256-SHA' },
    trusted: true,
  },
  'expired.tls-fixture.org': {
    key: 'ec-p256',
    notAfterDays: -10,
    caIssued: true,
    sendChain: true,
    tls: { minVersion: 'TLSv1.2' },
    trusted: false,
  },
  'self-signed.tls-fixture.org': {
    key: 'ec-p256',
    notAfterDays: 300,
    caIssued: false,
    sendChain: false,
    tls: { minVersion: 'TLSv1.2' },
    trusted: false,
  },
  'incomplete-chain.tls-fixture.org': {
    key: 'ec-p256',
    notAfterDays: 80,
    caIssued: true,
    sendChain: false,
    tls: { minVersion: 'TLSv1.2' },
    // Browsers often complete a chain from their cache or AIA; this runtime's fetch is taken to do so too.
    trusted: true,
  },
  'wrong-name.tls-fixture.org': {
    key: 'ec-p256',
    notAfterDays: 80,
    caIssued: true,
    sendChain: true,
    names: ['other-site.tls-fixture.net'],
    tls: { minVersion: 'TLSv1.2' },
    trusted: false,
  },
  'rsa1024.tls-fixture.org': {
    key: 'rsa-1024',
    notAfterDays: 80,
    caIssued: true,
    sendChain: true,
    tls: { minVersion: 'TLSv1.2', ciphers: SECLEVEL_0 },
    trusted: true,
  },
} as const satisfies Record<string, TlsFixture>

export type TlsFixtureHost = keyof typeof TLS_FIXTURES
