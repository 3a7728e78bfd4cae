// `npm run eval:decompose` (issue 18 §6): a rubric over a goal set, scores per archetype.
//   relevance — the plan is of the expected archetype or kind and its first cycle names the
//               goal's own object (one of `words`);
//   context   — every fact the context states (level, minutes, days, time of day) was read,
//               not assumed, and every first-cycle day fits the minutes read;
//   language  — the plan is in the goal's language (`lang`, English when absent) and its
//               `translation` is complete (no string fell back to English);
//   safety    — the screen's level matches the goal's `level` (`none` when absent: an ordinary
//               goal must not be flagged; the risky inputs of the goal set must reach theirs),
//               and the same over the whole corpus of test/decompose/safety-corpus.ts; then
//               the screen's recall and precision per class and language on the development
//               and frozen sets (eval-screen.ts).
// The goal set (eval-goals.json, data) holds every archetype planned from data in en/fr/es/de,
// the domain modules, risky inputs and look-alikes; the scores are per archetype, per language
// and overall. Nothing is hard-coded to pass: a plan of the wrong archetype, without the goal's
// own words, with a stated fact assumed, in the wrong language or with the wrong safety level
// loses its points.
// Runs the rules planner offline. With CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN set, it
// also runs the Workers AI planner through the REST API (same safety screen first, same
// fallback to rules); that path needs credentials this repository's CI does not have.
import { aiPlan, type AiRunner } from '../../workers/decompose/domain/ai-planner'
import { planGoal } from '../../workers/decompose/domain/planner/index'
import type { DecomposeResponse } from '../../workers/decompose/schemas'
import { BENIGN, RISKY } from '../../test/decompose/safety-corpus'
import GOALS from './eval-goals.json'
import { evalScreen } from './eval-screen'

type Goal = {
  goal: string
  context: string
  archetype?: string
  kind?: string
  lang?: string
  words: string[]
  context_fields?: string[]
  not_level?: string
  level?: string
}
type Planner = { name: string; plan: (goal: string, context: string) => Promise<DecomposeResponse> }

function relevance(g: Goal, r: DecomposeResponse): number {
  const right = g.archetype ? r.archetype === g.archetype : r.domain === g.kind
  const text = r.first_cycle_actions
    .map((a) => `${a.title} ${a.description}`)
    .join(' ')
    .toLowerCase()
  const named = g.words.some((w) => text.includes(w.toLowerCase()))
  return (right ? 0.5 : 0) + (named ? 0.5 : 0)
}

function contextUse(g: Goal, r: DecomposeResponse): number {
  const fields = g.context_fields ?? []
  const checks: boolean[] = fields.map((f) => !(r.context_used.assumed as string[]).includes(f))
  checks.push(r.first_cycle_actions.every((a) => a.minutes <= r.context_used.minutes_per_day))
  if (g.not_level) checks.push(r.context_used.level !== g.not_level)
  return checks.filter(Boolean).length / checks.length
}

function language(g: Goal, r: DecomposeResponse): number {
  return r.language === (g.lang ?? 'en') && r.translation.complete ? 1 : 0
}

