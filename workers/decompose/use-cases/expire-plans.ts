import type { DecomposePorts } from '../env'
import { deleteExpiredPlans } from '../store'

/** Bounded passes per run: a backlog takes a few more runs rather than one long one. */
const PASSES = 20

/**
 * Deletes the plans whose retention ran out (90 days after the last check-in unless the
 * partner set less; issue 30 §4) with their check-ins. Returns how many, never what.
 */
export async function expirePlans(ports: Pick<DecomposePorts, 'db' | 'now'>): Promise<number> {
  let deleted = 0
  for (let pass = 0; pass < PASSES; pass++) {
    const n = await deleteExpiredPlans(ports.db, ports.now())
    deleted += n
    if (n === 0) break
  }
  return deleted
}
