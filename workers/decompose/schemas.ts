import { z } from '@hono/zod-openapi'

/** Optional structured context (issue 18 §3): each field overrides what the free text says. */
export const ProfileSchema = z
  .object({
    level: z.enum(['beginner', 'intermediate', 'advanced']).optional(),
    minutes_per_day: z.number().int().min(5).max(180).optional(),
    days_per_week: z.number().int().min(1).max(7).optional(),
    deadline: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'deadline must be a date, YYYY-MM-DD.' })
      .optional()
      .openapi({ description: 'Date of the event or deadline; kept as written (the plan does not depend on today).' }),
    constraints: z
      .array(z.string().trim().min(1).max(100))
      .max(10)
      .optional()
      .openapi({ description: 'Injuries, health conditions, equipment, preferences; read (and safety-screened) like the context.' }),
    locale: z
      .string()
      .regex(/^[A-Za-z]{2}(?:[-_][A-Za-z]{2})?$/, { error: 'locale must look like "fr" or "fr-FR".' })
      .optional()
      .openapi({
        description:
          'Language and region, e.g. "fr-FR": the language of the plan (else detected from the text) and the region of the safety object’s help lines.',
      }),
  })
  .openapi('Profile')

/** DECISIONS.md "B": goal 3–500 characters after trimming, context optional up to 2000. */
export const DecomposeRequestSchema = z
  .object({
    goal: z
      .string({ error: 'goal is required and must be a string.' })
      .trim()
      .min(3, { error: 'goal must be at least 3 characters after trimming.' })
      .max(500, { error: 'goal must be at most 500 characters.' })
      .openapi({ description: 'The goal to decompose, in the person’s own words.', example: 'Run my first 5K' }),
    context: z
      .string({ error: 'context must be a string.' })
      .trim()
      .max(2000, { error: 'context must be at most 2000 characters.' })
      .nullish()
      .transform((v) => v ?? '')
      .openapi({
        description: 'Free-text background: level, minutes per day, days per week, constraints such as an injury, a deadline or equipment.',
        example: 'Beginner, 30 minutes a day, 3 days a week, mornings, sore left knee',
      }),
    profile: ProfileSchema.optional(),
    retention_days: z
      .number({ error: 'retention_days must be a whole number of days from 1 to 90.' })
      .int({ error: 'retention_days must be a whole number of days from 1 to 90.' })
      .min(1, { error: 'retention_days must be a whole number of days from 1 to 90.' })
      .max(90, { error: 'retention_days must be at most 90: plans are never kept longer.' })
      .optional()
      .openapi({
        description:
          'Days the plan, its goal, context and check-in notes are kept after the last activity (this request or a check-in): 90 unless you send less. Deleted by a daily job afterwards; DELETE /api/v1/decompose/{plan_id} deletes it at once.',
        example: 30,
      }),
  })
  .openapi('DecomposeRequest')

export const ActionSchema = z
  .object({
    day: z.number().int().min(1).openapi({
      description: 'Plan day: 1–14 in the first cycle; for later steps, the day by which the step should be reached (28, 42, ...).',
    }),
    title: z.string().min(1).max(60).openapi({ description: 'Short imperative title, at most 60 characters.' }),
    description: z
      .string()
      .min(1)
      .max(600)
      .openapi({ description: 'One to three sentences with the dose or deliverable, often phrased as an if-then plan.' }),
    minutes: z.number().int().min(0).max(240).openapi({ description: 'Time the action takes on its day (for later steps: per session).' }),
  })
  .openapi('Action')

export const GOAL_KINDS = [
  'running',
  'strength',
  'nutrition',
  'sleep',
  'language',
  'study',
  'career',
  'finance',
  'writing',
  'mindfulness',
  'productivity',
  'general',
] as const

/** Kinds of the data-driven archetypes (planner/archetypes/archetypes.json). */
export const ARCHETYPE_KINDS = [
  'people',
  'hr',
  'creative',
  'event',
  'home',
  'parenting',
  'relationships',
  'quit',
  'health',
  'skill',
  'community',
  'multisport',
] as const

const FirstCycleSchema = z
  .array(ActionSchema)
  .length(14)
  .refine((days) => days.every((a, i) => a.day === i + 1), { error: 'first_cycle_actions must be days 1 to 14 in order.' })
  .refine((days) => new Set(days.map((a) => `${a.title}\n${a.description}`)).size === days.length, {
    error: 'No two days may be identical.',
  })

