import { createRoute } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { createRouter } from '../../../shared/app'
import { apiKeyAuth } from '../../../shared/auth'
import { body, type BodyOptions, mediaType } from '../../../shared/body'
import { defaultErrorPolicy } from '../../../shared/errors'
import { KEY_SERVICES } from '../../../shared/keys'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import { type AppEnv, portsOf } from '../env'
import { FREE_MAX_BYTES, PRO_MAX_BYTES, PublishForm, PublishJson, Published } from '../schemas'
import { type Publisher, publishDrop } from '../use-cases/publish'
import { FREE_PER_HOUR, PRO_PER_HOUR, limitedBy, publishSlot } from './quota'
import { readSubmission } from './read-submission'

// Multipart framing around the file; the file itself is held to the exact limit.
export const MULTIPART_SLACK = 16 * 1024

const isPro = (c: Context<AppEnv>) => c.var.apiKey !== null

export const PUBLISH_BODY: BodyOptions = {
  // JSON spells a newline, quote, tab or backslash in two bytes; the decoded Markdown is
  // then held to the exact limit, so a file and the same text as JSON are judged alike.
  maxBytes: (c) =>
    (isPro(c as Context<AppEnv>) ? PRO_MAX_BYTES : FREE_MAX_BYTES) * (mediaType(c) === 'application/json' ? 2 : 1) + MULTIPART_SLACK,
  accept: ['application/json', 'multipart/form-data'],
  policy: defaultErrorPolicy,
}

const publishBody = body(PUBLISH_BODY)

export const proKeyOptional = apiKeyAuth<AppEnv>({ prefix: KEY_SERVICES.drop.prefix, from: 'bearer', required: false })

const route = createRoute({
  method: 'post',
  path: '/api/drop',
  summary: 'Publish Markdown as a page',
  description:
    'JSON `{ markdown | content, title?, expires_in?, burn_after_reading? }` or multipart with `file` (.md, .markdown, .txt; UTF-8) and the same fields. ' +
    `Free: ${FREE_PER_HOUR} publishes per IP per hour, 512 KiB, expires after 1 hour, 1 day or 7 days (default). ` +
    `Pro (\`Authorization: Bearer drop_pro_…\`): ${PRO_PER_HOUR} per hour, 5 MiB, permanent unless expires_in says otherwise. ` +
    'The hourly limit is checked before the body is read; a request then refused with a 4xx gives its slot back. The answer carries an `edit_token`, shown once.',
  security: [{}, { bearer: [] }],
  middleware: [proKeyOptional, limitedBy((c) => [publishSlot(c)]), publishBody] as const,
  request: {
    body: {
      required: true,
      content: {
        'application/json': { schema: PublishJson },
        'multipart/form-data': { schema: PublishForm },
      },
    },
  },
  responses: {
    201: { description: 'Published.', headers: rateLimitHeaders, content: { 'application/json': { schema: Published } } },
    ...errorResponses({
      400: 'INVALID_JSON, INVALID_BODY (with issues), EMPTY_MARKDOWN, AMBIGUOUS_BODY (two different bodies), INVALID_ENCODING (file not UTF-8).',
      401: 'UNAUTHORIZED: a Bearer key was sent but it is not a valid Pro key.',
      403: 'PRO_REQUIRED: expires_in `never` without a Pro key.',
      413: 'PAYLOAD_TOO_LARGE: over 512 KiB (free) or 5 MiB (Pro).',
      415: 'UNSUPPORTED_MEDIA_TYPE (not JSON or multipart) or UNSUPPORTED_FILE_TYPE (not .md, .markdown, .txt).',
      422: 'NESTING_TOO_DEEP: quotes, lists or HTML blocks nested more than 46 levels. RENDERED_TOO_LARGE: the page would be over 256 KiB plus 10 times the Markdown (at most 12 MiB); nothing is stored.',
      429: 'RATE_LIMITED (per hour), with Retry-After and retry_after_seconds.',
    }),
  },
})

/** Who publishes: the Pro key's account, or nobody (a free drop). */
export function publisherOf(c: Context<AppEnv>): Publisher {
  const key = c.var.apiKey
  return { pro: key !== null, owner: key ? (key.account_id ?? key.id) : null }
}

export const publishRoutes = createRouter<AppEnv>().openapi(route, async (c) => {
  const pro = isPro(c)
  const submission = await readSubmission(c, pro ? PRO_MAX_BYTES : FREE_MAX_BYTES, pro)
  const { drop, editToken, url } = await publishDrop(portsOf(c), submission, publisherOf(c))
  c.header('Location', url)
  return c.json({ url, slug: drop.slug, expires_at: drop.expires_at, edit_token: editToken, burn_after_reading: drop.burn === true }, 201)
})
