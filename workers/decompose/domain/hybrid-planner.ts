import { type AiOutcome, type AiRunner, aiPlan } from './ai-planner'
import CHECKS from './hybrid-checks.json'
import { buildPlan } from './planner/index'
import { readObject } from './planner/domains/general-object'
import { screen } from './safety/screen'
import { tokenize } from './safety/tokens'
import type { DecomposeResponse, Profile } from '../schemas'

/**
 * PLANNER=hybrid (issue 31 §5): the rules plan wherever routing is confident (an archetype or
 * a domain), and the Workers AI model only for the long tail the rules plan generically. The
 * model's plan is then checked by the rules: the shape and budget checks of aiPlan, the goal's
 * own object in most days, the week-two progression cap, and the same safety screen over
 * every day it wrote. A plan that fails any check is not used: the rules plan answers, and its
 * notes say why. The model is never asked about a request the screen flagged.
 */
export async function hybridPlan(
  ai: AiRunner,
  goal: string,
  context: string,
  options: { model?: string; timeoutMs?: number; profile?: Profile } = {}
): Promise<AiOutcome> {
  const rules = buildPlan(goal, context, options.profile)
  const r = rules.response
  if (r.coverage !== 'general') return { plan: r, usedAi: false, reason: `confident ${r.coverage} match: rules plan` }
  if (r.safety.level !== 'none') return { plan: r, usedAi: false, reason: `safety screen: ${r.safety.level}` }
  const outcome = await aiPlan(ai, goal, context, { ...options, language: r.language })
  const fallback = (reason: string): AiOutcome => ({
    plan: { ...r, notes: [...r.notes, `${NOT_USED} ${reason}.`] },
    usedAi: false,
    reason,
  })
  if (!outcome.usedAi) return fallback(outcome.reason ?? 'model plan not usable')
  const broken = hybridViolations(outcome.plan, r)
  return broken ? fallback(broken) : outcome
}

const NOT_USED = 'A model-written plan was not used for this goal:'

/** Why a model plan may not be used for this goal, or null. */
export function hybridViolations(plan: DecomposeResponse, rules: DecomposeResponse): string | null {
  const days = plan.first_cycle_actions
  const object = objectStems(rules.goal, rules.language)
  if (object.length > 0) {
    const about = days.filter((d) => mentions(`${d.title} ${d.description}`, object)).length
    // The reason is logged: it names no word of the goal (issue 30 §4).
    if (about < CHECKS.minDaysWithObject) return `only ${about} of 14 days are about the goal's object`
  }
  const week = (from: number, to: number) => days.filter((d) => d.day >= from && d.day <= to).reduce((s, d) => s + d.minutes, 0)
  const [one, two] = [week(1, 7), week(8, 14)]
  if (one > 0 && two > one * CHECKS.maxWeekTwoOverWeekOne) return 'week two grows faster than the progression cap'
  for (const d of [...days, ...plan.actions.slice(14)]) {
    const screened = screen(`${d.title}. ${d.description}`, '', rules.language, null)
    if (screened.safety.level !== 'none') return `day ${d.day} failed the safety screen`
  }
  return null
}

/** The object's content words, cut to a stem so "licence"/"licences", "Antrag"/"Anträge" meet. */
function objectStems(goal: string, lang: DecomposeResponse['language']): string[] {
  return tokenize(readObject(goal.replace(/\s+/g, ' '), lang).object)
    .filter((w) => w.length >= CHECKS.minObjectWordLength && /\D/.test(w))
    .map((w) => w.slice(0, CHECKS.stemLength))
}

function mentions(text: string, stems: string[]): boolean {
  return tokenize(text).some((w) => stems.some((s) => w.startsWith(s)))
}
