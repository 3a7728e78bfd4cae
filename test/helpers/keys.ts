import { insertKey } from '../../shared/key-store'
import { newKeyRecord, type KeyService } from '../../shared/keys'

/** Issues a real key into the test's D1, exactly as the admin CLI would, and returns it raw. */
export async function issueTestKey(
  db: D1Database,
  service: KeyService,
  plan: string,
  extra: { email?: string; accountId?: string; now?: Date } = {}
): Promise<{ rawKey: string; id: string }> {
  const { rawKey, row } = await newKeyRecord({
    service,
    plan,
    email: extra.email,
    accountId: extra.accountId,
    now: extra.now ?? new Date(),
  })
  await insertKey(db, row)
  return { rawKey, id: row.id }
}
