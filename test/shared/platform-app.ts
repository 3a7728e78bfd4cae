import { createRoute, z } from '@hono/zod-openapi'
import { createApp } from '../../shared/app'
import { body } from '../../shared/body'
import { defaultErrorPolicy, ApiError, DomainError, type ErrorPolicy } from '../../shared/errors'
import { rateLimit, clientIp } from '../../shared/rate-limit/middleware'
import type { RateLimiter } from '../../shared/rate-limit/limiter'

type TestEnv = {
  Bindings: { BASE_URL: string; RATE_LIMITER: DurableObjectNamespace<RateLimiter>; DROPS: KVNamespace }
}

/** A small app built from the platform factories, used to test them through HTTP. */
export function platformApp(policy: ErrorPolicy = defaultErrorPolicy) {
  const app = createApp<TestEnv>({ title: 'Platform test', version: '1.0.0', description: 'test', policy })
  const Thing = z.object({ name: z.string().min(1), count: z.number().int().min(0) }).strict()

  app.openapi(
    createRoute({
      method: 'post',
      path: '/things',
      middleware: [body({ maxBytes: 1024, accept: ['application/json'], policy })] as const,
      request: { body: { required: true, content: { 'application/json': { schema: Thing } } } },
      responses: { 201: { description: 'ok', content: { 'application/json': { schema: Thing } } } },
    }),
    (c) => c.json(c.req.valid('json'), 201)
  )
  app.get('/boom', () => {
    throw new Error('secret internal detail at /srv/app.ts:12')
  })
  app.get('/domain/:code', (c) => {
    throw new DomainError(c.req.param('code'), 'The domain said no.', { retry_after_seconds: 7, which: 'this one' })
  })
  app.get('/teapot', () => {
    throw new ApiError(409, 'CONFLICT_HERE', 'Already exists.', { hint: 'use another name' })
  })
  app.get(
    '/limited',
    rateLimit<TestEnv>({
      scope: 'test',
      limit: 60,
      windowSeconds: 60,
      key: (c) => c.req.header('x-test-client') ?? clientIp(c),
      markers: (c) => (c.req.header('x-use-marker') ? c.env.DROPS : undefined),
    }),
    (c) => c.json({ ok: true })
  )
  app.get('/limited-by-ip', rateLimit<TestEnv>({ scope: 'test-ip', limit: 60, windowSeconds: 60, key: clientIp }), (c) =>
    c.json({ ok: true })
  )
  app.get('/go/:slug', (c) => c.redirect(`/v/${encodeURIComponent(c.req.param('slug'))}`, 303))
  return app
}
