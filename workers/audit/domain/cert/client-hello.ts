/**
 * ClientHello messages (RFC 5246 §7.4.1.2; RFC 8446 §4.1.2). The default one offers TLS 1.2 and
 * no TLS 1.3 (no supported_versions extension, RFC 8446 §4.2.1), so a server that can speak 1.2
 * answers with a 1.2 handshake whose Certificate message travels in clear. `buildHello` makes
 * the probes of the TLS assessment: another version, or only some cipher suites. No handshake
 * is ever completed: the reader hangs up once it has what it came for.
 */

// RFC 5246 §6.2.1 / §7.4: record and handshake types.
export const CONTENT_ALERT = 21
export const CONTENT_HANDSHAKE = 22
export const HANDSHAKE_CLIENT_HELLO = 1
export const HANDSHAKE_SERVER_HELLO = 2
export const HANDSHAKE_CERTIFICATE = 11
export const HANDSHAKE_SERVER_HELLO_DONE = 14
export const TLS_1_0 = 0x0301
export const TLS_1_1 = 0x0302
export const TLS_1_2 = 0x0303
export const TLS_1_3 = 0x0304

// Suites a TLS 1.2 server of any age has at least one of (IANA TLS Cipher Suites registry):
// ECDHE with AES-GCM / ChaCha20 first, then CBC and plain-RSA fallbacks for old servers.
export const CIPHER_SUITES = [
  0xc02b,
  0xc02f,
  0xc02c,
  0xc030,
  0xcca9,
  0xcca8, // ECDHE-{ECDSA,RSA}-AES-GCM, -CHACHA20-POLY1305
  0xc009,
  0xc013,
  0xc00a,
  0xc014, // ECDHE-{ECDSA,RSA}-AES-CBC-SHA
  0x009c,
  0x009d,
  0x002f,
  0x0035, // RSA-AES-GCM, RSA-AES-CBC-SHA
  0x000a, // RSA-3DES-EDE-CBC-SHA, for the oldest servers
]
// RFC 8422 §5.1.1 supported_groups: x25519, secp256r1, secp384r1, secp521r1.
const GROUPS = [0x001d, 0x0017, 0x0018, 0x0019]
// RFC 8446 §4.2.3 SignatureScheme values, also valid in TLS 1.2 (RFC 5246 §7.4.1.4.1 pairs).
const SIGNATURE_SCHEMES = [0x0403, 0x0804, 0x0401, 0x0503, 0x0805, 0x0501, 0x0806, 0x0601, 0x0603, 0x0201, 0x0203]

const u16 = (n: number) => [(n >> 8) & 0xff, n & 0xff]
const u24 = (n: number) => [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]
const list16 = (values: number[]) => [...u16(values.length * 2), ...values.flatMap(u16)]
const ext = (type: number, body: number[]) => [...u16(type), ...u16(body.length), ...body]

// RFC 8446 §B.4: the TLS 1.3 suites (AES-128-GCM, AES-256-GCM, ChaCha20-Poly1305).
export const TLS13_SUITES = [0x1301, 0x1302, 0x1303]

export type HelloOptions = {
  /** client_version; with `tls13`, the version offered in supported_versions instead. */
  version?: number
  suites?: number[]
  /** Offer TLS 1.3 only (supported_versions, key_share x25519), as RFC 8446 §4.1.2 asks. */
  tls13?: boolean
  /** RFC 6066 §8 status_request: a server that staples OCSP acknowledges it in ServerHello. */
  statusRequest?: boolean
  random?: Uint8Array
}

export function buildClientHello(host: string, random: Uint8Array = crypto.getRandomValues(new Uint8Array(32))): Uint8Array {
  return buildHello(host, { random })
}

export function buildHello(host: string, options: HelloOptions = {}): Uint8Array {
  const random = options.random ?? crypto.getRandomValues(new Uint8Array(32))
  const name = [...new TextEncoder().encode(host)]
  const extensions = [
    // RFC 6066 §3 server_name: the certificate for this host, not the server's default one.
    ...ext(0x0000, [...u16(name.length + 3), 0x00, ...u16(name.length), ...name]),
    ...ext(0x000a, list16(GROUPS)),
    ...ext(0x000b, [0x01, 0x00]), // RFC 8422 §5.1.2 ec_point_formats: uncompressed
    ...ext(0x000d, list16(SIGNATURE_SCHEMES)),
    ...ext(0x0017, []), // RFC 7627 extended_master_secret
    ...ext(0xff01, [0x00]), // RFC 5746 renegotiation_info (initial handshake)
    // status_type ocsp(1), no responder ids, no request extensions.
    ...(options.statusRequest ? ext(0x0005, [0x01, 0x00, 0x00, 0x00, 0x00]) : []),
    ...(options.tls13
      ? [
          ...ext(0x002b, [0x02, ...u16(TLS_1_3)]), // supported_versions: 1.3 only
          // key_share: one x25519 share. Random bytes do: the server never gets to use it.
          ...ext(0x0033, [...u16(36), ...u16(0x001d), ...u16(32), ...crypto.getRandomValues(new Uint8Array(32))]),
        ]
      : []),
  ]
  const body = [
    // RFC 8446 §4.1.2: a 1.3 hello says 1.2 here (legacy_version).
    ...u16(options.tls13 ? TLS_1_2 : (options.version ?? TLS_1_2)),
    ...random,
    0x00, // no session id
    ...list16(options.suites ?? (options.tls13 ? TLS13_SUITES : CIPHER_SUITES)),
    0x01,
    0x00, // compression: null only
    ...u16(extensions.length),
    ...extensions,
  ]
  const handshake = [HANDSHAKE_CLIENT_HELLO, ...u24(body.length), ...body]
  // The record layer says TLS 1.0 for the first flight, as browsers do, for old middleboxes.
  return new Uint8Array([CONTENT_HANDSHAKE, 0x03, 0x01, ...u16(handshake.length), ...handshake])
}
