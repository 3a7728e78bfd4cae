import type { CheckIn, Profile, Safety } from '../../schemas'
import { buildPlan } from '../planner/index'
import { nextCycle, type NextCycle } from '../planner/cycles'
import { bodySignal } from './body'
import type { GuardVerdict } from './guard-verdict'

export type SafeCycle = Omit<NextCycle, 'adaptation'> & { adaptation: NextCycle['adaptation'] | 'pause'; safety: Safety }

/**
 * The next cycle with the check-ins' notes screened (issue 30 §2). Every note goes through the
 * same screen as the goal: a crisis anywhere in them answers like a crisis in the goal (the
 * support cycle, resources first) whatever the completion figures say; pain in the latest
 * notes eases the cycle and illness pauses it, both with a professional on day 1, never
 * progress. Otherwise the cycle is the planner's own (planner/cycles.ts).
 */
export function nextSafeCycle(
  request: { goal: string; context: string; profile: Profile },
  checkins: CheckIn[],
  guard: GuardVerdict | null = null
): SafeCycle {
  const notes = checkins.map((c) => c.notes ?? '').filter((n) => n.trim())
  const latest = checkins.at(-1)?.notes ?? ''
  const screened = buildPlan(request.goal, request.context, request.profile, { notes, guard }).response
  const cycle = checkins.length + 1
  if (screened.safety.level === 'crisis' || screened.safety.level === 'refuse') {
    return {
      cycle,
      adaptation: 'pause',
      reason: 'Something in your notes matters more than the plan: the next 14 days are about staying safe and reaching help.',
      actions: screened.first_cycle_actions,
      level: screened.context_used.level,
      minutes_per_day: screened.context_used.minutes_per_day,
      safety: screened.safety,
    }
  }
  const body = bodySignal(latest)
  if (!body) return { ...nextCycle(request, checkins), safety: screened.safety }
  // A cycle that hurt or made the person ill counts as a very hard one: a level down, less time.
  const eased = nextCycle(request, [...checkins.slice(0, -1), { ...checkins.at(-1)!, difficulty: 5 }])
  const plan = buildPlan(
    request.goal,
    request.context,
    { ...request.profile, level: eased.level, minutes_per_day: eased.minutes_per_day },
    { notes }
  ).response
  return {
    cycle,
    adaptation: body === 'illness' ? 'pause' : 'ease',
    reason:
      body === 'illness'
        ? 'Your notes mention illness or a warning sign: rest until you are well and see a doctor first; the next cycle restarts gentler.'
        : 'Your notes mention pain or an injury: the next cycle is gentler and starts with a professional’s advice.',
    actions: plan.first_cycle_actions,
    level: plan.context_used.level,
    minutes_per_day: plan.context_used.minutes_per_day,
    safety: plan.safety,
  }
}
