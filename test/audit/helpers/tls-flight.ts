import type { ByteStreams, TcpConnector } from '../../../workers/audit/cert/tls-reader'

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

export function serverHello(options: { version?: number; suite?: number; supportedVersions?: number } = {}): number[] {
  const ext = options.supportedVersions ? [0x00, 0x2b, 0x00, 0x02, ...u16(options.supportedVersions)] : []
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

export type Recorded = Uint8Array | { refuse: string } | { hang: true }

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
    return {
      readable: new ReadableStream<Uint8Array>({
        start(controller) {
          if ('hang' in answer) return
          for (let at = 0; at < answer.length; at += size) controller.enqueue(answer.slice(at, at + size))
          controller.close()
        },
      }),
      writable: new WritableStream<Uint8Array>({ write: (chunk) => void chunks.push(chunk) }),
      close: () => {},
    }
  }
  return Object.assign(connector, { written, connects })
}
