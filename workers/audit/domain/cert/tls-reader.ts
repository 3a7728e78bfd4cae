import {
  CONTENT_ALERT,
  CONTENT_HANDSHAKE,
  HANDSHAKE_CERTIFICATE,
  HANDSHAKE_SERVER_HELLO,
  HANDSHAKE_SERVER_HELLO_DONE,
  buildHello,
} from './client-hello'

/**
 * The transport the reader needs: a plain TCP byte stream pair. `connect()` from
 * 'cloudflare:sockets' returns exactly this (with `secureTransport: 'off'`); a Node socket
 * wrapped with `Duplex.toWeb` fits too, which is how the reader is tested against real
 * `node:tls` servers.
 */
export type ByteStreams = {
  readable: ReadableStream<Uint8Array>
  writable: WritableStream<Uint8Array>
  close?: () => unknown
}

/** Opens a TCP connection. Injected: the reader never decides where it connects. */
export type TcpConnector = (host: string, port: number) => ByteStreams | Promise<ByteStreams>

export type TlsReadErrorCode =
  | 'connect' // the connection could not be opened (refused, or sockets not allowed there)
  | 'alert' // the server refused the TLS 1.2 hello with an alert
  | 'tls13-only' // the server answered with TLS 1.3, whose Certificate message is encrypted
  | 'not-tls' // the server answered with something that is not a TLS record
  | 'closed' // the connection ended before the certificate arrived
  | 'timeout'
  | 'too-large'
  | 'no-certificate'

export class TlsReadError extends Error {
  constructor(
    readonly code: TlsReadErrorCode,
    message: string,
    readonly alert?: number
  ) {
    super(message)
    this.name = 'TlsReadError'
  }
}

export type ServerHello = {
  /** Negotiated protocol version from ServerHello (0x0303 = TLS 1.2; supported_versions wins). */
  version: number
  cipher_suite: number
  /** Extension types the server sent back (e.g. 5 = status_request: it will staple OCSP). */
  extensions: number[]
}

export type ServerHandshake = ServerHello & {
  /** DER certificates as sent, leaf first (RFC 5246 §7.4.2). */
  certificates: Uint8Array[]
}

// RFC 8446 §6 / RFC 5246 §7.2 alert descriptions worth naming in a message.
const ALERTS: Record<number, string> = {
  40: 'handshake_failure',
  47: 'illegal_parameter',
  70: 'protocol_version',
  71: 'insufficient_security',
  80: 'internal_error',
  112: 'unrecognized_name',
}
const MAX_RECORD = (1 << 14) + 2048 // RFC 5246 §6.2.3 TLSCiphertext limit
const SUPPORTED_VERSIONS = 0x002b
const TLS_1_3 = 0x0304

export type ReadOptions = { port?: number; timeoutMs?: number; maxBytes?: number; statusRequest?: boolean }

/**
 * Sends a TLS 1.2 ClientHello for `host` and reads the server's first flight up to its
 * Certificate message. Throws TlsReadError when that is not possible.
 */
export async function readServerCertificates(connect: TcpConnector, host: string, options: ReadOptions = {}): Promise<ServerHandshake> {
  const hello = buildHello(host, { statusRequest: options.statusRequest })
  return exchange(connect, host, hello, options, (reader, max) => readFlight(reader, max, false)) as Promise<ServerHandshake>
}

/**
 * Sends `hello` and reads only the ServerHello (any version, TLS 1.3 included: its ServerHello
 * is in clear). Throws TlsReadError, with code `alert` when the server refuses what was offered.
 */
export async function readServerHello(
  connect: TcpConnector,
  host: string,
  hello: Uint8Array,
  options: ReadOptions = {}
): Promise<ServerHello> {
  return exchange(connect, host, hello, options, (reader, max) => readFlight(reader, max, true))
}

