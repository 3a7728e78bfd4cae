import { sha256Hex } from '../../../shared/keys'
import { buildPlan } from '../domain/planner/index'
import type { DecomposePorts } from '../env'
import type { DecomposeResponse, Profile } from '../schemas'
import { savePlan } from '../store'
import { planWithAi } from './ai-plan'
import { guardVerdict } from './guard'

export type CreatePlanInput = {
  /** The key's account, or `key:<id>` for a key without one. */
  owner: string
  goal: string
  context: string
  profile: Profile | undefined
  retentionDays: number | undefined
}

/**
 * A plan for a goal, kept for its owner. Every text is screened (rules, and the guard model
 * when bound; issue 30 §1); only an unflagged request may reach the AI planner, which screens
 * again with the rules alone. Same owner and request give the same plan_id.
 */
export async function createPlan(ports: DecomposePorts, input: CreatePlanInput): Promise<DecomposeResponse & { plan_id: string }> {
  const { goal, context, profile, owner } = input
  const guard = await guardVerdict(ports, [goal, context, ...(profile?.constraints ?? [])])
  const rules = buildPlan(goal, context, profile, { guard }).response
  const request = { goal, context, profile: profile ?? {} }
  const plan =
    rules.safety.level === 'none' && ports.planner !== 'rules' && ports.ai ? await planWithAi(ports, request, input.retentionDays) : rules
  const plan_id = `pln_${(await sha256Hex(`${owner}\n${JSON.stringify(request)}`)).slice(0, 32)}`
  await savePlan(ports.db, plan_id, owner, request, ports.now(), input.retentionDays)
  return { ...plan, plan_id }
}
