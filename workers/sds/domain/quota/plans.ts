/**
 * Plans and quota periods (DECISIONS.md, "A: safety data sheets"). Pure: the key row and the
 * clock in, the quota rule out.
 */
export type Plan = 'trial' | 'standard' | 'pro' | 'enterprise'

export const TRIAL_DOCUMENTS = 5
export const TRIAL_DAYS = 30
export const PRO_MONTHLY = 50

export type KeyPlanState = { plan: string; created_at: string; credits: number | null; subscription_status: string }

export type QuotaRule =
  | {
      active: true
      tier: Plan
      /** Usage bucket: 'trial', 'YYYY-MM' (UTC) or 'all' (standard). */
      period: string
      /** Units allowed in the period; null = unlimited; for standard, the credits left now. */
      limit: number | null
      quotaMonthly: number | null
      resetsAt: string | null
    }
  | { active: false; tier: string; reason: string; period: string; quotaMonthly: number | null; resetsAt: string | null }

function nextMonthUtc(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString()
}

export function monthPeriod(now: Date): string {
  return now.toISOString().slice(0, 7)
}

export function quotaRule(key: KeyPlanState, now: Date): QuotaRule {
  if (key.subscription_status !== 'active') {
    return {
      active: false,
      tier: key.plan,
      reason: 'This key’s subscription has been cancelled. Renew the subscription to generate documents again.',
      period: key.plan === 'trial' ? 'trial' : key.plan === 'standard' ? 'all' : monthPeriod(now),
      quotaMonthly: null,
      resetsAt: null,
    }
  }
  switch (key.plan) {
    case 'trial': {
      const end = new Date(new Date(key.created_at).getTime() + TRIAL_DAYS * 86_400_000)
      const resetsAt = end.toISOString()
      if (now >= end)
        return {
          active: false,
          tier: 'trial',
          reason: `The free trial ended on ${resetsAt.slice(0, 10)} (${TRIAL_DAYS} days from the key’s creation). Choose a paid plan to continue.`,
          period: 'trial',
          quotaMonthly: TRIAL_DOCUMENTS,
          resetsAt,
        }
      return { active: true, tier: 'trial', period: 'trial', limit: TRIAL_DOCUMENTS, quotaMonthly: TRIAL_DOCUMENTS, resetsAt }
    }
    case 'standard':
      // Pre-paid credits, no expiry and no monthly quota.
      return { active: true, tier: 'standard', period: 'all', limit: Math.max(0, key.credits ?? 0), quotaMonthly: null, resetsAt: null }
    case 'pro':
      return {
        active: true,
        tier: 'pro',
        period: monthPeriod(now),
        limit: PRO_MONTHLY,
        quotaMonthly: PRO_MONTHLY,
        resetsAt: nextMonthUtc(now),
      }
    case 'enterprise':
      return { active: true, tier: 'enterprise', period: monthPeriod(now), limit: null, quotaMonthly: null, resetsAt: nextMonthUtc(now) }
    default:
      return {
        active: false,
        tier: key.plan,
        reason: `This key’s plan ("${key.plan}") is not one this service sells. Ask the operator to set a valid plan.`,
        period: monthPeriod(now),
        quotaMonthly: null,
        resetsAt: null,
      }
  }
}
