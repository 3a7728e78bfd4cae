import { sha256Hex } from '../../../shared/keys'
import { aiPlan, DEFAULT_MODEL } from '../domain/ai-planner'
import type { DecomposePorts } from '../env'
import type { DecomposeResponse, Profile } from '../schemas'
import { cacheAiPlan, cachedAiPlan, forgetAiPlan } from '../store'

type Request = { goal: string; context: string; profile: Profile }

/** The KV key of a cached AI plan: the model and the request, hashed (the goal is never a key). */
const cacheKey = (ports: Pick<DecomposePorts, 'aiModel'>, r: Request) =>
  sha256Hex(JSON.stringify([ports.aiModel ?? DEFAULT_MODEL, r.goal, r.context, r.profile]))

/**
 * PLANNER=ai: the model's plan, cached per request for no longer than the plan's retention; any
 * failure falls back to the rules plan.
 */
export async function planWithAi(
  ports: Pick<DecomposePorts, 'ai' | 'kv' | 'aiModel'>,
  request: Request,
  retentionDays: number | undefined
): Promise<DecomposeResponse> {
  const key = await cacheKey(ports, request)
  const cached = await cachedAiPlan<DecomposeResponse>(ports.kv, key)
  if (cached) return cached
  const outcome = await aiPlan(ports.ai!, request.goal, request.context, {
    model: ports.aiModel ?? DEFAULT_MODEL,
    profile: request.profile,
  })
  if (outcome.usedAi) await cacheAiPlan(ports.kv, key, outcome.plan, retentionDays)
  else console.warn(`decompose: AI planner fell back to rules (${outcome.reason})`)
  return outcome.plan
}

/** A cached AI plan repeats the goal: deleting a plan deletes it too. */
export async function forgetCachedAiPlan(ports: Pick<DecomposePorts, 'kv' | 'aiModel'>, request: Request): Promise<void> {
  await forgetAiPlan(ports.kv, await cacheKey(ports, request))
}