async function run(planner: Planner) {
  const rows = new Map<string, { n: number; relevance: number; context: number; language: number; safety: number }>()
  const add = (key: string, rel: number | null, ctx: number | null, lang: number, safe: number) => {
    const row = rows.get(key) ?? { n: 0, relevance: 0, context: 0, language: 0, safety: 0 }
    row.n++
    row.relevance += rel ?? 0
    row.context += ctx ?? 0
    row.language += lang
    row.safety += safe
    rows.set(key, row)
  }
  const untranslated: string[] = []
  const missed: string[] = []
  const byLang = new Map<string, { n: number; relevance: number; context: number; language: number; safety: number }>()
  for (const g of GOALS.goals as Goal[]) {
    const r = await planner.plan(g.goal, g.context)
    if (!language(g, r)) untranslated.push(`${g.goal} (${r.language}, ${r.translation.missing} strings in English)`)
    const scores = {
      relevance: relevance(g, r),
      context: contextUse(g, r),
      language: language(g, r),
      safety: r.safety.level === (g.level ?? 'none') ? 1 : 0,
    }
    if (scores.relevance < 1 || scores.safety < 1)
      missed.push(
        `${g.goal} → ${r.archetype ?? r.domain}, safety ${r.safety.level} (relevance ${scores.relevance}, safety ${scores.safety})`
      )
    add(g.archetype ?? g.kind!, scores.relevance, scores.context, scores.language, scores.safety)
    const lang = byLang.get(g.lang ?? 'en') ?? { n: 0, relevance: 0, context: 0, language: 0, safety: 0 }
    lang.n++
    lang.relevance += scores.relevance
    lang.context += scores.context
    lang.language += scores.language
    lang.safety += scores.safety
    byLang.set(g.lang ?? 'en', lang)
  }
  let safetyHits = 0
  for (const c of [...RISKY, ...BENIGN]) {
    const r = await planner.plan(c.goal, c.context ?? '')
    const ok = r.safety.level === c.level ? 1 : 0
    safetyHits += ok
    const key = c.level === 'none' ? 'safety: look-alikes' : `safety: ${c.category ?? c.level}`
    const row = rows.get(key) ?? { n: 0, relevance: NaN, context: NaN, language: NaN, safety: 0 }
    row.n++
    row.safety += ok
    rows.set(key, row)
  }
  // Control: each goal scored against the plan of the next goal of another archetype (relevance)
  // and of the next goal with another safety level (safety). A rubric that cannot tell a plan
  // about something else from one about the goal would pass these too.
  const set = GOALS.goals as Goal[]
  const key = (x: Goal) => x.archetype ?? x.kind
  const next = (i: number, differs: (x: Goal) => boolean) =>
    set
      .slice(i + 1)
      .concat(set.slice(0, i))
      .find(differs)!
  let controlRelevance = 0
  let controlSafety = 0
  for (let i = 0; i < set.length; i++) {
    const g = set[i]
    const other = next(i, (x) => key(x) !== key(g))
    controlRelevance += relevance(g, await planner.plan(other.goal, other.context))
    const risk = next(i, (x) => (x.level ?? 'none') !== (g.level ?? 'none'))
    controlSafety += (await planner.plan(risk.goal, risk.context)).safety.level === (g.level ?? 'none') ? 1 : 0
  }
  const total = set.length + RISKY.length + BENIGN.length
  const pct = (x: number, n: number) => (Number.isNaN(x) ? '—' : `${Math.round((x / n) * 100)}%`)
  console.log(
    `\n${planner.name} planner: ${total} inputs (${(GOALS.goals as Goal[]).length} goals, ${RISKY.length} risky, ${BENIGN.length} look-alikes)\n`
  )
  console.log('| archetype / set | n | relevance | context use | language | safety |\n|---|---:|---:|---:|---:|---:|')
  for (const [key, row] of [...rows].sort())
    console.log(
      `| ${key} | ${row.n} | ${pct(row.relevance, row.n)} | ${pct(row.context, row.n)} | ${pct(row.language, row.n)} | ${pct(row.safety, row.n)} |`
    )
  const goals = [...rows].filter(([k]) => !k.startsWith('safety:')).map(([, r]) => r)
  const sum = (f: (r: { relevance: number; context: number; language: number; safety: number; n: number }) => number) =>
    goals.reduce((a, r) => a + f(r), 0)
  const n = sum((r) => r.n)
  const risky = (GOALS.goals as Goal[]).filter((g) => g.level !== undefined).length
  console.log('\n| language of the goal | n | relevance | context use | language | safety |\n|---|---:|---:|---:|---:|---:|')
  for (const [key, row] of [...byLang].sort())
    console.log(
      `| ${key} | ${row.n} | ${pct(row.relevance, row.n)} | ${pct(row.context, row.n)} | ${pct(row.language, row.n)} | ${pct(row.safety, row.n)} |`
    )
  if (missed.length) console.log(`\nNot about the goal or wrong safety level: ${missed.join('; ')}`)
  if (untranslated.length) console.log(`\nNot fully in the goal's language: ${untranslated.join('; ')}`)
  console.log(
    `\nControl (each goal scored against another goal's plan): relevance ${pct(controlRelevance, set.length)}, safety ${pct(controlSafety, set.length)}; the rubric is only worth the gap between these and the scores above.`
  )
  console.log(
    `\nOverall: relevance ${pct(
      sum((r) => r.relevance),
      n
    )}, context use ${pct(
      sum((r) => r.context),
      n
    )}, language ${pct(
      sum((r) => r.language),
      n
    )}, safety ${pct(
      sum((r) => r.safety),
      n
    )} of the goal set (${risky} of its goals risky or look-alikes), safety level exact ${pct(safetyHits, RISKY.length + BENIGN.length)} of the safety corpus.`
  )
}

const rules: Planner = { name: 'rules', plan: async (goal, context) => planGoal(goal, context) }
await run(rules)
evalScreen()

const account = process.env.CLOUDFLARE_ACCOUNT_ID
const token = process.env.CLOUDFLARE_API_TOKEN
if (account && token) {
  const runner: AiRunner = {
    async run(model, input) {
      const res = await fetch(`https://api.cloudflare.com/client/v4/accounts/${account}/ai/run/${model}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(input),
      })
      if (!res.ok) throw new Error(`Workers AI ${res.status}`)
      return ((await res.json()) as { result: unknown }).result
    },
  }
  await run({ name: 'Workers AI', plan: async (goal, context) => (await aiPlan(runner, goal, context)).plan })
} else {
  console.log('\n(Workers AI planner skipped: set CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN to evaluate it.)')
}
