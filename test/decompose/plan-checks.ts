import type { RulesPlan } from '../../workers/decompose/domain/planner/index'

/** Sentences in a description: ends of . ! ? before a space and a capital, digit or quote. */
export function sentenceCount(text: string): number {
  return text.split(/(?<=[.!?])['"”’)]*\s+(?=[A-Z0-9"“‘(])/).length
}

/** Everything the issue asks of every plan; returns the broken rules (empty when fine). */
export function planProblems(plan: RulesPlan): string[] {
  const r = plan.response
  const out: string[] = []
  const first = r.first_cycle_actions
  if (first.length !== 14) out.push(`${first.length} first-cycle actions`)
  first.forEach((a, i) => {
    if (a.day !== i + 1) out.push(`day ${a.day} at position ${i + 1}`)
    if (a.minutes > r.context_used.minutes_per_day)
      out.push(`day ${a.day}: ${a.minutes} min over the ${r.context_used.minutes_per_day}-minute budget`)
    if (a.minutes < 1) out.push(`day ${a.day}: no time given`)
  })
  for (const a of r.actions) {
    if (!a.title || a.title.length > 60) out.push(`title length ${a.title.length}: ${a.title}`)
    const n = sentenceCount(a.description)
    if (n < 1 || n > 3) out.push(`day ${a.day}: ${n} sentences`)
  }
  for (const a of first) if (!/\d/.test(a.description)) out.push(`day ${a.day}: no concrete dose or deliverable`)
  if (new Set(first.map((a) => a.title)).size !== 14) out.push('two days share a title')
  if (new Set(first.map((a) => a.description)).size !== 14) out.push('two days share a description')
  if (JSON.stringify(r.actions.slice(0, 14)) !== JSON.stringify(first)) out.push('actions do not start with the first cycle')
  r.actions.forEach((a, i) => {
    if (i > 0 && a.day <= r.actions[i - 1].day) out.push(`actions out of order at ${a.day}`)
  })
  if (r.actions.length <= 14) out.push('no steps beyond the first cycle')
  if (plan.days[0].kind !== 'baseline') out.push('day 1 is not a baseline or set-up step')
  if (plan.days[6].kind !== 'review' || !/^(Day|Jour|Día|Tag) 7\b/.test(first[6].title)) out.push('day 7 is not the short review')
  if (plan.days[13].kind !== 'review' || !/^(Day|Jour|Día|Tag) 14\b/.test(first[13].title))
    out.push('day 14 is not the review and next step')
  return out
}

/** Mean dose of week-1 and week-2 sessions (baseline and reviews excluded). */
export function weeklyDose(plan: RulesPlan): { week1: number; week2: number } | null {
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
  const w1 = plan.days.filter((d) => d.kind === 'session' && d.day < 7).map((d) => d.load)
  const w2 = plan.days.filter((d) => d.kind === 'session' && d.day > 7).map((d) => d.load)
  return w1.length && w2.length ? { week1: mean(w1), week2: mean(w2) } : null
}

export function totalDose(plan: RulesPlan): number {
  return plan.days.filter((d) => d.kind === 'session').reduce((s, d) => s + d.load, 0)
}
