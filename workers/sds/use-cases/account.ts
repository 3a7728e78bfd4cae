import { DomainError } from '../../../shared/errors'
import { quotaRule, type QuotaRule } from '../domain/quota/plans'
import type { SdsPorts } from '../env'
import { readPlanState, unitsUsed } from '../store'

export type ActiveRule = Extract<QuotaRule, { active: true }>

/**
 * The key's quota rule for now, or the reason it may not generate: unknown or revoked key,
 * a plan outside `plans` (R&D proxies are Pro and Enterprise), or an inactive subscription.
 */
export async function activeRule(
  ports: Pick<SdsPorts, 'db'>,
  keyId: string,
  now: Date,
  plans?: { allowed: ReadonlySet<string>; message: string }
): Promise<ActiveRule> {
  const state = await readPlanState(ports.db, keyId)
  if (!state) throw new DomainError('UNAUTHORIZED', 'A valid API key (sds_live_…) is required; this one is unknown or revoked.')
  if (plans && !plans.allowed.has(state.plan)) throw new DomainError('PLAN_REQUIRED', plans.message, { subscription_tier: state.plan })
  const rule = quotaRule(state, now)
  if (!rule.active) throw new DomainError('SUBSCRIPTION_INACTIVE', rule.reason, { subscription_tier: rule.tier })
  return rule
}

/** True when the period's units are visibly spent (the atomic take settles races). */
export async function visiblySpent(ports: Pick<SdsPorts, 'db'>, keyId: string, rule: ActiveRule): Promise<boolean> {
  if (rule.tier === 'standard') return rule.limit === 0
  return rule.limit !== null && (await unitsUsed(ports.db, keyId, rule.period)) >= rule.limit
}

export function quotaExceeded(rule: ActiveRule): DomainError {
  const detail =
    rule.tier === 'standard'
      ? 'This key has no document credits left. Buy more credits to continue.'
      : `This key has used all ${rule.limit} documents of its ${rule.tier === 'trial' ? 'trial' : 'monthly quota'}${rule.resetsAt && rule.tier !== 'trial' ? `; the quota resets at ${rule.resetsAt}` : ''}.`
  return new DomainError('QUOTA_EXCEEDED', detail, { subscription_tier: rule.tier, quota_resets_at: rule.resetsAt })
}
