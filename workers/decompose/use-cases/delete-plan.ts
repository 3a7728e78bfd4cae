import type { DecomposePorts } from '../env'
import type { Profile } from '../schemas'
import { deletePlan as deleteStoredPlan, loadPlan } from '../store'
import { forgetCachedAiPlan } from './ai-plan'
import { planNotFound } from './plan-not-found'

/** Deletes a plan with every check-in (issue 30 §4), and the cached AI plan that repeats its goal. */
export async function deletePlan(
  ports: Pick<DecomposePorts, 'db' | 'kv' | 'aiModel' | 'planner' | 'now'>,
  input: { owner: string; planId: string }
): Promise<void> {
  const request = await loadPlan(ports.db, input.planId, input.owner, ports.now())
  if (!request || !(await deleteStoredPlan(ports.db, input.planId, input.owner))) throw planNotFound()
  await forgetCachedAiPlan(ports, { ...request, profile: request.profile as Profile })
}
