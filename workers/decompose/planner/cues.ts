import type { Anchor, Context } from './types'

/**
 * The "when" half of an implementation intention ("After breakfast, I will ..."): tying a
 * new action to an existing routine roughly doubles the chance it happens (Gollwitzer &
 * Sheeran 2006, meta-analysis of 94 studies, d = 0.65). The anchor is the time of day the
 * person named; otherwise the domain's usual slot.
 */
const CUES: Record<Anchor, string> = {
  morning: 'After breakfast',
  lunch: 'When your lunch break starts',
  evening: 'After dinner',
  bedtime: 'When you get into bed',
  commute: 'When you sit down on your commute',
}

export function cueFor(ctx: Context, fallback: Anchor, overrides: Partial<Record<Anchor, string>> = {}): string {
  const anchor = ctx.anchor ?? fallback
  return overrides[anchor] ?? CUES[anchor]
}
