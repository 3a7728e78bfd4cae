import { DomainError } from '../../../shared/errors'
import { nextSafeCycle, type SafeCycle } from '../domain/safety/next-cycle'
import type { DecomposePorts } from '../env'
import type { CheckIn, Profile } from '../schemas'
import { listCheckins, loadPlan, saveCheckin } from '../store'
import { guardVerdict } from './guard'
import { planNotFound } from './plan-not-found'

/**
 * Closes a cycle and answers the next one. Cycles close in order; the notes of every check-in
 * go through the safety screen with the goal (issue 30 §2), so a crisis or an injury in the
 * notes decides the next cycle whatever the completion figures say.
 */
export async function checkIn(ports: DecomposePorts, input: { owner: string; planId: string; checkin: CheckIn }): Promise<SafeCycle> {
  const { planId, checkin } = input
  const request = await loadPlan(ports.db, planId, input.owner, ports.now())
  if (!request) throw planNotFound()
  const earlier = (await listCheckins<CheckIn>(ports.db, planId)).filter((x) => x.cycle < checkin.cycle)
  if (earlier.length !== checkin.cycle - 1) {
    throw new DomainError('CYCLE_OUT_OF_ORDER', `Check in cycle ${earlier.length + 1} first: cycles are closed in order.`)
  }
  await saveCheckin(ports.db, planId, checkin.cycle, checkin, ports.now())
  const checkins = [...earlier.map((x) => x.checkin), checkin]
  const guard = await guardVerdict(
    ports,
    checkins.map((x) => x.notes ?? '')
  )
  return nextSafeCycle({ ...request, profile: request.profile as Profile }, checkins, guard)
}