async function exchange<T>(
  connect: TcpConnector,
  host: string,
  hello: Uint8Array,
  options: ReadOptions,
  read: (reader: ReadableStreamDefaultReader<Uint8Array>, maxBytes: number) => Promise<T>
): Promise<T> {
  const { port = 443, timeoutMs = 5000, maxBytes = 256 * 1024 } = options
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TlsReadError('timeout', `No certificate within ${timeoutMs} ms.`)), timeoutMs)
  })
  let streams: ByteStreams | undefined
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined
  try {
    streams = await Promise.race([
      Promise.resolve()
        .then(() => connect(host, port))
        .catch((err) => {
          throw new TlsReadError('connect', `Could not open a connection to ${host}:${port} (${(err as Error).message}).`)
        }),
      deadline,
    ])
    const writer = streams.writable.getWriter()
    await Promise.race([
      writer.write(hello).catch((err) => {
        throw new TlsReadError('connect', `Could not send to ${host}:${port} (${(err as Error).message}).`)
      }),
      deadline,
    ])
    writer.releaseLock()
    reader = streams.readable.getReader()
    return await Promise.race([read(reader, maxBytes), deadline])
  } finally {
    if (timer !== undefined) clearTimeout(timer)
    await reader?.cancel().catch(() => {})
    try {
      await streams?.close?.()
    } catch {
      // Already closed by the server.
    }
  }
}

async function readFlight(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  maxBytes: number,
  helloOnly: boolean
): Promise<ServerHandshake | ServerHello> {
  const input = new ByteQueue()
  const handshake = new ByteQueue()
  let hello: ServerHello | null = null
  let total = 0

  for (;;) {
    // Records: type(1) version(2) length(2) fragment (RFC 5246 §6.2.1).
    while (input.length >= 5) {
      const head = input.peek(5)
      const type = head[0]
      if (type < 20 || type > 23 || head[1] !== 0x03) {
        throw new TlsReadError('not-tls', 'The server did not answer with TLS (is it plain HTTP on port 443?).')
      }
      const length = (head[3] << 8) | head[4]
      if (length > MAX_RECORD) throw new TlsReadError('not-tls', 'The server sent an oversized TLS record.')
      if (input.length < 5 + length) break
      input.take(5)
      const fragment = input.take(length)
      if (type === CONTENT_ALERT) {
        const code = fragment[1]
        const name = ALERTS[code] ?? `alert ${code}`
        throw new TlsReadError('alert', `The server refused a TLS 1.2 handshake (${name}).`, code)
      }
      if (type !== CONTENT_HANDSHAKE && hello === null && helloOnly) {
        throw new TlsReadError('not-tls', 'The server sent no ServerHello.')
      }
      if (type !== CONTENT_HANDSHAKE) {
        // ChangeCipherSpec or encrypted data before any Certificate: a TLS 1.3 flight.
        throw new TlsReadError('tls13-only', 'The server answered with TLS 1.3, whose certificate is encrypted.')
      }
      handshake.push(fragment)
      // Handshake messages: type(1) length(3) body; they may span or share records (§6.2.1).
      while (handshake.length >= 4) {
        const h = handshake.peek(4)
        const bodyLength = (h[1] << 16) | (h[2] << 8) | h[3]
        if (handshake.length < 4 + bodyLength) break
        handshake.take(4)
        const body = handshake.take(bodyLength)
        if (h[0] === HANDSHAKE_SERVER_HELLO) {
          hello = parseServerHello(body)
          if (helloOnly) return hello
          // RFC 8446 §4.1.3: a 1.3 server announces itself in supported_versions, not in the version field.
          if (hello.version === TLS_1_3)
            throw new TlsReadError('tls13-only', 'The server insisted on TLS 1.3, whose certificate is encrypted.')
        } else if (h[0] === HANDSHAKE_CERTIFICATE) {
          if (!hello) throw new TlsReadError('not-tls', 'The server sent a Certificate before its ServerHello.')
          return { ...hello, certificates: parseCertificateList(body) }
        } else if (h[0] === HANDSHAKE_SERVER_HELLO_DONE) {
          throw new TlsReadError('no-certificate', 'The server finished its hello without a certificate.')
        }
      }
    }
    let chunk: ReadableStreamReadResult<Uint8Array>
    try {
      chunk = await reader.read()
    } catch (err) {
      const code = total === 0 ? 'connect' : 'closed'
      throw new TlsReadError(code, `The connection failed (${(err as Error).message}).`)
    }
    if (chunk.done) {
      throw new TlsReadError(total === 0 ? 'connect' : 'closed', 'The server closed the connection before sending a certificate.')
    }
    total += chunk.value.byteLength
    if (total > maxBytes) throw new TlsReadError('too-large', `The server sent more than ${maxBytes} bytes before its certificate.`)
    input.push(chunk.value)
  }
}

