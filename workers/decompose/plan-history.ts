import { nextCycle } from './domain/planner/cycles'
import { planGoal } from './domain/planner/index'
import type { CheckIn, PlanHistory, Profile } from './schemas'
import { listCheckins, loadPlan } from './store'

/**
 * A stored plan as its owner sees it (issue 31 §3): the plan of the stored request, every
 * check-in, and the cycle each check-in led to. Plans are deterministic, so the plan and its
 * cycles are rebuilt from the request and check-ins rather than stored twice. Null when no
 * plan with that id belongs to `owner` (the caller answers 404 either way: another account's
 * plan is not confirmed to exist).
 */
export async function planHistory(db: D1Database, planId: string, owner: string): Promise<PlanHistory | null> {
  const request = await loadPlan(db, planId, owner)
  if (!request) return null
  const profile = request.profile as Profile
  const stored = (await listCheckins<CheckIn>(db, planId)).sort((a, b) => a.cycle - b.cycle)
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
