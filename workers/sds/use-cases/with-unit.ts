import type { SdsPorts } from '../env'
import { refundUnit, takeUnit, type Taken } from '../store'
import { activeRule, quotaExceeded, visiblySpent } from './account'

export type UnitOptions = { plans?: { allowed: ReadonlySet<string>; message: string } }

/**
 * Every sheet that costs one unit goes through here: the key's plan, a 402 before any work when
 * the quota is visibly spent, `prepare` (checks that need no unit: a bad identifier or structure
 * costs nothing), the atomic take, then `work`; a `work` that throws gives the unit back
 * (DECISIONS.md: a failed generation uses no unit).
 */
export async function withUnit<P, T>(
  ports: Pick<SdsPorts, 'db' | 'now'>,
  keyId: string,
  options: UnitOptions,
  prepare: () => Promise<P>,
  work: (prepared: P, taken: Taken, now: Date) => Promise<T>
): Promise<T> {
  const now = ports.now()
  const rule = await activeRule(ports, keyId, now, options.plans)
  if (await visiblySpent(ports, keyId, rule)) throw quotaExceeded(rule)
  const prepared = await prepare()
  const taken = await takeUnit(ports.db, keyId, rule, now)
  if (!taken) throw quotaExceeded(rule)
  try {
    return await work(prepared, taken, now)
  } catch (err) {
    await refundUnit(ports.db, keyId, rule)
    throw err
  }
}
