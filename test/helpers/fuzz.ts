import fc from 'fast-check'

// Any Hono app; its env type is the worker's own.
type App = { request: (input: string, init: RequestInit, env: any) => Response | Promise<Response> }
type Operation = { parameters?: { name: string; in: string }[]; requestBody?: { content: Record<string, unknown> } }
type Doc = { paths: Record<string, Record<string, Operation>> }

export type FuzzOptions = {
  app: App
  env: Record<string, unknown>
  /** Extra fields every error body of the service carries (Service D: { ok: false }). */
  bodyExtra?: Record<string, unknown>
  /** 5xx codes a route may answer when a third party it needs is down (never INTERNAL_ERROR). */
  upstreamCodes?: string[]
  /** Paths not to fuzz (e.g. a webhook whose replies are covered elsewhere). */
  skip?: string[]
  /** Headers for each operation, e.g. a fresh valid API key so bodies get past auth. */
  headersFor?: (path: string) => Promise<Record<string, string>>
  /**
   * A valid JSON body per operation (`'POST /api/drop'`), so each pathological value goes
   * into one field while the others pass validation and the value reaches the domain code.
   */
  examples?: Record<string, Record<string, unknown>>
}

/**
 * The inputs that made workers stall or fail before (issue 13), and their relatives, each
 * built to `size` characters: emphasis delimiter runs, deep block and list nesting, long
 * digit runs, long and deeply bracketed SMILES, unclosed HTML and link brackets, `<meta>`
 * floods. Every documented operation gets each of them on every run.
 */
export function pathologicalValues(size: number): Record<string, string> {
  const fill = (unit: string) => unit.repeat(Math.max(1, Math.floor(size / unit.length)))
  const listDepth = Math.floor(Math.sqrt(size)) // indentation grows with depth: ~depth² chars
  return {
    'underscore runs': fill('_a'),
    'star runs': fill('*a**'),
    'backtick runs': fill('`a``'),
    'tilde runs': fill('~a~~'),
    'link brackets': fill('[a]('),
    'image brackets': fill('!['),
    'deep blockquote': `${fill('>')} x`,
    'deep list': Array.from({ length: listDepth }, (_, i) => `${' '.repeat(i * 2)}- x`).join('\n'),
    'deep ordered list': Array.from({ length: listDepth }, (_, i) => `${' '.repeat(i * 3)}1. x`).join('\n'),
    digits: fill('1'),
    'digits and separators': fill('1.0,'),
    'SMILES chain': fill('C'),
    'SMILES rings': fill('c1ccccc1'),
    'SMILES branches': `C${fill('(C')}${')'.repeat(Math.floor(size / 2))}`,
    'SMILES ring bonds': fill('C%99'),
    'unclosed tags': fill('<a '),
    'unclosed comments': fill('<!--'),
    'meta flood': fill('<meta http-equiv="Content-Security-Policy" content="'),
    'entity run': fill('&amp'),
    'whitespace then text': `${' '.repeat(size)}x`,
    newlines: fill('\n'),
    'at signs': fill('a@'),
    dots: fill('.'),
  }
}

// Sizes: one that fits the small bodies (decompose's 16 KiB) and one at drop's document size.
const PATHOLOGICAL_SIZES = [4_000, 60_000]

/** Runs per endpoint and seed: `FUZZ_RUNS` / `FUZZ_SEED` bindings (vitest.config.ts), fixed in CI. */
export function fuzzSettings(env: Record<string, unknown>): { numRuns: number; seed: number } {
  return { numRuns: Number(env.FUZZ_RUNS ?? 25), seed: Number(env.FUZZ_SEED ?? 20261122) }
}

const hostile = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.string({ unit: fc.constantFrom('\u0000', '\u202e', '\ud800', '\uffff', '%', '\\', '"', '<', '\n', '\t', '/', '..') }),
  fc.constantFrom('', ' ', 'null', '-1', '0', '1e309', 'NaN', '../../etc/passwd', '%00', '<script>alert(1)</script>', 'a'.repeat(5000)),
  fc.integer().map(String),
  fc.double().map(String)
)

