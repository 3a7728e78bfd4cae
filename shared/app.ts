import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi'
import type { Env as HonoEnv, MiddlewareHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { ApiError, DomainError, defaultErrorPolicy, errorBody, fromDomainError, toIssues, type ErrorPolicy } from './errors'
import { baseSecurityHeaders, sendPage } from './html'
import { DOCS_CSS, renderDocsPage } from './docs-page'

export type ServiceInfo = {
  title: string
  version: string
  description: string
  policy?: ErrorPolicy
}

type BaseEnv = HonoEnv & { Bindings: { BASE_URL: string } }

/**
 * Builds a service's app with what every service shares: security headers, the error
 * mapping (one `onError`), a JSON 404, `GET /healthz`, `GET /openapi.json` (OpenAPI 3.1,
 * generated from the same zod schemas that validate) and `GET /docs`.
 */
export function createApp<E extends BaseEnv>(info: ServiceInfo): OpenAPIHono<E> {
  const policy = info.policy ?? defaultErrorPolicy

  const app = createRouter<E>(policy)

  app.use('*', async (c, next) => {
    const url = new URL(c.req.url)
    // Plain HTTP goes to HTTPS first (the Observatory's redirection rule), wherever the
    // service is published over HTTPS. The target is BASE_URL, never the Host header: a
    // forged Host must not turn our redirect into a link to someone else's site.
    if (url.protocol === 'http:' && c.env.BASE_URL.startsWith('https:')) {
      const target = new URL(url.pathname + url.search, c.env.BASE_URL)
      return c.redirect(target.toString(), c.req.method === 'GET' || c.req.method === 'HEAD' ? 301 : 308)
    }
    // No path or query of ours holds a control character; refusing them here keeps them out
    // of every header and page a route would build from them (a CR/LF in a Location header
    // throws inside the runtime).
    const control = controlCharacterIn(url)
    if (control === 'path') throw notFound(c.req.method, url.pathname)
    if (control === 'query') {
      throw new ApiError(policy.invalidQuery.status, policy.invalidQuery.code, 'The query string holds a control character.')
    }
    await next()
    baseSecurityHeaders(c)
  })

  app.onError((err, c) => {
    const apiError = toApiError(err, policy)
    const expected = err instanceof ApiError || err instanceof HTTPException || (err instanceof DomainError && apiError.status < 500)
    if (!expected) console.error(err)
    else if (apiError.status >= 500) console.warn(`${apiError.status} ${apiError.code}: ${apiError.message}`)
    const res = c.json(errorBody(apiError, policy), apiError.status)
    for (const [name, value] of Object.entries(apiError.headers)) res.headers.set(name, value)
    // c.json keeps headers set earlier (rate-limit headers); security headers go on too.
    baseSecurityHeaders(c)
    return res
  })

  app.notFound((c) => c.json(errorBody(notFound(c.req.method, new URL(c.req.url).pathname), policy), 404))

  // Browsers ask for it on every page; an empty answer beats a logged 404.
  app.get('/favicon.ico', (c) => c.body(null, 204, { 'Cache-Control': 'public, max-age=86400' }))

  app.openapi(
    createRoute({
      method: 'get',
      path: '/healthz',
      summary: 'Liveness check; touches no storage.',
      responses: {
        200: {
          description: 'The worker is up.',
          content: { 'application/json': { schema: z.object({ ok: z.literal(true) }) } },
        },
      },
    }),
    (c) => c.json({ ok: true as const }, 200)
  )

  const config = (c: { env: { BASE_URL: string } }) => ({
    openapi: '3.1.0',
    info: { title: info.title, version: info.version, description: info.description },
    servers: [{ url: c.env.BASE_URL }],
  })
  app.doc31('/openapi.json', config)
  app.get('/docs', (c) => sendPage(c, renderDocsPage(app.getOpenAPI31Document(config(c)) as never), 200, { css: DOCS_CSS }))

  return app
}

/**
 * Hands a worker's outside dependencies (fetcher, clock) to its handlers as `c.var.deps`, so
 * tests build the same app with replaying ones.
 */
export function provideDeps<D>(deps: D): MiddlewareHandler<{ Variables: { deps: D } }> {
  return async function provideDepsMiddleware(c, next) {
    c.set('deps', deps)
    await next()
  }
}

/**
 * A sub-app for a group of routes, mounted with `app.route('/', router)`. Validation
 * failures throw the policy's ApiError, like the main app's (an `OpenAPIHono` created
 * without this hook would answer zod's raw error instead).
 */
export function createRouter<E extends HonoEnv>(policy: ErrorPolicy = defaultErrorPolicy): OpenAPIHono<E> {
  return new OpenAPIHono<E>({
    defaultHook: (result) => {
      if (result.success) return
      const rule = result.target === 'query' || result.target === 'param' ? policy.invalidQuery : policy.invalidBody
      const issues = toIssues(result.error.issues)
      throw new ApiError(rule.status, rule.code, describeIssues(issues), { issues })
    },
  })
}

function notFound(method: string, pathname: string): ApiError {
  // The path is echoed percent-encoded, as it arrived: never a raw control character.
  return new ApiError(404, 'NOT_FOUND', `There is no ${method} ${pathname.slice(0, 200)} here. See /docs.`)
}

// C0 controls and DEL, raw or percent-encoded (%00–%1F, %7F). A single character class
// and a fixed-width escape: linear, no backtracking.
const RAW_CONTROL = /[\u0000-\u001f\u007f]/
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i

/** Where the URL carries a control character, decoded or not: `path`, `query` or null. */
export function controlCharacterIn(url: URL): 'path' | 'query' | null {
  if (RAW_CONTROL.test(url.pathname) || ENCODED_CONTROL.test(url.pathname)) return 'path'
  // `+` is a space in a form-encoded query, never a control; only %xx escapes matter.
  if (RAW_CONTROL.test(url.search) || ENCODED_CONTROL.test(url.search)) return 'query'
  return null
}

function toApiError(err: Error, policy: ErrorPolicy): ApiError {
  if (err instanceof ApiError) return err
  if (err instanceof DomainError) return fromDomainError(err, policy)
  if (err instanceof HTTPException) {
    switch (err.status) {
      case 400:
        return new ApiError(policy.invalidJson.status, policy.invalidJson.code, 'The request body could not be read as the declared type.')
      case 413:
        return new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.')
      case 415:
        return new ApiError(
          policy.unsupportedMediaType.status,
          policy.unsupportedMediaType.code,
          'The Content-Type of the request is not one this endpoint accepts.'
        )
      default:
        return new ApiError(
          err.status as ApiError['status'],
          err.status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST',
          err.message || 'The request failed.'
        )
    }
  }
  // A form body the runtime cannot parse (read with c.req.parseBody / formData in a handler).
  if (err instanceof TypeError && /form ?data|multipart|parse body/i.test(err.message)) {
    return new ApiError(
      policy.invalidBody.status,
      policy.invalidBody.code,
      'The form body could not be read: check its Content-Type and encoding.'
    )
  }
  return new ApiError(500, 'INTERNAL_ERROR', 'Something went wrong on our side. The error was logged; please retry.')
}

function describeIssues(issues: { path: string; message: string }[]): string {
  const first = issues[0]
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more issue${issues.length > 2 ? 's' : ''})` : ''
  return first ? `Invalid request: ${first.path}: ${first.message.replace(/\.$/, '')}${more}.` : 'Invalid request.'
}