export const ContextUsedSchema = z
  .object({
    level: z.enum(['beginner', 'intermediate', 'advanced']),
    minutes_per_day: z.number().int().openapi({ description: 'Daily time budget every first-cycle action fits in.' }),
    days_per_week: z.number().int().min(1).max(7),
    sessions_per_week: z
      .number()
      .int()
      .min(1)
      .max(7)
      .openapi({ description: 'Full sessions per week; the other days get light tasks or rest.' }),
    cue: z.string().openapi({ description: 'The existing routine the actions are anchored to.' }),
    constraints: z.array(z.string()).openapi({ description: 'Injuries, health conditions and equipment read from the context.' }),
    deadline_weeks: z.number().int().nullable(),
    deadline_text: z.string().nullable().openapi({ description: 'A deadline given as a date, kept as written.' }),
    assumed: z
      .array(z.enum(['level', 'minutes_per_day', 'days_per_week', 'cue']))
      .openapi({ description: 'Fields the context did not state, so defaults were used.' }),
    facts: z
      .array(
        z
          .object({
            field: z.string().openapi({
              description:
                'What was read: minutes_per_day, sessions_per_day, days_per_week, deadline_weeks, deadline, level, injury (false when negated: "no injury"), a quantity with its unit (pages, words, kg, lb, km, miles, books), or a money figure (balance, rate_percent, payment_per_month, extra_per_month, employer_match).',
            }),
            value: z.union([z.string(), z.number(), z.boolean()]),
            text: z.string().openapi({ description: 'The words of the goal or context the value was read from, to show back.' }),
          })
          .openapi('ContextFact')
      )
      .optional()
      .openapi({ description: 'Each value understood, with the words it came from ("35 min on weekdays", "race on 14 June").' }),
  })
  .openapi('ContextUsed')

export const SafetySchema = z
  .object({
    level: z.enum(['none', 'caution', 'refuse', 'crisis']).openapi({
      description:
        'none: plan as asked; caution: the plan puts a professional first and keeps doses conservative (or replaces a goal unsafe for this person); refuse: the goal would harm another person, so no plan toward it, a plan for the constructive goal underneath (facts, HR or mediation, a direct conversation, a career conversation); crisis: no plan toward the goal, a plan to reach help and stay safe.',
    }),
    categories: z
      .array(
        z.enum([
          'self-harm',
          'harm-to-others',
          'eating-disorder',
          'minor-weight',
          'minor-substances',
          'medication-restriction',
          'medical',
          'injury',
          'dangerous-activity',
        ])
      )
      .openapi({ description: 'What the screen found.' }),
    message: z.string().nullable().openapi({ description: 'A sentence to show the person first, in the plan language.' }),
    resources: z
      .array(
        z.object({
          region: z.string().openapi({ description: 'ISO country code, or INTL.' }),
          name: z.string(),
          contact: z.string(),
          url: z.string().nullable(),
          hours: z.string(),
        })
      )
      .openapi({ description: 'Help lines for the request’s locale, then an international directory; empty when level is none.' }),
  })
  .openapi('Safety')

export const DecomposeResponseSchema = z
  .object({
    goal: z.string().openapi({ description: 'The goal of the request, trimmed.' }),
    cycle_length_days: z.literal(14),
    first_cycle_actions: FirstCycleSchema.openapi({ description: 'Exactly 14 actions, one per day, days 1–14.' }),
    actions: z
      .array(ActionSchema)
      .min(14)
      .openapi({ description: 'The whole ordered plan: the first cycle, then one step per later cycle up to the goal.' }),
    domain: z
      .enum([...GOAL_KINDS, ...ARCHETYPE_KINDS, 'support'])
      .openapi({ description: 'The kind of goal the planner recognised; support when the safety screen replaced the goal’s plan.' }),
    archetype: z.string().nullable().openapi({
      description: 'The goal archetype (workers/decompose/domain/planner/archetypes/archetypes.json) the plan was built from, or null.',
    }),
    coverage: z.enum(['archetype', 'domain', 'general']).openapi({
      description:
        'How the plan was made: archetype (a goal archetype matched with confidence), domain (a domain module matched with confidence) or general (the general planner, built from the goal’s own object and verb; also a plan that replaced an unsafe goal). A match is trusted when it covers at least half of the goal’s object words (docs/decompose.md).',
    }),
    context_used: ContextUsedSchema,
    notes: z.array(z.string()).openapi({ description: 'Safety notes and how the context was read.' }),
    planner: z.enum(['rules', 'ai']).openapi({
      description:
        'rules: deterministic planner; ai: model output that passed validation (PLANNER=ai, or PLANNER=hybrid for a goal routed with coverage general).',
    }),
    language: z
      .enum(['en', 'fr', 'es', 'de'])
      .openapi({ description: 'Language of the plan: the request’s (profile.locale, or detected from goal and context).' }),
    translation: z
      .object({
        complete: z.boolean().openapi({ description: 'true when every action and note is written in `language`.' }),
        missing: z.number().int().min(0).openapi({
          description:
            'How many user-visible strings (action titles, action descriptions, notes) have no translation yet and are in English.',
        }),
        requested: z.enum(['it', 'pt']).optional().openapi({
          description:
            'Present when the request was in (or profile.locale asked for) a language the planner does not write yet: the plan is in English, `complete` is false and every string counts as missing.',
        }),
      })
      .openapi({ description: 'Whether the plan is fully in `language`; untranslated strings fall back to English, never silently.' }),
    safety: SafetySchema,
  })
  .openapi('DecomposeResponse')