/** Deeply nested JSON: objects and arrays `depth` levels down. */
const deep = fc.integer({ min: 50, max: 2000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth))

function jsonBody(fields: string[]): fc.Arbitrary<string> {
  const value = fc.oneof(fc.jsonValue({ maxDepth: 3 }), hostile, fc.constant(null), fc.array(hostile, { maxLength: 5 }))
  const withFields = fields.length
    ? fc
        .dictionary(fc.constantFrom(...fields), value, { maxKeys: fields.length })
        .chain((known) =>
          fc.dictionary(fc.string({ maxLength: 12 }), value, { maxKeys: 3 }).map((extra) => JSON.stringify({ ...extra, ...known }))
        )
    : fc.constant('{}')
  return fc.oneof(
    { weight: 5, arbitrary: withFields },
    { weight: 2, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: deep },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
    { weight: 1, arbitrary: fc.constantFrom('', '{', '{"a":', 'null', '[]', '"str"', '\u0000', '{"__proto__":{"x":1}}') },
    { weight: 1, arbitrary: fc.integer({ min: 10_000, max: 200_000 }).map((n) => JSON.stringify({ [fields[0] ?? 'x']: 'x'.repeat(n) })) }
  )
}

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/xml',
  '',
  'application/json; charset=latin1',
  '*/*'
)

function fillPath(template: string, values: string[]): string {
  let i = 0
  // Lone surrogates cannot be percent-encoded; a client would send U+FFFD.
  return template.replace(/\{[^}]+\}/g, () => encodeURIComponent((values[i++] ?? 'x').toWellFormed()))
}

/**
 * The problems of one answer: a 5xx bug, or an error without the documented shape. Empty when
 * the answer keeps the contract.
 */
async function problemsOf(res: Response, label: string, options: FuzzOptions): Promise<string[]> {
  const text = await res.text()
  const type = res.headers.get('content-type') ?? ''
  let body: Record<string, unknown> | null = null
  if (type.includes('json')) {
    try {
      body = JSON.parse(text)
    } catch {
      body = null
    }
  }
  const problems: string[] = []
  if (res.status >= 500) {
    const upstream = res.status !== 500 && typeof body?.code === 'string' && (options.upstreamCodes ?? []).includes(body.code)
    if (!upstream) problems.push(`${label} → ${res.status} ${text.slice(0, 300)}`)
  }
  if (res.status >= 400 && type.includes('json')) {
    if (body === null) problems.push(`${label}: error body is not JSON`)
    else {
      if (!(typeof body.error === 'string' && body.error.length > 0)) problems.push(`${label}: no error sentence`)
      if (!/^[A-Z][A-Z0-9_]*$/.test(String(body.code))) problems.push(`${label}: code ${String(body.code)} is not UPPER_SNAKE`)
      for (const [k, v] of Object.entries(options.bodyExtra ?? {}))
        if (JSON.stringify(body[k]) !== JSON.stringify(v)) problems.push(`${label}: ${k} is ${JSON.stringify(body[k])}`)
    }
  }
  return problems
}

/** Every problem found, the first MAX_KEPT of them word for word, so one failing test lists them. */
const MAX_KEPT = 50
function keep(failures: string[], problems: string[]): void {
  for (const p of problems) if (failures.length < MAX_KEPT) failures.push(p)
}

/**
 * Sends every pathological value of every size to one operation: in each JSON body field
 * (over the operation's example body, when given), in each query parameter and in each path
 * parameter (these two at most 2,000 characters: a URL is no place for 60 KB). Each answer is
 * checked like the fuzzer's: 2xx or 4xx in the documented shape, never a 5xx bug.
 */
