import { buildHello, CIPHER_SUITES, TLS_1_0, TLS_1_1, TLS_1_2, TLS_1_3 } from './client-hello'
import { REVERSED_PREFERENCE, SUITES, WEAK_CLASSES, type WeakClass } from './suites'
import { readServerHello, TlsReadError, type ServerHello, type TcpConnector } from './tls-reader'

/**
 * The protocol side of the TLS assessment, from ClientHellos alone (no handshake is completed):
 * which versions the server accepts, which suite it picks when the client lists the weak ones
 * first (does the server enforce forward secrecy and AEAD?), and whether it accepts a hello
 * offering only a weak class of suites. `null` means the probe could not tell (no connection,
 * timeout, an answer that is not TLS).
 */
export type TlsAssessment = {
  protocols: { tls1_0: boolean | null; tls1_1: boolean | null; tls1_2: boolean | null; tls1_3: boolean | null }
  /** The suite chosen from a list that puts static-RSA and CBC suites first. */
  preference_probe_suite: string | null
  prefers_forward_secrecy: boolean | null
  prefers_aead: boolean | null
  weak_suites: Record<WeakClass, boolean | null>
}

export const UNKNOWN_ASSESSMENT: TlsAssessment = {
  protocols: { tls1_0: null, tls1_1: null, tls1_2: null, tls1_3: null },
  preference_probe_suite: null,
  prefers_forward_secrecy: null,
  prefers_aead: null,
  weak_suites: { null_export_anon: null, rc4: null, triple_des: null, static_rsa: null },
}

// Suites a TLS 1.0/1.1 server can pick (no GCM or SHA-256 suites before TLS 1.2, RFC 5246 §1.2).
const LEGACY_SUITES = CIPHER_SUITES.filter((s) => !SUITES[s]?.aead)
// At most this many probe connections at once (Workers allow six open connections per request).
const PARALLEL = 3

type Probe = { hello: ServerHello | null; refused: boolean }

async function probe(connect: TcpConnector, host: string, hello: Uint8Array, timeoutMs: number): Promise<Probe> {
  try {
    return { hello: await readServerHello(connect, host, hello, { timeoutMs }), refused: false }
  } catch (err) {
    if (!(err instanceof TlsReadError)) throw err
    // An alert (handshake_failure, protocol_version, insufficient_security) or a hang-up after
    // the hello is a refusal; no connection, a timeout or garbage says nothing.
    return { hello: null, refused: err.code === 'alert' || err.code === 'closed' || err.code === 'no-certificate' }
  }
}

const accepted = (p: Probe, ok: (h: ServerHello) => boolean): boolean | null => (p.hello ? ok(p.hello) : p.refused ? false : null)

/**
 * `tls12`: what the certificate read learned of TLS 1.2 (true: it answered with 1.2; false: it
 * refused it; null: unknown). Skipped entirely (all null) when `reachable` is false.
 */
export async function assessTls(
  connect: TcpConnector,
  host: string,
  options: { timeoutMs: number; tls12: boolean | null; reachable: boolean }
): Promise<TlsAssessment> {
  if (!options.reachable) return UNKNOWN_ASSESSMENT
  const jobs: Array<[string, Uint8Array]> = [
    ['tls1_3', buildHello(host, { tls13: true })],
    ['tls1_0', buildHello(host, { version: TLS_1_0, suites: LEGACY_SUITES })],
    ['tls1_1', buildHello(host, { version: TLS_1_1, suites: LEGACY_SUITES })],
    ['preference', buildHello(host, { suites: REVERSED_PREFERENCE })],
    ...Object.entries(WEAK_CLASSES).map(([name, suites]): [string, Uint8Array] => [name, buildHello(host, { suites: [...suites] })]),
  ]
  const results = new Map<string, Probe>()
  for (let i = 0; i < jobs.length; i += PARALLEL) {
    const batch = jobs.slice(i, i + PARALLEL)
    const done = await Promise.all(batch.map(([, hello]) => probe(connect, host, hello, options.timeoutMs)))
    for (const [k, [name]] of batch.entries()) results.set(name, done[k])
  }
  const get = (name: string) => results.get(name)!
  const pref = get('preference').hello
  const offeredOnly = (suites: readonly number[]) => (h: ServerHello) => suites.includes(h.cipher_suite)
  const chosen = pref && SUITES[pref.cipher_suite]
  return {
    protocols: {
      tls1_0: accepted(get('tls1_0'), (h) => h.version === TLS_1_0),
      tls1_1: accepted(get('tls1_1'), (h) => h.version === TLS_1_1),
      tls1_2: options.tls12,
      tls1_3: accepted(get('tls1_3'), (h) => h.version === TLS_1_3),
    },
    preference_probe_suite: chosen ? chosen.name : null,
    prefers_forward_secrecy: chosen ? chosen.fs : null,
    prefers_aead: chosen ? chosen.aead : null,
    weak_suites: Object.fromEntries(
      Object.entries(WEAK_CLASSES).map(([name, suites]) => [name, accepted(get(name), offeredOnly(suites))])
    ) as TlsAssessment['weak_suites'],
  }
}

export const versionName = (v: number) =>
  ({ [TLS_1_0]: 'TLS 1.0', [TLS_1_1]: 'TLS 1.1', [TLS_1_2]: 'TLS 1.2', [TLS_1_3]: 'TLS 1.3' })[v] ?? `0x${v.toString(16)}`
