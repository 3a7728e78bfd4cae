import { hasMessage, type Loc } from '../locale/translate'
import type { Anchor, Context } from './types'

/**
 * The "when" half of an implementation intention ("After breakfast, I will ..."): tying a
 * new action to an existing routine roughly doubles the chance it happens (Gollwitzer &
 * Sheeran 2006, meta-analysis of 94 studies, d = 0.65). The anchor is the time of day the
 * person named; otherwise the domain's usual slot. The wording per language is in
 * locale/messages/*.json (`cue.<anchor>`).
 */
export function cueFor(ctx: Context, fallback: Anchor, loc: Loc, overrides: Partial<Record<Anchor, string>> = {}): string {
  const anchor = ctx.anchor ?? fallback
  const own = overrides[anchor]
  // A domain's own cue is a message id when its module writes from the phrase tables.
  if (own) return hasMessage('en', own) ? loc.t(own).text : own
  return loc.t(`cue.${anchor}`).text
}
