import { DomainError } from '../../../../shared/errors'
import { generateKey, randomBase62, sha256Hex } from '../../../../shared/keys'
import { checkStoredSizes } from '../render/page-limits'
import { renderDrop } from '../render/render'
import { applyTitle } from '../render/title'
import { EDIT_TOKEN_PREFIX, EXPIRY_SECONDS, type DropRecord, type ExpiresIn } from '../../schemas'

/** When a drop expires: free drops at most 7 days; `never` only with a Pro key. */
export function expiryOf(expiresIn: ExpiresIn | undefined, pro: boolean, now: Date): string | null {
  const choice = expiresIn ?? (pro ? 'never' : '7d')
  if (choice === 'never') {
    if (!pro) throw new DomainError('PRO_REQUIRED', 'Drops that never expire need a Pro key; choose expires_in 1h, 1d or 7d.')
    return null
  }
  const nowSeconds = Math.floor(now.getTime() / 1000)
  return new Date((nowSeconds + EXPIRY_SECONDS[choice]) * 1000).toISOString()
}

/** Renders once, at publish (or edit) time, so a view does no Markdown work. */
export async function buildDrop(input: {
  slug: string
  markdown: string
  title?: string
  pro: boolean
  now: Date
  expiresAt: string | null
  burn?: boolean
  baseUrl?: string
  createdAt?: string
  plan?: DropRecord['plan']
  /** An edit: its time, so the page links to the history (burn-after-reading drops keep none). */
  editedAt?: string
}): Promise<DropRecord> {
  const markdown = applyTitle(input.markdown, input.title)
  const rendered = await renderDrop(markdown, { baseUrl: input.baseUrl })
  return {
    slug: input.slug,
    markdown,
    html: rendered.html,
    title: rendered.h1 || input.title?.trim() || firstSentence(rendered.description) || 'Untitled drop',
    description: rendered.description,
    created_at: input.createdAt ?? input.now.toISOString(),
    expires_at: input.expiresAt,
    plan: input.plan ?? (input.pro ? 'pro' : 'free'),
    ...(input.burn ? { burn: true } : {}),
    ...(input.baseUrl ? { base_url: input.baseUrl } : {}),
    ...(input.editedAt && !input.burn ? { edited_at: input.editedAt } : {}),
  }
}

const utf8Bytes = (text: string) => new TextEncoder().encode(text).byteLength

/**
 * Refuses (PageTooLarge) a drop whose page or stored record would be over its limits, before
 * anything is written; `page` is the page as it will be stored and shown.
 */
export function checkStorable(record: DropRecord, page: string): void {
  checkStoredSizes({
    pageBytes: utf8Bytes(page),
    recordBytes: utf8Bytes(JSON.stringify(record)),
    markdownBytes: utf8Bytes(record.markdown),
  })
}

function firstSentence(text: string): string {
  const end = text.search(/[.!?](\s|$)/)
  const sentence = end < 0 ? text : text.slice(0, end + 1)
  return sentence.length > 120 ? `${sentence.slice(0, 119).trimEnd()}…` : sentence
}

/** A new slug: 8 base62 characters from a uniform draw (D1's primary key settles collisions). */
export function newSlug(): string {
  return randomBase62(8)
}

/** The edit token handed out once; only its SHA-256 is stored. */
export async function newEditToken(): Promise<{ token: string; hash: string }> {
  const token = generateKey(EDIT_TOKEN_PREFIX)
  return { token, hash: await sha256Hex(token) }
}
