import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { createRouter } from '../../../shared/app'
import { pageHeaders, sendPage } from '../../../shared/html'
import { htmlResponse } from '../../../shared/openapi'
import type { AppEnv } from '../env'
import { burnPage, dropPage, revisionPage, statusPage, type MissingStatus } from '../pages/view'
import { getRevision } from '../revisions'
import { DROP_CSS } from '../pages/style'
import { Slug, type DropRecord } from '../schemas'
import { deleteDrop, findRow, getDrop, getLivePage, getTombstone, recordFromRow, storeOf } from '../store'

// Drop pages allow remote and inline images (the Markdown's own), nothing else.
export const DROP_PAGE_POLICY = { css: DROP_CSS, imgSrc: 'https: data:', formAction: "'none'" }

export type Missing = { status: MissingStatus; reason?: string }
export const isMissing = (found: DropRecord | Missing): found is Missing => 'status' in found

const live = (expiresAt: string | null, now: number) => expiresAt === null || Date.parse(expiresAt) > now

// A drop can be edited, deleted or burnt at any moment: browsers and proxies must ask again
// each time rather than show a copy (docs/drop.md, "Caching").
const PAGE_CACHE_CONTROL = 'no-cache'

/**
 * The live drop, or what to answer instead. KV first (the hot path: one read). KV shows a
 * new key elsewhere only after up to 60 s and caches misses, so a miss is confirmed against
 * the D1 record before it becomes a 404 (docs/drop.md, "Storage").
 */
export async function findDrop(c: Context<AppEnv>, slug: string): Promise<DropRecord | Missing> {
  if (!Slug.safeParse(slug).success) return { status: 404 }
  const now = c.var.deps.now().getTime()
  const drop = await getDrop(c.env.DROPS, slug)
  // KV may keep an expired value for a short while after its expiration.
  if (drop && live(drop.expires_at, now)) return drop
  const row = await findRow(storeOf(c.env), slug)
  if (row) {
    if (row.removed_status === 451 || row.removed_status === 410)
      return { status: row.removed_status, reason: row.removed_reason ?? undefined }
    if (row.deleted_at) return { status: 404 }
    if (row.expires_at !== null && Date.parse(row.expires_at) <= now) return { status: 410 }
    const record = recordFromRow(row)
    // Too large to keep in D1 and not in this location's KV yet: come back in a minute.
    return record ?? { status: 503 }
  }
  if (drop || (await getTombstone(c.env.DROPS, slug))) return { status: 410 }
  return { status: 404 }
}

export async function missing(c: Context<AppEnv>, found: Missing): Promise<Response> {
  c.header('Cache-Control', 'no-store')
  if (found.status === 503) c.header('Retry-After', '60')
  return sendPage(c, statusPage(found.status, c.env.BASE_URL, found.reason), found.status, DROP_PAGE_POLICY)
}

// Any string: a malformed slug is simply a drop that does not exist (404 page), not a 400.
const params = z.object({ slug: z.string().openapi({ example: 'a1B2c3D4' }) })
const missingResponses = {
  404: htmlResponse('No drop has this slug, or its owner deleted it.'),
  410: htmlResponse('The drop has expired, or the operator removed it.'),
  451: htmlResponse('The operator removed the drop for legal reasons.'),
  503: htmlResponse('Just published and not yet readable in this location; retry after Retry-After seconds.'),
}

const page = createRoute({
  method: 'get',
  path: '/v/{slug}',
  summary: 'The rendered drop',
  description:
    'A readable page with a strict CSP (no scripts). `?upgraded=1` thanks the reader after an upgrade. ' +
    'A burn-after-reading drop answers with a confirmation page whose button POSTs here.',
  request: { params },
  responses: { 200: htmlResponse('The drop (or, for burn-after-reading, the confirmation page).'), ...missingResponses },
})

const burn = createRoute({
  method: 'post',
  path: '/v/{slug}',
  summary: 'Read a burn-after-reading drop (and delete it)',
  description: 'Shows the drop once and deletes it in the same step; a second reader gets the 404 page.',
  request: { params },
  responses: { 200: htmlResponse('The drop, now deleted.'), ...missingResponses },
})