export type DecomposeRequest = z.infer<typeof DecomposeRequestSchema>
export type DecomposeResponse = z.infer<typeof DecomposeResponseSchema>
export type Action = z.infer<typeof ActionSchema>
export type Profile = z.infer<typeof ProfileSchema>
export type Safety = z.infer<typeof SafetySchema>

/** The API's answer: the plan plus its id (deterministic per key's account and request). */
export const DecomposeApiResponseSchema = DecomposeResponseSchema.extend({
  plan_id: z
    .string()
    .openapi({ description: 'Id of this plan for POST /api/v1/decompose/{plan_id}/cycles; only the account that made it can use it.' }),
}).openapi('DecomposeApiResponse')

const Difficulty = z.number().int().min(1).max(5)

/** A check-in that closes one cycle (issue 18 §4). */
export const CheckInSchema = z
  .object({
    cycle: z.number().int().min(1).max(52).openapi({ description: 'The cycle this check-in closes: 1 for the first 14 days, then 2, 3 …' }),
    completed: z
      .array(z.number().int().min(1).max(14))
      .max(14)
      .openapi({ description: 'Days of that cycle (1–14) whose action was done.' }),
    difficulty: z
      .union([Difficulty, z.array(Difficulty).min(1).max(14)])
      .openapi({ description: 'How hard it felt, 1 (very easy) to 5 (very hard): overall, or one number per day.' }),
    notes: z.string().max(1000).optional().openapi({
      description:
        'Free text, safety-screened like the goal: a crisis gives the support cycle whatever the figures say; pain or an injury eases the next cycle, illness or a warning sign (fever, flu, dizziness) pauses it, both with a professional first. Kept until the plan is deleted (see retention).',
    }),
  })
  .openapi('CheckIn')

export const CycleResponseSchema = z
  .object({
    plan_id: z.string(),
    cycle: z.number().int().min(2).openapi({ description: 'Number of the cycle returned.' }),
    adaptation: z.enum(['progress', 'repeat', 'ease', 'pause']).openapi({
      description:
        'progress: next level or more time; repeat: same level; ease: lower level and less time (also when the notes report pain or an injury); pause: the notes report illness, a warning sign or a crisis, so the cycle is rest and a professional first (or the support plan), never progress.',
    }),
    reason: z.string(),
    cycle_length_days: z.literal(14),
    actions: FirstCycleSchema.openapi({ description: 'The 14 actions of the new cycle, days 1–14.' }),
    context_used: z.object({ level: z.enum(['beginner', 'intermediate', 'advanced']), minutes_per_day: z.number().int() }),
    safety: SafetySchema,
  })
  .openapi('Cycle')

export type CheckIn = z.infer<typeof CheckInSchema>

/** GET /api/v1/decompose/{plan_id} (issue 31 §3): the owner's plan, check-ins and cycles. */
export const PlanHistorySchema = z
  .object({
    plan_id: z.string(),
    request: z
      .object({ goal: z.string(), context: z.string(), profile: ProfileSchema })
      .openapi({ description: 'The request the plan was made from.' }),
    plan: DecomposeResponseSchema,
    checkins: z.array(CheckInSchema).openapi({ description: 'Check-ins in cycle order.' }),
    cycles: z
      .array(CycleResponseSchema.omit({ plan_id: true, cycle_length_days: true, safety: true }))
      .openapi({ description: 'The cycle each check-in led to (cycle 2 after the first check-in, …).' }),
  })
  .openapi('PlanHistory')
export type PlanHistory = z.infer<typeof PlanHistorySchema>
