import { z } from 'zod'
import { buildPlan, type RulesPlan } from './planner/index'
import { ActionSchema, DecomposeResponseSchema, type DecomposeResponse, type Profile } from '../schemas'

/**
 * Optional model-backed planning (PLANNER=ai with a Workers AI binding).
 *
 * The model gets the goal, the context as the rules planner read it, and that plan as a
 * reference, and must answer in JSON mode with a schema (Workers AI "JSON Mode",
 * developers.cloudflare.com/workers-ai/features/json-mode/). Its answer is validated with the
 * same zod schema as every response plus the planner's own rules (14 days in order, within
 * the minutes budget, no two days alike); anything else, a thrown error, a timeout or a model
 * without JSON-schema support, falls back to the deterministic plan.
 */

/** The part of the AI binding this module uses; tests pass a plain object with `run()`. */
export type AiRunner = { run(model: string, input: Record<string, unknown>): Promise<unknown> }

export const DEFAULT_MODEL = '@cf/meta/llama-3.3-70b-instruct-fp8-fast'
const TIMEOUT_MS = 25_000

const AiPlanSchema = z.object({
  first_cycle_actions: z.array(ActionSchema).length(14),
  later_actions: z.array(ActionSchema).min(1).max(24),
  notes: z.array(z.string().max(400)).max(8).optional(),
})

// JSON Schema for response_format, generated from the zod schema above.
const AI_JSON_SCHEMA = z.toJSONSchema(AiPlanSchema, { target: 'draft-7', unrepresentable: 'any' })

export type AiOutcome = { plan: DecomposeResponse; usedAi: boolean; reason?: string }

export async function aiPlan(
  ai: AiRunner,
  goal: string,
  context: string,
  options: { model?: string; timeoutMs?: number; profile?: Profile; language?: DecomposeResponse['language'] } = {}
): Promise<AiOutcome> {
  const rules = buildPlan(goal, context, options.profile)
  const fallback = (reason: string): AiOutcome => ({ plan: rules.response, usedAi: false, reason })
  // The same safety screen runs first; a flagged request never reaches the model.
  if (rules.response.safety.level !== 'none') return fallback(`safety screen: ${rules.response.safety.level}`)
  // PLANNER=ai: the prompt and the checks are English, so a plan in another language comes from
  // the rules planner's phrase tables and `language` and `translation` stay true. PLANNER=hybrid
  // names the plan's language, and the model writes in it.
  const language = options.language ?? 'en'
  if (rules.response.language !== language) return fallback(`language: ${rules.response.language} plans come from the rules planner`)
  let raw: unknown
  try {
    raw = await withTimeout(
      ai.run(options.model ?? DEFAULT_MODEL, {
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: userPrompt(rules, context, language) },
        ],
        response_format: { type: 'json_schema', json_schema: AI_JSON_SCHEMA },
        max_tokens: 4096,
        temperature: 0,
      }),
      options.timeoutMs ?? TIMEOUT_MS
    )
  } catch (err) {
    return fallback(`model call failed: ${err instanceof Error ? err.message : String(err)}`)
  }
  const parsed = AiPlanSchema.safeParse(extractJson(raw))
  if (!parsed.success) return fallback('model output did not match the schema')
  const merged: DecomposeResponse = {
    ...rules.response,
    first_cycle_actions: parsed.data.first_cycle_actions,
    actions: [...parsed.data.first_cycle_actions, ...parsed.data.later_actions],
    notes: [...rules.response.notes, ...(parsed.data.notes ?? [])],
    planner: 'ai',
  }
  const checked = DecomposeResponseSchema.safeParse(merged)
  if (!checked.success) return fallback('model plan failed the response schema')
  const broken = ruleViolations(checked.data)
  if (broken) return fallback(broken)
  return { plan: checked.data, usedAi: true }
}

/** Workers AI returns `response` as an object in JSON mode (a string on some models), or OpenAI-style choices. */
function extractJson(raw: unknown): unknown {
  const r = raw as { response?: unknown; choices?: Array<{ message?: { content?: unknown } }> } | null
  const candidate = r?.response ?? r?.choices?.[0]?.message?.content ?? raw
  if (typeof candidate !== 'string') return candidate
  try {
    return JSON.parse(candidate)
  } catch {
    return null
  }
}

function ruleViolations(plan: DecomposeResponse): string | null {
  const budget = plan.context_used.minutes_per_day
  const first = plan.first_cycle_actions
  if (first.some((a) => a.minutes > budget)) return 'model plan exceeds the minutes budget'
  const later = plan.actions.slice(14)
  if (later.some((a, i) => a.day <= (i === 0 ? 14 : later[i - 1].day))) return 'later steps are not in day order'
  if (first.some((a) => !/\d/.test(a.description))) return 'a day has no concrete dose'
  if (first.some((a) => a.description.split(/(?<=[.!?])\s{1,3}(?=[A-Z0-9“"])/).length > 3))
    return 'a description is longer than 3 sentences'
  return null
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer))
}

const SYSTEM_PROMPT = `You are an experienced coach writing a two-week first cycle for a person's goal.
Rules:
- first_cycle_actions: exactly 14 items, day 1 to 14 in order, one per day.
- Day 1 is a baseline or set-up step; day 7 is a short review; day 14 is a review and the next step.
- Progress the dose by roughly 10-20% in week two; respect rest days and never exceed the person's minutes per day ("minutes" field).
- Each title at most 60 characters; each description 1 to 3 sentences with a concrete dose or deliverable (a number), phrased as an if-then plan on the person's cue where it fits.
- No two days identical. Respect injuries, health conditions and equipment; be safe and cite no fake facts.
- later_actions: one milestone per later two-week cycle (day 28, 42, ...) ending at the goal.
- Every day is about the goal's own object; write titles, descriptions and notes in the language whose ISO 639-1 code is write_in_language.
Answer with JSON only.`

function userPrompt(rules: RulesPlan, context: string, language: string): string {
  const used = rules.response.context_used
  return JSON.stringify({
    write_in_language: language,
    goal: rules.response.goal,
    context,
    read_as: {
      kind: rules.response.domain,
      level: used.level,
      minutes_per_day: used.minutes_per_day,
      sessions_per_week: used.sessions_per_week,
      cue: used.cue,
      constraints: used.constraints,
      deadline_weeks: used.deadline_weeks,
    },
    safety_notes: rules.response.notes,
    reference_plan: rules.response.actions.map((a) => ({ day: a.day, title: a.title, minutes: a.minutes })),
  })
}
