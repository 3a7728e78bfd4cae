import { findLiveRecord, storePermanent } from '../store'
import type { DropRecord } from '../schemas'
import { pageOf } from '../pages/view'
import type { DropPorts } from './ports'

export type Upgrade = 'upgraded' | 'already-permanent' | 'missing'

/** Makes a live expiring drop permanent, its page built again (the footer says so). Idempotent. */
export async function makeDropPermanent(ports: DropPorts, slug: string): Promise<Upgrade> {
  const now = ports.now()
  const record = await findLiveRecord(ports.store, slug, now)
  if (!record) return 'missing'
  if (record.expires_at === null) return 'already-permanent'
  const upgraded: DropRecord = { ...record, expires_at: null, plan: 'upgraded' }
  // Not checked against the size limits again: the same article passed them when it was
  // stored, and a paid upgrade must not fail on a footer that is a few bytes shorter.
  await storePermanent(ports.store, upgraded, now, pageOf(ports.baseUrl)(upgraded))
  return 'upgraded'
}