function parseServerHello(body: Uint8Array): ServerHello {
  // version(2) random(32) session_id<0..32> cipher_suite(2) compression(1) extensions<0..2^16-1>
  if (body.length < 38) throw new TlsReadError('not-tls', 'The ServerHello is truncated.')
  let version = (body[0] << 8) | body[1]
  let at = 34
  at += 1 + body[at]
  const cipher_suite = (body[at] << 8) | body[at + 1]
  at += 3
  const extensions: number[] = []
  if (at + 2 <= body.length) {
    const end = Math.min(body.length, at + 2 + ((body[at] << 8) | body[at + 1]))
    at += 2
    while (at + 4 <= end) {
      const type = (body[at] << 8) | body[at + 1]
      const len = (body[at + 2] << 8) | body[at + 3]
      if (type === SUPPORTED_VERSIONS && len === 2) version = (body[at + 4] << 8) | body[at + 5]
      if (extensions.length < 64) extensions.push(type)
      at += 4 + len
    }
  }
  return { version, cipher_suite, extensions }
}

function parseCertificateList(body: Uint8Array): Uint8Array[] {
  // certificate_list<0..2^24-1>, each ASN.1Cert<1..2^24-1> (RFC 5246 §7.4.2).
  const total = (body[0] << 16) | (body[1] << 8) | body[2]
  const end = Math.min(body.length, 3 + total)
  const out: Uint8Array[] = []
  let at = 3
  while (at + 3 <= end) {
    const len = (body[at] << 16) | (body[at + 1] << 8) | body[at + 2]
    at += 3
    if (len === 0 || at + len > end) throw new TlsReadError('not-tls', 'The Certificate message is malformed.')
    out.push(body.slice(at, at + len))
    at += len
  }
  if (out.length === 0) throw new TlsReadError('no-certificate', 'The server sent an empty certificate list.')
  return out
}

/**
 * A byte queue with cheap reads from the front. Storage grows by doubling and unread bytes move
 * to the front only when the free room runs out, so a server dribbling its flight one byte per
 * packet costs linear time, not a copy of the whole buffer per packet.
 */
class ByteQueue {
  private buf = new Uint8Array(1024)
  private start = 0
  private end = 0
  get length(): number {
    return this.end - this.start
  }
  push(bytes: Uint8Array): void {
    if (this.end + bytes.length > this.buf.length) {
      const size = this.length + bytes.length
      const next = size > this.buf.length / 2 ? new Uint8Array(Math.max(size * 2, this.buf.length * 2)) : this.buf
      next.set(this.buf.subarray(this.start, this.end))
      this.end = this.length
      this.start = 0
      this.buf = next
    }
    this.buf.set(bytes, this.end)
    this.end += bytes.length
  }
  peek(n: number): Uint8Array {
    return this.buf.subarray(this.start, this.start + n)
  }
  take(n: number): Uint8Array {
    const out = this.buf.slice(this.start, this.start + n)
    this.start += n
    return out
  }
}
