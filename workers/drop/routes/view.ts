import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { createRouter } from '../../../shared/app'
import { sendPage } from '../../../shared/html'
import type { AppEnv } from '../env'
import { dropPage, statusPage } from '../pages/view'
import { DROP_CSS } from '../pages/style'
import { Slug, type DropRecord } from '../schemas'
import { getDrop, getTombstone } from '../store'

// Drop pages allow remote and inline images (the Markdown's own), nothing else.
export const DROP_PAGE_POLICY = { css: DROP_CSS, imgSrc: 'https: data:', formAction: "'none'" }

/** The live drop, or the 404 / 410 page to send instead. */
export async function findDrop(c: Context<AppEnv>, slug: string): Promise<DropRecord | 404 | 410> {
  if (!Slug.safeParse(slug).success) return 404
  const drop = await getDrop(c.env.DROPS, slug)
  // KV may keep an expired value for a short while after its expiration.
  if (drop && (drop.expires_at === null || Date.parse(drop.expires_at) > Date.now())) return drop
  if (drop || (await getTombstone(c.env.DROPS, slug))) return 410
  return 404
}

export async function missing(c: Context<AppEnv>, status: 404 | 410): Promise<Response> {
  c.header('Cache-Control', 'no-store')
  return sendPage(c, statusPage(status, c.env.BASE_URL), status, DROP_PAGE_POLICY)
}

// Any string: a malformed slug is simply a drop that does not exist (404 page), not a 400.
const params = z.object({ slug: z.string().openapi({ example: 'a1B2c3D4' }) })
const html = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } })

const page = createRoute({
  method: 'get',
  path: '/v/{slug}',
  summary: 'The rendered drop',
  description: 'A readable page with a strict CSP (no scripts). `?upgraded=1` thanks the reader after an upgrade.',
  request: { params },
  responses: { 200: html('The drop.'), 404: html('No drop has this slug.'), 410: html('The drop has expired.') },
})

const raw = createRoute({
  method: 'get',
  path: '/v/{slug}/raw',
  summary: 'The Markdown source of a drop',
  request: { params },
  responses: {
    200: { description: 'The Markdown, as published (with the title line when one was added).', content: { 'text/markdown': { schema: z.string() } } },
    404: html('No drop has this slug.'),
    410: html('The drop has expired.'),
  },
})

export const viewRoutes = createRouter<AppEnv>()
  .openapi(page, async (c) => {
    const drop = await findDrop(c, c.req.valid('param').slug)
    if (typeof drop === 'number') return missing(c, drop)
    c.header('Cache-Control', drop.expires_at ? 'public, max-age=60' : 'public, max-age=300')
    const html = dropPage(drop, { baseUrl: c.env.BASE_URL, now: new Date(), justUpgraded: c.req.query('upgraded') === '1' })
    return sendPage(c, html, 200, DROP_PAGE_POLICY)
  })
  .openapi(raw, async (c) => {
    const drop = await findDrop(c, c.req.valid('param').slug)
    if (typeof drop === 'number') return missing(c, drop)
    c.header('Cache-Control', 'public, max-age=60')
    c.header('Content-Disposition', `inline; filename="${drop.slug}.md"`)
    return c.body(drop.markdown, 200, { 'Content-Type': 'text/markdown; charset=utf-8' })
  })
