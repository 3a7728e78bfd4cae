import { randomBase62 } from '../../../shared/keys'
import { ApiError } from '../../../shared/errors'
import { renderDrop } from '../render/render'
import { applyTitle } from '../render/title'
import { FREE_TTL_SECONDS, type DropRecord } from '../schemas'

/** Renders once, at publish time, so a view does no Markdown work. */
export async function buildDrop(input: {
  slug: string
  markdown: string
  title?: string
  pro: boolean
  now: Date
}): Promise<DropRecord> {
  const markdown = applyTitle(input.markdown, input.title)
  const rendered = await renderDrop(markdown)
  const nowSeconds = Math.floor(input.now.getTime() / 1000)
  return {
    slug: input.slug,
    markdown,
    html: rendered.html,
    title: rendered.h1 || input.title?.trim() || rendered.description.split(/(?<=[.!?])\s/)[0] || 'Untitled drop',
    description: rendered.description,
    created_at: input.now.toISOString(),
    expires_at: input.pro ? null : new Date((nowSeconds + FREE_TTL_SECONDS) * 1000).toISOString(),
    plan: input.pro ? 'pro' : 'free',
  }
}

/** An unused 8-character base62 slug (uniform draw, checked for collision before use). */
export async function freshSlug(isTaken: (slug: string) => Promise<boolean>): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = randomBase62(8)
    if (!(await isTaken(slug))) return slug
  }
  throw new ApiError(503, 'SLUG_UNAVAILABLE', 'Could not allocate a link right now; please retry.')
}
