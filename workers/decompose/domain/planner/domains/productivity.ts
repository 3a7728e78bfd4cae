import { minutesLong, ramp, sentences, shorten } from '../text'
import type { Context, Domain, DomainInput, Level, Step } from '../types'
import type { Loc } from '../../locale/translate'
import { type Focus, midReview, practiceSessions } from './common'

/**
 * Productivity, focus and habits.
 *
 * Sources:
 * - Implementation intentions (Gollwitzer & Sheeran 2006) and habit stacking on an existing
 *   routine; Tiny Habits (Fogg 2019): start small enough to do on a bad day.
 * - Lally et al. 2010 (European Journal of Social Psychology): habits took a median of 66 days
 *   to become automatic, and missing a single day did not derail them, so 14 days is a first
 *   cycle and a miss is followed by "never twice".
 * - Pomodoro technique (Cirillo): timed single-task blocks; Allen 2001 (Getting Things Done):
 *   the weekly review.
 * - Procrastination as mood repair (Sirois & Pychyl 2013): starting with a 5-minute first step
 *   lowers the aversion that drives delay.
 * - Limiting social media to about 30 minutes a day reduced loneliness and depression over 3
 *   weeks (Hunt et al. 2018, Journal of Social and Clinical Psychology).
 */
type Subtype = 'focus' | 'habit' | 'screen' | 'organise'

function subtype(goal: string): Subtype {
  if (
    /screen ?time|phone|social media|instagram|tiktok|scroll|doomscroll|youtube|netflix|gaming|écran|ecran|téléphone|pantalla|móvil|movil|redes sociales|bildschirm|handyzeit|am handy|das handy|mein handy|weniger handy/.test(
      goal
    )
  )
    return 'screen'
  if (
    /declutter|tidy|organi[sz]e (?:my )?(?:home|house|flat|apartment|room|desk|files|inbox)|inbox|clutter|clean|désencombrer|desencombrer|ranger|ordenar|aufräumen|ausmisten|entrümpeln/.test(
      goal
    )
  )
    return 'organise'
  if (
    /procrastin|focus|productiv|produktiv|deep work|concentrat|concentr|konzentr|aufschieb|distract|get more done|time management|deadlines|prioriti/.test(
      goal
    )
  )
    return 'focus'
  return 'habit'
}

const DOSE: Record<Subtype, Record<Level, number>> = {
  focus: { beginner: 15, intermediate: 25, advanced: 45 },
  habit: { beginner: 5, intermediate: 10, advanced: 15 },
  screen: { beginner: 30, intermediate: 60, advanced: 120 },
  organise: { beginner: 10, intermediate: 15, advanced: 25 },
}

/** The habit in the person's own words ("read 20 pages a day" -> "read"). */
function habitOf(goal: string): string {
  const m = /\b(read|journal|floss|stretch|practi[cs]e|exercise|walk|write|study|pray|meditate|plan|drink water|cook)\w{0,24}/i.exec(goal)
  if (m) return m[1].toLowerCase()
  return shorten(
    goal.replace(/^(?:build|start|create|form|develop|get into)\s{1,3}(?:a|the)?\s{0,3}(?:habit of|routine of)?\s{0,3}/i, ''),
    28
  )
}

// Focus ids per kind (`prod.f.<id>.title|does|then` in locale/messages/<lang>.json), in turn.
// Screen steps carry their own time of day ("now, …", "tonight, …"), so no cue goes before them.
const FOCUSES: Record<Subtype, string[]> = {
  focus: ['block', 'top3', 'avoided', 'batch', 'hardest', 'calendar'],
  screen: ['notif', 'home', 'meals', 'limit', 'charge', 'replace'],
  organise: ['surface', 'drawer', 'homes', 'inbox', 'donation', 'reset'],
  habit: ['tiny', 'obvious', 'celebrate', 'obstacle', 'twice', 'treat'],
}
const WITH_THEN = new Set(['block', 'tiny'])

function focuses(kind: Subtype, habit: string, loc: Loc): Focus[] {
  return FOCUSES[kind].map((id) => ({
    title: loc.t(`prod.f.${id}.title`, { habit }).text,
    does: (m: number) => loc.t(`prod.f.${id}.does`, { habit, duration: loc.duration(m), duration_adj: minutesLong(m) }).text,
    then: WITH_THEN.has(id) ? loc.t(`prod.f.${id}.then`).text : undefined,
    ownCue: kind === 'screen',
  }))
}