async function sendPathological(
  options: FuzzOptions,
  path: string,
  method: string,
  query: string[],
  fields: string[],
  headers: Record<string, string>,
  failures: string[]
): Promise<number> {
  const { app, env } = options
  const example = options.examples?.[`${method.toUpperCase()} ${path}`]
  const pathParams = (path.match(/\{[^}]+\}/g) ?? []).length
  let sent = 0
  const send = async (url: string, label: string, body?: string) => {
    const init: RequestInit = { method: method.toUpperCase(), headers: { 'cf-connecting-ip': `198.51.100.${sent % 250}`, ...headers } }
    if (body !== undefined) {
      ;(init.headers as Record<string, string>)['content-type'] = 'application/json'
      init.body = body
    }
    sent++
    const res = await app.request(url, init, env)
    keep(failures, await problemsOf(res, `${method.toUpperCase()} ${path} with ${label}`, options))
  }
  for (const size of PATHOLOGICAL_SIZES) {
    for (const [shape, value] of Object.entries(pathologicalValues(size))) {
      const short = value.slice(0, 2_000)
      const label = `${shape} (${size})`
      const filled = fillPath(
        path,
        Array.from({ length: pathParams }, () => 'x')
      )
      if (method !== 'get' && method !== 'head') {
        for (const field of fields)
          await send(`https://fuzz.example${filled}`, `${label} in ${field}`, JSON.stringify({ ...example, [field]: value }))
      }
      for (const name of query)
        await send(`https://fuzz.example${filled}?${new URLSearchParams({ [name]: short })}`, `${label} in ?${name}`)
      if (pathParams)
        await send(
          `https://fuzz.example${fillPath(
            path,
            Array.from({ length: pathParams }, () => short)
          )}`,
          `${label} in the path`
        )
    }
  }
  return sent
}

/**
 * Fuzzes every documented operation of a service: random and malformed JSON, wrong types,
 * missing and extra fields, huge strings, deep nesting, unicode and control characters,
 * wrong and missing Content-Type, random query strings and path values. Returns how many
 * requests were sent and every answer that was a 5xx bug or an error without the documented
 * body; a caller asserts that list is empty.
 */
export async function fuzzService(options: FuzzOptions): Promise<{ requests: number; failures: string[] }> {
  const { app, env } = options
  const doc = (await (await app.request('/openapi.json', {}, env)).json()) as Doc
  const settings = fuzzSettings(env)
  let requests = 0
  const failures: string[] = []
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (['/healthz', '/openapi.json', '/docs'].includes(path) || options.skip?.includes(path)) continue
    for (const [method, op] of Object.entries(methods)) {
      const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name)
      const pathParams = (path.match(/\{[^}]+\}/g) ?? []).length
      const fields = Object.values(op.requestBody?.content ?? {}).flatMap((c) =>
        Object.keys(((c as { schema?: { properties?: object } }).schema?.properties ?? {}) as object)
      )
      const extraHeaders = (await options.headersFor?.(path)) ?? {}
      const queryArb = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...query, 'x'), fc.string({ maxLength: 8 })), hostile), { maxLength: 4 })
      await fc.assert(
        fc.asyncProperty(
          fc.array(hostile, { minLength: pathParams, maxLength: pathParams }),
          queryArb,
          jsonBody(fields),
          contentTypes,
          fc.boolean(),
          async (params, q, body, type, sendBody) => {
            const search = new URLSearchParams(q).toString()
            const url = `https://fuzz.example${fillPath(path, params)}${search ? `?${search}` : ''}`
            const init: RequestInit = {
              method: method.toUpperCase(),
              headers: { 'cf-connecting-ip': `192.0.2.${requests % 250}`, ...extraHeaders },
            }
            if (method !== 'get' && method !== 'head') {
              if (type) (init.headers as Record<string, string>)['content-type'] = type
              if (sendBody) init.body = body
            }
            requests++
            const res = await app.request(url, init, env)
            keep(
              failures,
              await problemsOf(
                res,
                `${method.toUpperCase()} ${url.slice(0, 200)} (${type || 'no type'}) ${sendBody ? body.slice(0, 120) : ''}`,
                options
              )
            )
          }
        ),
        settings
      )
      requests += await sendPathological(options, path, method, query, fields, extraHeaders, failures)
    }
  }
  return { requests, failures }
}
