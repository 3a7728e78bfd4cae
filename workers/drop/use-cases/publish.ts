import { DomainError } from '../../../shared/errors'
import type { Submission } from '../domain/publish/submission'
import { buildDrop, expiryOf, newEditToken, newSlug } from '../domain/publish/publish'
import { keepRevision } from '../revisions'
import type { DropRecord } from '../schemas'
import { type DropRow, getDrop, insertDrop, recordFromRow, replaceDrop } from '../store'
import { storablePage } from './page'
import type { DropPorts } from './ports'

export type Publisher = { pro: boolean; owner: string | null }
export type Published = { drop: DropRecord; editToken: string; url: string }

const SLUG_ATTEMPTS = 5

/**
 * Publishes a submission read under a publish slot the caller holds (taken before the body
 * was read): renders it, checks the page, then stores record and page. The API route and the
 * paste form both come here.
 */
export async function publishDrop(ports: DropPorts, submission: Submission, publisher: Publisher): Promise<Published> {
  const now = ports.now()
  const expiresAt = expiryOf(submission.expiresIn, publisher.pro, now)
  const draft = await buildDrop({ slug: newSlug(), ...submission, pro: publisher.pro, now, expiresAt, burn: submission.burn })
  let page = storablePage(draft, ports.baseUrl)
  const edit = await newEditToken()
  for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
    const drop = attempt === 0 ? draft : { ...draft, slug: newSlug() }
    // The page names its slug; a new slug has a page of the same size, so no new check.
    if (attempt > 0) page = storablePage(drop, ports.baseUrl)
    if (await insertDrop(ports.store, drop, { editTokenHash: edit.hash, owner: publisher.owner }, page)) {
      return { drop, editToken: edit.token, url: `${ports.baseUrl}/v/${drop.slug}` }
    }
  }
  throw new DomainError('SLUG_UNAVAILABLE', 'Could not allocate a link right now; please retry.')
}

/**
 * Replaces the Markdown (and title) of a drop the caller may manage, under the edit slots it
 * holds: renders and checks the new page first (a refusal leaves the drop as it was), stores
 * it, then keeps the version it replaced. Slug, expiry and plan stay.
 */
export async function editDrop(ports: DropPorts, row: DropRow, submission: Submission): Promise<DropRecord> {
  const before = recordFromRow(row)
  const now = ports.now()
  const drop = await buildDrop({
    slug: row.slug,
    markdown: submission.markdown,
    title: submission.title,
    pro: row.plan !== 'free',
    now,
    expiresAt: row.expires_at,
    burn: row.burn_after_reading === 1,
    baseUrl: submission.baseUrl ?? before?.base_url,
    createdAt: before?.created_at ?? row.created_at,
    plan: row.plan,
    editedAt: now.toISOString(),
  })
  const page = storablePage(drop, ports.baseUrl)
  // The version being replaced (D1 keeps records up to 1 MiB; KV has the larger ones).
  const previous = before ?? (await getDrop(ports.store.kv, row.slug))
  if (!(await replaceDrop(ports.store, drop, now, page))) throw new DomainError('DROP_NOT_FOUND', 'No live drop has this slug.')
  if (previous) await keepRevision(ports.store, previous, now)
  return drop
}