export const productivity: Domain = {
  kind: 'productivity',
  // Every sentence is a message of locale/messages/<lang>.json (`prod.*`).
  langs: ['en', 'fr', 'es', 'de'],
  defaults: { minutesPerDay: 30, daysPerWeek: 5, anchor: 'morning' },
  maxSessionsPerWeek: () => 7,
  retestOnDay14: false,
  plan(input: DomainInput) {
    const { ctx, goal, loc } = input
    const t = (id: string, params?: Record<string, string | number>) => loc.t(id, params).text
    const kind = subtype(goal.lower)
    const habit = habitOf(goal.text)
    const budget = ctx.minutesPerDay
    // Screen goals measure phone-free minutes (not time spent on the plan), so they are not capped by the budget.
    const capped = kind !== 'screen'
    const share = { beginner: 0.6, intermediate: 0.8, advanced: 1 }[ctx.level]
    const d1 = capped ? Math.max(2, Math.min(DOSE[kind][ctx.level], Math.floor(((budget - 2) * share) / 1.15))) : DOSE[kind][ctx.level]
    const d2 = capped ? Math.min(budget - 2, ramp(d1)) : ramp(d1)
    const sessions = practiceSessions(input, {
      prefix: t(kind === 'habit' ? 'prod.prefix.habit' : 'prod.prefix.step'),
      dose1: d1,
      dose2: d2,
      minutes: (m) => (capped ? m + 2 : Math.min(budget, 5)),
      unit: (m) => t(kind === 'screen' ? 'prod.unit.screen' : 'prod.unit', { n: m }),
      shortUnit: (m) => t('prod.unit', { n: m }),
      focuses: focuses(kind, habit, loc),
    })
    const baselineText: Record<Subtype, string> = {
      focus: sentences(t('prod.base.focus.a'), t('prod.base.focus.b', { duration: loc.duration(Math.min(budget, 10)) })),
      screen: sentences(t('prod.base.screen.a'), t('prod.base.screen.b')),
      organise: sentences(t('prod.base.organise.a', { duration: loc.duration(Math.min(budget, 15)) }), t('prod.base.organise.b')),
      habit: sentences(
        t('prod.base.habit.a', { habit, dose: loc.duration(d1) }),
        t('prod.base.habit.b', { duration: loc.duration(Math.min(budget, d1 + 5)) })
      ),
    }
    const baseline: Step = {
      title: t(`prod.base.${kind}.title`),
      description: baselineText[kind],
      minutes: Math.min(budget, kind === 'habit' ? d1 + 5 : kind === 'organise' ? 15 : 10),
      load: 0,
    }
    return {
      baseline,
      sessions,
      recovery: [
        {
          title: t('prod.rec.tiny.title'),
          description: t('prod.rec.tiny.text', { what: kind === 'habit' ? habit : t('prod.rec.tiny.what') }),
          minutes: 2,
          load: 0,
        },
        {
          title: t('prod.rec.review.title'),
          description: t('prod.rec.review.text', { duration: loc.duration(Math.min(budget, 15)) }),
          minutes: Math.min(budget, 15),
          load: 0,
        },
      ],
      midReview: midReview(input, t('prod.mid.what'), t(kind === 'screen' ? 'prod.mid.metric.screen' : 'prod.mid.metric.other')),
      finalReview: {
        title: t('prod.final.title'),
        description: sentences(
          t('prod.final.repeat', { duration: loc.duration(Math.min(budget, 15)) }),
          kind === 'screen'
            ? t('prod.final.screen', { n: ramp(d2) })
            : t('prod.final.other', { n: capped ? Math.min(budget - 2, ramp(d2)) : ramp(d2) })
        ),
        minutes: Math.min(budget, 15),
        load: 0,
      },
      milestones: milestones(kind, habit, ctx, d2, capped, loc),
      notes: ctx.conditions.includes('depression') ? [t('prod.note.mood')] : [],
    }
  },
}

function milestones(kind: Subtype, habit: string, ctx: Context, d2: number, capped: boolean, loc: Loc): Step[] {
  const t = (id: string, params?: Record<string, string | number>) => loc.t(id, params).text
  const m = Math.min(ctx.minutesPerDay, 20)
  const next = (n: number) =>
    capped ? Math.min(ctx.minutesPerDay - 2, Math.max(n + 1, Math.round(n * 1.15))) : Math.max(n + 1, Math.round(n * 1.15))
  const a = next(d2)
  const b = next(a)
  return [
    {
      title: t('prod.ms.grow.title', { n: a }),
      description: t(kind === 'screen' ? 'prod.ms.grow.text.screen' : 'prod.ms.grow.text', { n: a }),
      minutes: m,
      load: a,
    },
    { title: t('prod.ms.grow.title', { n: b }), description: t('prod.ms.grow2.text', { n: b }), minutes: m, load: b },
    { title: t('prod.ms.bad.title'), description: t('prod.ms.bad.text'), minutes: m, load: b },
    { title: t(`prod.ms.goal.${kind}.title`, { habit }), description: t('prod.ms.goal.text'), minutes: m, load: b },
  ]
}
