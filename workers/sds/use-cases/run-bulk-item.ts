import { publishEvent, type PublishContext } from '../../../shared/webhooks/events'
import { claimItem, finishItemDone, finishItemFailed, itemStatus, jobForWork, markCompleted, type Counts, type JobRow } from '../bulk-store'
import { itemView, jobCounts, statusUrl } from '../domain/bulk/events'
import type { BulkMessage } from '../domain/bulk/messages'
import type { SubstanceRequest } from '../domain/chem/request'
import type { Jurisdiction } from '../domain/ghs/phrases'
import { LINK_TTL_SECONDS } from '../domain/links'
import type { SheetBranding } from '../domain/sheet/generate'
import type { SdsPorts } from '../env'
import { putDocument } from '../store'
import { buildSheet, resolveOrThrow, type Resolution } from './build-sheet'
import { DomainError } from '../../../shared/errors'

type ItemOutcome = { ok: true; documentId: string; filename: string; expires: number } | { ok: false; code: string; message: string }

/**
 * One bulk item, from a queue message: claims it, makes its sheet through the same resolution
 * and sheet builder as POST /api/v1/sds/{us,eu} (same error codes), stores the document under the
 * key's id, settles the item and sends its events. Quota is not touched: the job reserved it.
 * `busy`: another invocation holds the claim, so the message comes back later.
 */
export async function runBulkItem(ports: SdsPorts, msg: BulkMessage): Promise<'settled' | 'busy'> {
  const job = await jobForWork(ports.db, msg.job_id)
  if (!job) return 'settled'
  const now = ports.now()
  const item = await claimItem(ports.db, job.id, msg.idx, now)
  if (!item) return (await itemStatus(ports.db, job.id, msg.idx)) === 'running' ? 'busy' : 'settled'
  const request = {
    chemical_identifier: item.chemical_identifier,
    format: item.format,
    concentration: item.concentration ?? undefined,
    physical_form: item.physical_form ?? undefined,
  }
  const outcome = await generateItem(ports, job.key_id, request, JSON.parse(job.branding) as SheetBranding, now)
  const at = ports.now().toISOString()
  const counts = outcome.ok
    ? await finishItemDone(
        ports.db,
        job,
        item.idx,
        { documentId: outcome.documentId, filename: outcome.filename, expires: outcome.expires },
        at
      )
    : await finishItemFailed(ports.db, job, item.idx, { code: outcome.code, message: outcome.message }, at)
  if (!counts) return 'settled'
  const publish: PublishContext = { db: ports.db, queue: ports.webhookQueue, now: ports.now() }
  const settled = {
    ...item,
    status: outcome.ok ? ('done' as const) : ('failed' as const),
    ...(outcome.ok
      ? { document_id: outcome.documentId, filename: outcome.filename, expires: outcome.expires }
      : { error_code: outcome.code, error_message: outcome.message }),
  }
  await publishEvent(publish, job.key_id, 'sds.bulk.item_completed', {
    job_id: job.id,
    ...(await itemView(settled, ports.links.baseUrl, ports.links.secret)),
  })
  if (counts.succeeded + counts.failed === counts.total) await complete(ports, job, counts, publish)
  return 'settled'
}

async function generateItem(
  ports: SdsPorts,
  keyId: string,
  item: SubstanceRequest & { format: Jurisdiction },
  branding: SheetBranding,
  now: Date
): Promise<ItemOutcome> {
  let resolution: Resolution
  try {
    resolution = await resolveOrThrow(item)
  } catch (err) {
    if (err instanceof DomainError) return { ok: false, code: err.code, message: err.message }
    throw err
  }
  try {
    const { bytes, filename } = await buildSheet(ports, resolution, item.format, branding, now)
    const documentId = crypto.randomUUID()
    await putDocument(ports.bucket, documentId, bytes, { filename, keyId, format: item.format })
    return { ok: true, documentId, filename, expires: Math.floor(now.getTime() / 1000) + LINK_TTL_SECONDS }
  } catch (err) {
    console.error('bulk item generation failed:', err instanceof Error ? err.message : err)
    return { ok: false, code: 'INTERNAL_ERROR', message: 'Generation failed on our side; the unit was given back.' }
  }
}

async function complete(ports: SdsPorts, job: JobRow, counts: Counts, publish: PublishContext) {
  const done = await markCompleted(ports.db, job.id, publish.now.toISOString())
  if (!done) return
  await publishEvent(publish, job.key_id, 'sds.bulk.completed', {
    job_id: job.id,
    status: 'completed',
    ...jobCounts(counts),
    status_url: statusUrl(ports.links.baseUrl, job.id),
    completed_at: done.completed_at,
  })
}
