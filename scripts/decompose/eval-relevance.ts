// `npm run eval:decompose` (issue 31 §6), relevance and context part: every goal of the frozen
// set (relevance/frozen.json, never tuned on) and of the dev set (relevance/dev.json) is
// planned by the rules planner and checked against its labels:
//   off-goal — routed to an archetype or domain its labels do not accept (a plan for another
//              goal), or fewer than 10 of the 14 first-cycle days name the goal's object or its
//              archetype's key terms (`terms`);
//   facts    — each labelled fact of the context read as labelled (minutes, days, deadline,
//              level, injury); a fact labelled null must not have been read at all;
//   language — the plan is in the goal's language, or in English saying which was requested.
// Targets on the frozen set: off-goal ≤ 3 %, facts read right ≥ 90 %.
// `--verbose` lists every miss; `--set dev` or `--set frozen` runs one set only.
import { planGoal } from '../../workers/decompose/domain/planner/index'
import type { DecomposeResponse } from '../../workers/decompose/schemas'
import DEV from './relevance/dev.json'
import FROZEN from './relevance/frozen.json'

type Facts = {
  level?: string
  level_not?: string
  minutes_per_day?: number | null
  days_per_week?: number
  deadline_weeks?: number | null
  injury?: boolean
}
export type LabelledGoal = {
  id: string
  lang: string
  goal: string
  context: string
  accept: string[]
  terms: string[]
  facts: Facts
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/** Coverage as the response states it; for a response without the field, as its route implies. */
function coverageOf(r: DecomposeResponse): string {
  const stated = (r as { coverage?: string }).coverage
  if (stated) return stated
  if (r.archetype === 'general-skill' || (!r.archetype && r.domain === 'general')) return 'general'
  return r.archetype ? 'archetype' : 'domain'
}

export function relevantDays(g: LabelledGoal, r: DecomposeResponse): number {
  const terms = g.terms.map(fold)
  return r.first_cycle_actions.filter((a) => {
    const text = fold(`${a.title} ${a.description}`)
    return terms.some((t) => text.includes(t))
  }).length
}

export function misrouted(g: LabelledGoal, r: DecomposeResponse): string | null {
  if (coverageOf(r) === 'general') return null
  const route = r.archetype ?? r.domain
  return g.accept.includes(route) || g.accept.includes(r.domain) ? null : route
}

/** Each labelled fact: [name, read right]. */
export function factChecks(g: LabelledGoal, r: DecomposeResponse): Array<[string, boolean]> {
  const c = r.context_used
  const assumed = c.assumed as string[]
  const out: Array<[string, boolean]> = []
  const f = g.facts
  if (f.level !== undefined) out.push([`level ${f.level} (read ${c.level})`, c.level === f.level && !assumed.includes('level')])
  if (f.level_not !== undefined) out.push([`level not ${f.level_not} (read ${c.level})`, c.level !== f.level_not])
  if (f.minutes_per_day !== undefined)
    out.push([
      `minutes ${f.minutes_per_day} (read ${assumed.includes('minutes_per_day') ? 'none' : c.minutes_per_day})`,
      f.minutes_per_day === null
        ? assumed.includes('minutes_per_day')
        : c.minutes_per_day === f.minutes_per_day && !assumed.includes('minutes_per_day'),
    ])
  if (f.days_per_week !== undefined)
    out.push([
      `days ${f.days_per_week} (read ${c.days_per_week})`,
      c.days_per_week === f.days_per_week && !assumed.includes('days_per_week'),
    ])
  if (f.deadline_weeks !== undefined)
    out.push([
      `deadline ${f.deadline_weeks} weeks (read ${c.deadline_weeks})`,
      f.deadline_weeks === null
        ? c.deadline_weeks === null
        : c.deadline_weeks !== null && Math.abs(c.deadline_weeks - f.deadline_weeks) <= 1,
    ])
  if (f.injury !== undefined) {
    const injured = c.constraints.some((x) => /injury|pain/.test(x))
    out.push([`injury ${f.injury} (read ${injured})`, injured === f.injury])
  }
  return out
}

export function languageRight(g: LabelledGoal, r: DecomposeResponse): boolean {
  if (r.language === g.lang) return r.translation.complete
  const requested = (r.translation as { requested?: string }).requested
  return r.language === 'en' && requested === g.lang && r.translation.complete === false
}

type Row = { n: number; off: number; misroutes: number; facts: number; factsRight: number; language: number }

function evaluate(name: string, goals: LabelledGoal[], verbose: boolean) {
  const total: Row = { n: 0, off: 0, misroutes: 0, facts: 0, factsRight: 0, language: 0 }
  const byLang = new Map<string, Row>()
  const misses: string[] = []
  for (const g of goals) {
    const r = planGoal(g.goal, g.context)
    const wrongRoute = misrouted(g, r)
    const days = relevantDays(g, r)
    const off = wrongRoute !== null || days < 10
    const facts = factChecks(g, r)
    const lang = languageRight(g, r)
    for (const row of [
      total,
      byLang.get(g.lang) ?? byLang.set(g.lang, { n: 0, off: 0, misroutes: 0, facts: 0, factsRight: 0, language: 0 }).get(g.lang)!,
    ]) {
      row.n++
      row.off += off ? 1 : 0
      row.misroutes += wrongRoute ? 1 : 0
      row.facts += facts.length
      row.factsRight += facts.filter(([, ok]) => ok).length
      row.language += lang ? 1 : 0
    }
    const wrongFacts = facts.filter(([, ok]) => !ok).map(([f]) => f)
    if (off || wrongFacts.length || !lang)
      misses.push(
        `${g.id} "${g.goal}" → ${r.archetype ?? r.domain} (${coverageOf(r)}, ${days}/14 days on the goal${wrongRoute ? ', MISROUTE' : ''})` +
          `${wrongFacts.length ? `; facts: ${wrongFacts.join(', ')}` : ''}${lang ? '' : `; language ${r.language}`}`
      )
  }
  const pct = (x: number, n: number) => (n ? `${((x / n) * 100).toFixed(1)}%` : '—')
  console.log(`\n${name}: ${total.n} goals`)
  console.log('| language | n | off-goal | misroutes | facts read right | language honest |\n|---|---:|---:|---:|---:|---:|')
  for (const [l, row] of [...byLang, ['all', total] as const])
    console.log(
      `| ${l} | ${row.n} | ${pct(row.off, row.n)} | ${row.misroutes} | ${pct(row.factsRight, row.facts)} (${row.facts}) | ${pct(row.language, row.n)} |`
    )
  if (verbose && misses.length) console.log(`\n${misses.join('\n')}`)
  return { offGoal: total.off / total.n, facts: total.factsRight / total.facts }
}

const args = process.argv.slice(2)
const verbose = args.includes('--verbose')
const only = args.includes('--set') ? args[args.indexOf('--set') + 1] : null
if (only !== 'frozen') evaluate('dev set (tuned on)', DEV.goals as LabelledGoal[], verbose)
if (only !== 'dev') {
  const frozen = evaluate('FROZEN set (never tuned on)', FROZEN.goals as LabelledGoal[], verbose)
  console.log(
    `\nFrozen targets: off-goal ${(frozen.offGoal * 100).toFixed(1)}% (target ≤ 3%), facts ${(frozen.facts * 100).toFixed(1)}% (target ≥ 90%)`
  )
}
