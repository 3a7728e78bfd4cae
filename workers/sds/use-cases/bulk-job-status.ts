import { DomainError } from '../../../shared/errors'
import { getJob, jobItems } from '../bulk-store'
import { itemView, jobCounts } from '../domain/bulk/events'
import type { SdsPorts } from '../env'

/** GET /api/v1/sds/bulk/{job_id}: the job of this key only (any other key's is JOB_NOT_FOUND). */
export async function bulkJobStatus(ports: Pick<SdsPorts, 'db' | 'links'>, keyId: string, jobId: string) {
  const job = await getJob(ports.db, keyId, jobId)
  if (!job) throw new DomainError('JOB_NOT_FOUND', 'This key has no bulk job with that id.')
  const items = await jobItems(ports.db, job.id)
  const counts = jobCounts(job)
  const state: 'queued' | 'running' | 'completed' =
    job.status === 'completed'
      ? 'completed'
      : counts.pending < counts.total || items.some((i) => i.status === 'running')
        ? 'running'
        : 'queued'
  return {
    job_id: job.id,
    status: state,
    created_at: job.created_at,
    completed_at: job.completed_at,
    ...counts,
    units_reserved: job.units_reserved,
    items: await Promise.all(items.map((i) => itemView(i, ports.links.baseUrl, ports.links.secret))),
  }
}