const raw = createRoute({
  method: 'get',
  path: '/v/{slug}/raw',
  summary: 'The Markdown source of a drop',
  description:
    '`?download=1` asks the browser to save it as `<slug>.md`. Burn-after-reading drops have no raw view (the confirmation page instead).',
  request: { params },
  responses: {
    200: {
      description: 'The Markdown, as published (with the title line when one was added).',
      content: { 'text/markdown': { schema: z.string() } },
    },
    ...missingResponses,
  },
})

function confirmBurn(c: Context<AppEnv>, drop: DropRecord): Promise<Response> {
  c.header('Cache-Control', 'no-store')
  return sendPage(c, burnPage(drop), 200, { ...DROP_PAGE_POLICY, formAction: "'self'" })
}

/**
 * The hot path: the page as built at publish (or edit) time, sent as stored, with no parsing
 * and no rendering; from this isolate's copy of the last 5 s when it has one (page-cache.ts),
 * with the same headers either way. Null when there is no live page for the slug here.
 */
async function storedPage(c: Context<AppEnv>, slug: string): Promise<Response | null> {
  if (!Slug.safeParse(slug).success) return null
  const page = await getLivePage(c.env.DROPS, slug, c.var.deps.now())
  if (!page) return null
  await pageHeaders(c, DROP_PAGE_POLICY)
  c.header('Cache-Control', PAGE_CACHE_CONTROL)
  return c.body(page, 200, { 'Content-Type': 'text/html; charset=UTF-8' })
}

const revision = createRoute({
  method: 'get',
  path: '/v/{slug}/revisions/{n}',
  summary: 'An earlier version of a drop',
  description: 'Version n as it was shown before the edit that replaced it. 404 for a burn-after-reading drop, or a version not kept.',
  request: { params: params.extend({ n: z.string().openapi({ example: '1' }) }) },
  responses: { 200: htmlResponse('The earlier version.'), ...missingResponses },
})

export const viewRoutes = createRouter<AppEnv>()
  .openapi(revision, async (c) => {
    const { slug, n } = c.req.valid('param')
    const drop = await findDrop(c, slug)
    if (isMissing(drop)) return missing(c, drop)
    const number = /^[1-9]\d{0,5}$/.test(n) ? Number(n) : 0
    const kept = drop.burn || number === 0 ? null : await getRevision(storeOf(c.env), slug, number)
    if (!kept) return missing(c, { status: 404 })
    c.header('Cache-Control', PAGE_CACHE_CONTROL)
    return sendPage(c, revisionPage(drop, kept), 200, DROP_PAGE_POLICY)
  })
  .openapi(page, async (c) => {
    const slug = c.req.valid('param').slug
    const justUpgraded = c.req.query('upgraded') === '1'
    if (!justUpgraded) {
      const fast = await storedPage(c, slug)
      if (fast) return fast
    }
    // No stored page here: a burn drop, a KV miss (confirmed against D1), or the thank-you notice.
    const drop = await findDrop(c, slug)
    if (isMissing(drop)) return missing(c, drop)
    if (drop.burn) return confirmBurn(c, drop)
    c.header('Cache-Control', PAGE_CACHE_CONTROL)
    return sendPage(c, dropPage(drop, { baseUrl: c.env.BASE_URL, justUpgraded }), 200, DROP_PAGE_POLICY)
  })
  .openapi(burn, async (c) => {
    const drop = await findDrop(c, c.req.valid('param').slug)
    if (isMissing(drop)) return missing(c, drop)
    c.header('Cache-Control', 'no-store')
    if (!drop.burn) return c.redirect(`${c.env.BASE_URL}/v/${drop.slug}`, 303)
    // D1 decides who reads it: only the request whose delete changed the row shows it.
    if (!(await deleteDrop(storeOf(c.env), drop.slug, c.var.deps.now()))) return missing(c, { status: 404 })
    const html = dropPage(drop, { baseUrl: c.env.BASE_URL, justUpgraded: false, burnt: true })
    return sendPage(c, html, 200, DROP_PAGE_POLICY)
  })
  .openapi(raw, async (c) => {
    const drop = await findDrop(c, c.req.valid('param').slug)
    if (isMissing(drop)) return missing(c, drop)
    if (drop.burn) return confirmBurn(c, drop)
    c.header('Cache-Control', PAGE_CACHE_CONTROL)
    const disposition = c.req.query('download') === '1' ? 'attachment' : 'inline'
    c.header('Content-Disposition', `${disposition}; filename="${drop.slug}.md"`)
    return c.body(drop.markdown, 200, { 'Content-Type': 'text/markdown; charset=utf-8' })
  })
