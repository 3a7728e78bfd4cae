import { z } from '@hono/zod-openapi'

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
        description:
          'Free-text background: level, minutes per day, days per week, constraints such as an injury, a deadline or equipment.',
        example: 'Beginner, 30 minutes a day, 3 days a week, mornings, sore left knee',
      }),
  })
  .openapi('DecomposeRequest')

export const ActionSchema = z
  .object({
    day: z.number().int().min(1).openapi({
      description:
        'Plan day: 1–14 in the first cycle; for later steps, the day by which the step should be reached (28, 42, ...).',
    }),
    title: z.string().min(1).max(60).openapi({ description: 'Short imperative title, at most 60 characters.' }),
    description: z
      .string()
      .min(1)
      .max(600)
      .openapi({ description: 'One to three sentences with the dose or deliverable, often phrased as an if-then plan.' }),
    minutes: z
      .number()
      .int()
      .min(0)
      .max(240)
      .openapi({ description: 'Time the action takes on its day (for later steps: per session).' }),
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
  })
  .openapi('ContextUsed')

export const DecomposeResponseSchema = z
  .object({
    goal: z.string().openapi({ description: 'The goal of the request, trimmed.' }),
    cycle_length_days: z.literal(14),
    first_cycle_actions: FirstCycleSchema.openapi({ description: 'Exactly 14 actions, one per day, days 1–14.' }),
    actions: z
      .array(ActionSchema)
      .min(14)
      .openapi({ description: 'The whole ordered plan: the first cycle, then one step per later cycle up to the goal.' }),
    domain: z.enum(GOAL_KINDS).openapi({ description: 'The kind of goal the planner recognised.' }),
    context_used: ContextUsedSchema,
    notes: z.array(z.string()).openapi({ description: 'Safety notes and how the context was read.' }),
    planner: z.enum(['rules', 'ai']).openapi({ description: 'rules: deterministic planner; ai: model output that passed validation.' }),
  })
  .openapi('DecomposeResponse')

export type DecomposeRequest = z.infer<typeof DecomposeRequestSchema>
export type DecomposeResponse = z.infer<typeof DecomposeResponseSchema>
export type Action = z.infer<typeof ActionSchema>
