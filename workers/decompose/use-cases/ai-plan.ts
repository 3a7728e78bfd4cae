import { sha256Hex } from '../../../shared/keys'
import { aiPlan, DEFAULT_MODEL } from '../domain/ai-planner'
import { hybridPlan } from '../domain/hybrid-planner'
import type { DecomposePorts } from '../env'
import type { DecomposeResponse, Profile } from '../schemas'
import { cacheAiPlan, cachedAiPlan, forgetAiPlan } from '../store'

type Request = { goal: string; context: string; profile: Profile }

/**
 * The KV key of a cached AI plan: the model, the mode (hybrid's fallbacks differ) and the
 * request, hashed (the goal is never a key). PLANNER=ai keeps its original key.
 */
const cacheKey = (ports: Pick<DecomposePorts, 'aiModel' | 'planner'>, r: Request) =>
  sha256Hex(
    JSON.stringify(
      ports.planner === 'hybrid'
        ? ['hybrid', ports.aiModel ?? DEFAULT_MODEL, r.goal, r.context, r.profile]
        : [ports.aiModel ?? DEFAULT_MODEL, r.goal, r.context, r.profile]
    )
  )

/**
 * PLANNER=ai or hybrid: the model's plan, cached per request for no longer than the plan's retention; any
 * failure falls back to the rules plan.
 */
export async function planWithAi(
  ports: Pick<DecomposePorts, 'ai' | 'kv' | 'aiModel' | 'planner'>,
  request: Request,
  retentionDays: number | undefined
): Promise<DecomposeResponse> {
  const key = await cacheKey(ports, request)
  const cached = await cachedAiPlan<DecomposeResponse>(ports.kv, key)
  if (cached) return cached
  const plan = ports.planner === 'hybrid' ? hybridPlan : aiPlan
  const outcome = await plan(ports.ai!, request.goal, request.context, {
    model: ports.aiModel ?? DEFAULT_MODEL,
    profile: request.profile,
  })
  if (outcome.usedAi) await cacheAiPlan(ports.kv, key, outcome.plan, retentionDays)
  // A confident rules match under hybrid is the design, not a fallback worth a log line.
  else if (!outcome.reason?.startsWith('confident')) console.warn(`decompose: AI planner fell back to rules (${outcome.reason})`)
  return outcome.plan
}

/** A cached AI plan repeats the goal: deleting a plan deletes it too. */
export async function forgetCachedAiPlan(ports: Pick<DecomposePorts, 'kv' | 'aiModel' | 'planner'>, request: Request): Promise<void> {
  await forgetAiPlan(ports.kv, await cacheKey(ports, request))
}
