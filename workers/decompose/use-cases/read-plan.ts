import { nextCycle } from '../domain/planner/cycles'
import { planGoal } from '../domain/planner/index'
import type { DecomposePorts } from '../env'
import type { CheckIn, PlanHistory, Profile } from '../schemas'
import { listCheckins, loadPlan } from '../store'
import { planNotFound } from './plan-not-found'

/**
 * A stored plan as its owner sees it (issue 31 §3): the plan of the stored request, every
 * check-in, and the cycle each check-in led to. Plans are deterministic, so the plan and its
 * cycles are rebuilt from the request and check-ins rather than stored twice. Another
 * account's plan is not confirmed to exist: PLAN_NOT_FOUND either way.
 */
export async function readPlan(ports: Pick<DecomposePorts, 'db' | 'now'>, input: { owner: string; planId: string }): Promise<PlanHistory> {
  const { planId } = input
  const request = await loadPlan(ports.db, planId, input.owner, ports.now())
  if (!request) throw planNotFound()
  const profile = request.profile as Profile
  const stored = (await listCheckins<CheckIn>(ports.db, planId)).sort((a, b) => a.cycle - b.cycle)
  const checkins = stored.map((x) => x.checkin)
  const cycles = checkins.map((_, i) => {
    const next = nextCycle({ ...request, profile }, checkins.slice(0, i + 1))
    return {
      cycle: next.cycle,
      adaptation: next.adaptation,
      reason: next.reason,
      actions: next.actions,
      context_used: { level: next.level, minutes_per_day: next.minutes_per_day },
    }
  })
  return { plan_id: planId, request: { ...request, profile }, plan: planGoal(request.goal, request.context, profile), checkins, cycles }
}
