import { signDocumentLink } from '../links'
import type { ItemRow, JobRow } from '../../bulk-store'

/** Event types the sds worker sends to webhooks (docs/webhooks.md). */
export const SDS_EVENTS = ['sds.bulk.item_completed', 'sds.bulk.completed'] as const

export function statusUrl(baseUrl: string, jobId: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/api/v1/sds/bulk/${jobId}`
}

/** An item as the status call and the item event show it: a signed link, or the error it got. */
export async function itemView(item: ItemRow, baseUrl: string, secret: string | undefined) {
  const base = {
    index: item.idx,
    chemical_identifier: item.chemical_identifier,
    format: item.format,
    concentration: item.concentration,
    physical_form: item.physical_form,
    status: item.status,
  }
  if (item.status === 'done' && item.document_id && item.expires !== null) {
    if (!secret) throw new Error('DOC_SIGNING_SECRET is not configured')
    return {
      ...base,
      filename: item.filename,
      document_url: await signDocumentLink(baseUrl, secret, item.document_id, item.expires),
      expires_at: new Date(item.expires * 1000).toISOString(),
    }
  }
  if (item.status === 'failed') return { ...base, error: { code: item.error_code ?? 'INTERNAL_ERROR', message: item.error_message ?? '' } }
  return base
}

export function jobCounts(job: Pick<JobRow, 'total' | 'succeeded' | 'failed'>) {
  return { total: job.total, succeeded: job.succeeded, failed: job.failed, pending: job.total - job.succeeded - job.failed }
}
