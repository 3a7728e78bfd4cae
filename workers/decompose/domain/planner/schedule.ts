/**
 * Places the sessions of a 14-day cycle. Day 1 is the baseline, day 7 the short review, day 14
 * the review and next step (and, for training, the retest). Sessions go on the remaining days,
 * spread as evenly as possible over both weeks so hard days are separated by rest (ACSM 2009
 * progression models: about 48 hours between sessions that load the same muscles).
 */
export type SessionDays = { week1: number[]; week2: number[] }

export const MID_REVIEW_DAY = 7
export const FINAL_DAY = 14

export function sessionDays(sessionsPerWeek: number, retestOnDay14: boolean): SessionDays {
  const perWeek = Math.max(1, Math.min(7, sessionsPerWeek))
  // The baseline counts as week 1's first session; a retest on day 14 as week 2's last.
  const k1 = Math.min(5, perWeek - 1)
  const k2 = Math.min(6, perWeek - (retestOnDay14 ? 1 : 0))
  // Day 15 starts the next cycle, so it is a session for spacing purposes.
  const fixed = retestOnDay14 ? [1, 14, 15] : [1, 15]
  let best: { days: SessionDays; minGap: number; unevenness: number } | null = null
  for (const week1 of combinations([2, 3, 4, 5, 6], k1)) {
    for (const week2 of combinations([8, 9, 10, 11, 12, 13], k2)) {
      const all = [...week1, ...week2, ...fixed].sort((a, b) => a - b)
      const gaps = all.slice(1).map((d, i) => d - all[i])
      const minGap = Math.min(...gaps)
      const unevenness = gaps.reduce((sum, g) => sum + g * g, 0)
      if (!best || minGap > best.minGap || (minGap === best.minGap && unevenness < best.unevenness)) {
        best = { days: { week1, week2 }, minGap, unevenness }
      }
    }
  }
  return best!.days
}

/**
 * All k-element subsets of `items`, in lexicographic order, so ties in the search above go to
 * the earliest days. At most C(5,2) x C(6,3) = 200 pairs are compared.
 */
function* combinations(items: number[], k: number, start = 0, acc: number[] = []): Generator<number[]> {
  if (acc.length === k) {
    yield [...acc]
    return
  }
  for (let i = start; i < items.length; i++) {
    acc.push(items[i])
    yield* combinations(items, k, i + 1, acc)
    acc.pop()
  }
}

/** The first day after `day` that asks something of the person: a session or a review. */
export function nextWorkDay(day: number, slots: SessionDays): number {
  return [...slots.week1, MID_REVIEW_DAY, ...slots.week2, FINAL_DAY].filter((d) => d > day).sort((a, b) => a - b)[0] ?? FINAL_DAY
}
