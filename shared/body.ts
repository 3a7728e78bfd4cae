import type { Context, MiddlewareHandler } from 'hono'
import { ApiError, type ErrorPolicy } from './errors'

export type BodyOptions = {
  /** Largest accepted body in bytes; a function when it depends on the caller (plans). */
  maxBytes: number | ((c: Context) => number)
  /** Accepted media types, e.g. `['application/json']`. */
  accept: string[]
  policy: ErrorPolicy
}

export function mediaType(c: Context): string {
  return (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase()
}

/**
 * Reads the request body once, within a size limit, and checks its media type:
 * 413 `PAYLOAD_TOO_LARGE` past the limit (judged on Content-Length first, then while
 * streaming), the policy's 415 for another media type, the policy's JSON error for
 * unparseable JSON. The bytes are left in Hono's body cache, so the zod validator and
 * `c.req.json()` / `c.req.formData()` after it read them without a second read.
 */
export function body(options: BodyOptions): MiddlewareHandler {
  return async function bodyMiddleware(c, next) {
    await readBody(c, options)
    return next()
  }
}

/** `body`'s work as a function, for a handler that reads the body itself (an HTML form route). */
export async function readBody(c: Context, options: BodyOptions): Promise<void> {
  const max = typeof options.maxBytes === 'function' ? options.maxBytes(c) : options.maxBytes
  const type = mediaType(c)
  if (!options.accept.includes(type)) {
    const { status, code } = options.policy.unsupportedMediaType
    throw new ApiError(
      status,
      code,
      `Send the body as ${options.accept.join(' or ')}${type ? `, not ${type}` : ' (the Content-Type header is missing)'}.`
    )
  }
  const bytes = await readLimited(c.req.raw, max)
  // Hono keeps body promises in bodyCache (its type says values; at run time they are promises).
  const cache = c.req.bodyCache as Record<string, Promise<unknown>>
  cache.arrayBuffer = Promise.resolve(bytes)
  if (type === 'multipart/form-data') {
    // Parsed here so a malformed upload is the client's 400, not a 500 in the handler.
    const form = await new Response(bytes, { headers: { 'content-type': c.req.header('content-type') ?? '' } }).formData().catch(() => {
      const { status, code } = options.policy.invalidBody
      throw new ApiError(status, code, 'The multipart/form-data body could not be read: check its boundary and parts.')
    })
    cache.formData = Promise.resolve(form)
  }
  if (type === 'application/json') {
    const text = new TextDecoder().decode(bytes)
    try {
      JSON.parse(text)
    } catch {
      const { status, code } = options.policy.invalidJson
      throw new ApiError(status, code, 'The request body is not valid JSON.')
    }
    cache.text = Promise.resolve(text)
  }
}

export async function readLimited(request: Request, max: number): Promise<ArrayBuffer> {
  const declared = Number(request.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > max) throw tooLarge(max)
  if (!request.body) return new ArrayBuffer(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > max) {
      await reader.cancel()
      throw tooLarge(max)
    }
    chunks.push(value)
  }
  const out = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    out.set(chunk, offset)
    offset += chunk.byteLength
  }
  return out.buffer
}

function tooLarge(max: number): ApiError {
  return new ApiError(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than this endpoint accepts (${formatBytes(max)}).`, {
    max_bytes: max,
  })
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${+(n / 1024 / 1024).toFixed(1)} MiB`
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KiB`
  return `${n} bytes`
}
