import { createRoute } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import type { Context } from 'hono'
import { apiKeyAuth } from '../../../shared/auth'
import { body, mediaType } from '../../../shared/body'
import { defaultErrorPolicy } from '../../../shared/errors'
import { KEY_SERVICES } from '../../../shared/keys'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import { clientIp, rateLimit } from '../../../shared/rate-limit/middleware'
import type { AppEnv } from '../env'
import { buildDrop, freshSlug } from '../publish/publish'
import { checkFileName, checkSize, chooseMarkdown, decodeUtf8, type Submission } from '../publish/submission'
import { FREE_MAX_BYTES, PRO_MAX_BYTES, PublishForm, PublishJson, Published } from '../schemas'
import { putDrop, slugTaken } from '../store'

// Multipart framing around the file; the file itself is held to the exact limit.
const MULTIPART_SLACK = 16 * 1024
const FREE_PER_HOUR = 10
const PRO_PER_HOUR = 1000

const isPro = (c: Context<AppEnv>) => c.var.apiKey !== null

const route = createRoute({
  method: 'post',
  path: '/api/drop',
  summary: 'Publish Markdown as a page',
  description:
    'JSON `{ markdown | content, title? }` or multipart with `file` (.md, .markdown, .txt; UTF-8) and `title?`. ' +
    `Free: ${FREE_PER_HOUR} publishes per IP per hour, 512 KiB, expires after 7 days. ` +
    `Pro (\`Authorization: Bearer drop_pro_…\`): ${PRO_PER_HOUR} per hour, 5 MiB, permanent.`,
  security: [{}, { bearer: [] }],
  middleware: [
    apiKeyAuth<AppEnv>({ prefix: KEY_SERVICES.drop.prefix, from: 'bearer', required: false }),
    rateLimit<AppEnv>({
      scope: 'publish',
      limit: (c) => (isPro(c) ? PRO_PER_HOUR : FREE_PER_HOUR),
      windowSeconds: 3600,
      key: (c) => (c.var.apiKey ? `key:${c.var.apiKey.key_hash}` : `ip:${clientIp(c)}`),
      markers: (c) => c.env.DROPS,
    }),
    body({
      // JSON spells a newline, quote, tab or backslash in two bytes; the decoded Markdown is
      // then held to the exact limit, so a file and the same text as JSON are judged alike.
      maxBytes: (c) =>
        (isPro(c as Context<AppEnv>) ? PRO_MAX_BYTES : FREE_MAX_BYTES) * (mediaType(c) === 'application/json' ? 2 : 1) + MULTIPART_SLACK,
      accept: ['application/json', 'multipart/form-data'],
      policy: defaultErrorPolicy,
    }),
  ] as const,
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
      413: 'PAYLOAD_TOO_LARGE: over 512 KiB (free) or 5 MiB (Pro).',
      415: 'UNSUPPORTED_MEDIA_TYPE (not JSON or multipart) or UNSUPPORTED_FILE_TYPE (not .md, .markdown, .txt).',
      429: 'RATE_LIMITED, with Retry-After and retry_after_seconds.',
    }),
  },
})

async function readSubmission(c: Context<AppEnv>, max: number, pro: boolean): Promise<Submission> {
  if (mediaType(c) === 'application/json') {
    const json = (await c.req.json()) as { markdown?: string; content?: string; title?: string }
    const markdown = chooseMarkdown({ markdown: json.markdown, content: json.content })
    checkSize(new TextEncoder().encode(markdown).byteLength, max, pro)
    return { markdown, title: json.title }
  }
  const form = await c.req.formData()
  // workers-types narrows FormData values to string; uploads are File objects at run time.
  const file = form.get('file') as unknown as File | string | null
  const text = (name: string) => {
    const v = form.get(name)
    return typeof v === 'string' ? v : undefined
  }
  let fileText: string | undefined
  if (file !== null && typeof file !== 'string') {
    checkFileName(file.name)
    checkSize(file.size, max, pro)
    fileText = decodeUtf8(await file.arrayBuffer()).replace(/^\uFEFF/, '')
  }
  const markdown = chooseMarkdown({ markdown: text('markdown'), content: text('content'), file: fileText })
  checkSize(new TextEncoder().encode(markdown).byteLength, max, pro)
  const title = text('title')
  return { markdown, title: title && title.length <= 200 ? title : title?.slice(0, 200) }
}

export const publishRoutes = createRouter<AppEnv>().openapi(route, async (c) => {
  const pro = isPro(c)
  const submission = await readSubmission(c, pro ? PRO_MAX_BYTES : FREE_MAX_BYTES, pro)
  const slug = await freshSlug((s) => slugTaken(c.env.DROPS, s))
  const drop = await buildDrop({ slug, ...submission, pro, now: new Date() })
  await putDrop(c.env.DROPS, drop)
  const url = `${c.env.BASE_URL}/v/${slug}`
  c.header('Location', url)
  return c.json({ url, slug, expires_at: drop.expires_at }, 201)
})
