import type { ByteStreams, TcpConnector } from '../../../workers/audit/domain/cert/tls-reader'

/**
 * The bytes a TLS 1.2 server sends after a ClientHello, built per RFC 5246 §7.4: ServerHello,
 * Certificate and ServerHelloDone. Route tests replay them through an injected connector, the
 * way recorded HTTP responses are replayed through the fetcher; the Node suite
 * (test/node/audit-tls.test.ts) runs the same reader against real node:tls servers.
 */
const u16 = (n: number) => [(n >> 8) & 0xff, n & 0xff]
const u24 = (n: number) => [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]

export function handshakeMessage(type: number, body: number[]): number[] {
  return [type, ...u24(body.length), ...body]
}

export function record(type: number, fragment: number[]): number[] {
  return [type, 0x03, 0x03, ...u16(fragment.length), ...fragment]
}

export function serverHello(
  options: { version?: number; suite?: number; supportedVersions?: number; emptyExtensions?: number[] } = {}
): number[] {
  const ext = [
    ...(options.supportedVersions ? [0x00, 0x2b, 0x00, 0x02, ...u16(options.supportedVersions)] : []),
    ...(options.emptyExtensions ?? []).flatMap((type) => [...u16(type), 0x00, 0x00]),
  ]
  return handshakeMessage(2, [
    ...u16(options.version ?? 0x0303),
    ...new Array(32).fill(7),
    0x00, // session id
    ...u16(options.suite ?? 0xc02b),
    0x00, // compression
    ...u16(ext.length),
    ...ext,
  ])
}

export function certificateMessage(certs: Uint8Array[]): number[] {
  const list = certs.flatMap((c) => [...u24(c.length), ...c])
  return handshakeMessage(11, [...u24(list.length), ...list])
}

/** A whole first flight, one handshake message per record unless `coalesce` packs them. */
export function serverFlight(certs: Uint8Array[], options: { coalesce?: boolean } = {}): Uint8Array {
  const messages = [serverHello(), certificateMessage(certs), handshakeMessage(14, [])]
  const records = options.coalesce ? record(22, messages.flat()) : messages.flatMap((m) => record(22, m))
  return new Uint8Array(records)
}

/**
 * A server that answers each ClientHello as RFC 5246 §7.4.1.3 / RFC 8446 §4.1.3 say a server
 * with this configuration must: the highest common version (an alert protocol_version when
 * there is none), the first common suite in its own order (`serverPreference`) or the client's,
 * status_request acknowledged when it staples, and its certificate chain. For the assessment's
 * probes, which look at what different hellos get back.
 */
export type TlsServer = {
  versions: number[]
  suites: number[]
  certs: Uint8Array[]
  serverPreference?: boolean
  ocsp?: boolean
}

export type Recorded = Uint8Array | { refuse: string } | { hang: true } | { server: TlsServer }

type Hello = { version: number; suites: number[]; versions: number[]; statusRequest: boolean }

/** The fields of a ClientHello record the simulated server needs. */
export function parseClientHello(bytes: Uint8Array): Hello {
  const b = bytes.subarray(5 + 4) // record header, handshake header
  const version = (b[0] << 8) | b[1]
  let at = 2 + 32
  at += 1 + b[at]
  const suitesLength = (b[at] << 8) | b[at + 1]
  const suites: number[] = []
  for (let i = 0; i < suitesLength; i += 2) suites.push((b[at + 2 + i] << 8) | b[at + 3 + i])
  at += 2 + suitesLength
  at += 1 + b[at]
  const end = at + 2 + ((b[at] << 8) | b[at + 1])
  const versions: number[] = []
  let statusRequest = false
  for (at += 2; at < end; ) {
    const type = (b[at] << 8) | b[at + 1]
    const len = (b[at + 2] << 8) | b[at + 3]
    if (type === 0x002b) for (let i = 1; i < len; i += 2) versions.push((b[at + 4 + i] << 8) | b[at + 5 + i])
    if (type === 0x0005) statusRequest = true
    at += 4 + len
  }
  return { version, suites, versions, statusRequest }
}

export function serverAnswer(server: TlsServer, helloBytes: Uint8Array): Uint8Array {
  const hello = parseClientHello(helloBytes)
  const pick = (mine: number[], theirs: number[]) =>
    server.serverPreference ? mine.find((s) => theirs.includes(s)) : theirs.find((s) => mine.includes(s))
  if (hello.versions.includes(0x0304)) {
    if (!server.versions.includes(0x0304)) return new Uint8Array(record(21, [2, 70]))
    const suite = pick(server.suites, hello.suites) ?? 0x1301
    // The rest of a 1.3 flight is encrypted (an application_data record).
    return new Uint8Array([...record(22, serverHello({ suite, supportedVersions: 0x0304 })), ...record(23, [1, 2, 3, 4])])
  }
  const version = server.versions
    .filter((v) => v !== 0x0304 && v <= hello.version)
    .sort()
    .at(-1)
  if (version === undefined) return new Uint8Array(record(21, [2, 70]))
  const suite = pick(
    server.suites.filter((s) => s < 0x1300 || s > 0x13ff),
    hello.suites
  )
  if (suite === undefined) return new Uint8Array(record(21, [2, 40]))
  const ext = server.ocsp && hello.statusRequest ? [0x0005] : []
  const messages = [serverHello({ version, suite, emptyExtensions: ext }), certificateMessage(server.certs), handshakeMessage(14, [])]
  return new Uint8Array(messages.flatMap((m) => record(22, m)))
}

/**
 * A connector that replays recorded server bytes per host (in `chunk`-sized pieces) and keeps
 * what the client wrote, so tests can look at the ClientHello.
 */
export function recordedConnector(
  byHost: Record<string, Recorded>,
  options: { chunk?: number } = {}
): TcpConnector & { written: Map<string, Uint8Array[]>; connects: string[] } {
  const written = new Map<string, Uint8Array[]>()
  const connects: string[] = []
  const connector = (host: string, port: number): ByteStreams => {
    connects.push(`${host}:${port}`)
    const answer = byHost[host]
    if (answer === undefined || 'refuse' in answer) {
      throw new Error(answer && 'refuse' in answer ? answer.refuse : `no recording for ${host}`)
    }
    const chunks: Uint8Array[] = []
    written.set(host, chunks)
    const size = options.chunk ?? 1 << 16
    let answerHello: ((hello: Uint8Array) => void) | null = null
    const send = (controller: ReadableStreamDefaultController<Uint8Array>, bytes: Uint8Array) => {
      for (let at = 0; at < bytes.length; at += size) controller.enqueue(bytes.slice(at, at + size))
      controller.close()
    }
    return {
      readable: new ReadableStream<Uint8Array>({
        start(controller) {
          if ('hang' in answer) return
          if ('server' in answer) {
            answerHello = (hello) => send(controller, serverAnswer(answer.server, hello))
            return
          }
          send(controller, answer)
        },
      }),
      writable: new WritableStream<Uint8Array>({
        write: (chunk) => {
          chunks.push(chunk)
          answerHello?.(chunk)
          answerHello = null
        },
      }),
      close: () => {},
    }
  }
  return Object.assign(connector, { written, connects })
}
