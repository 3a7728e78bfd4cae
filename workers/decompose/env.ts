import type { KeyVariables } from '../../shared/auth'
import type { RateLimiter } from '../../shared/rate-limit/limiter'
import type { AiRunner } from './domain/ai-planner'
import type { Account } from './store'

export type Bindings = {
  CACHE: KVNamespace
  DB: D1Database
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>
  BASE_URL: string
  /**
   * `rules` (default), `ai` or `hybrid`; both need the AI binding and fall back to rules on any
   * failure. `hybrid` asks the model only where routing is not confident (issue 31 §5).
   */
  PLANNER?: string
  /** Workers AI binding (optional; see docs/decompose.md for the wrangler.toml lines). */
  AI?: AiRunner
  /** Workers AI model for PLANNER=ai and PLANNER=hybrid. */
  AI_MODEL?: string
  /** Requests per minute per key; 10 unless an operator changes it (the bench raises it). */
  RATE_LIMIT_PER_MINUTE?: string
}

/**
 * What the outside world hands the code. No outbound HTTP here (Workers AI is a binding), so
 * no fetcher: only the clock, which tests pass their own of.
 */
export type Deps = { now: () => Date }

export type SessionVariables = {
  session: { account: Account; csrf: string; idHash: string } | null
}

export type AppEnv = { Bindings: Bindings; Variables: KeyVariables & SessionVariables & { deps: Deps } }

/**
 * What the decompose use cases (use-cases/) are handed instead of a Context or the bindings:
 * built once per request, or per cron run, by `decomposePorts`.
 */
export type DecomposePorts = {
  db: D1Database
  kv: KVNamespace
  /** Workers AI, when bound: the guard model screens every text; PLANNER=ai or hybrid also plans with it. */
  ai: AiRunner | undefined
  planner: 'rules' | 'ai' | 'hybrid'
  aiModel: string | undefined
  now: () => Date
}

export function decomposePorts(env: Bindings, deps: Deps): DecomposePorts {
  return {
    db: env.DB,
    kv: env.CACHE,
    ai: env.AI,
    planner: env.PLANNER === 'ai' || env.PLANNER === 'hybrid' ? env.PLANNER : 'rules',
    aiModel: env.AI_MODEL || undefined,
    now: deps.now,
  }
}
