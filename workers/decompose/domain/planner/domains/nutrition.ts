import { sentences } from '../text'
import type { Context, Domain, DomainInput, Level, Step } from '../types'
import type { Loc } from '../../locale/translate'
import { deadlineNote, midReview, rotate } from './common'

/**
 * Nutrition and body weight.
 *
 * Sources:
 * - NHS Eatwell Guide (Public Health England 2016) and WHO healthy-diet fact sheet: at least
 *   5 portions (400 g) of fruit and vegetables a day, one portion being 80 g (a handful);
 *   free sugars under 10% of energy; 6–8 drinks of fluid a day.
 * - NHS and NICE (CG189, PH53): a safe weight-loss rate is 0.5–1 kg (1–2 lb) a week, from an
 *   energy deficit of about 600 kcal a day.
 * - Self-monitoring (Burke, Wang & Sevick 2011, J Am Diet Assoc systematic review): keeping a
 *   food record is consistently associated with weight loss.
 * - Attentive, slower eating lowers intake (Robinson et al. 2013, Am J Clin Nutr meta-analysis).
 * - UK front-of-pack traffic-light labels (Department of Health/FSA 2013).
 * - With an eating disorder, NICE NG69: no calorie counting or weighing without a clinician.
 */
type Subtype = 'lose' | 'gain' | 'healthier'

function subtype(goal: string): Subtype {
  if (
    /\b(gain|put on|bulk|build)\b.{0,60}\b(weight|kg|kilos?|lbs?|pounds|muscle)|underweight|zunehmen|prendre du poids|ganar peso|subir de peso/.test(
      goal
    )
  )
    return 'gain'
  if (
    /\b(lose|losing|drop|shed|cut)\b|weight ?loss|fat loss|slim|abnehmen|maigrir|perder peso|adelgazar|perdre du poids|perdre \d|perder \d|bajar de peso|gewicht verlieren|痩せ|減量|减肥|减重/.test(
      goal
    )
  )
    return 'lose'
  return 'healthier'
}

/** Kilograms to lose or gain, if the goal gives a number with a unit. */
function amountKg(goal: string): number | null {
  const m = /(\d{1,6}(?:[.,]\d{1,6})?)\s{0,3}(kg|kgs|kilos?|kilograms?|lbs?|pounds|stone|st)\b/.exec(goal)
  if (!m) return null
  const n = Number(m[1].replace(',', '.'))
  const unit = m[2]
  const kg = unit.startsWith('k') ? n : unit.startsWith('st') ? n * 6.35 : n * 0.4536
  return Math.round(kg * 10) / 10
}

// Fruit and vegetable portions a day in week 1; week 2 adds half a portion (+10–17%).
const PORTIONS: Record<Level, number> = { beginner: 3, intermediate: 4, advanced: 5 }

// "3½ portions": the half is written as a character, so no decimal separator is involved.
const portions = (p: number, loc: Loc) => loc.t('nut.portions', { n: `${Math.floor(p)}${p % 1 ? '½' : ''}` }).text

// A task: its id (`nut.t.<id>.title|does` in locale/messages/<lang>.json) and its minutes.
type Task = { id: string; minutes: number }

function tasks(kind: Subtype, budget: number, noWeighing: boolean): Task[] {
  const cook = budget >= 20
  const list: Task[] = [
    { id: 'lunchveg', minutes: 5 },
    { id: 'dinners', minutes: 10 },
    { id: 'list', minutes: Math.min(budget, 20) },
    { id: 'drink', minutes: 2 },
    { id: 'protein', minutes: 10 },
    cook ? { id: 'twice', minutes: Math.min(budget, 30) } : { id: 'nocook', minutes: Math.min(budget, 10) },
    { id: 'slow', minutes: 2 },
    { id: 'labels', minutes: 10 },
    { id: 'snacks', minutes: 10 },
    { id: 'water', minutes: 2 },
    { id: 'nextweek', minutes: 10 },
  ]
  if (kind === 'gain') list[3] = { id: 'extrasnack', minutes: 5 }
  if (kind === 'lose' && !noWeighing) list[9] = { id: 'plate', minutes: 2 }
  return list
}

export const nutrition: Domain = {
  kind: 'nutrition',
  // Every sentence is a message of locale/messages/<lang>.json (`nut.*`).
  langs: ['en', 'fr', 'es', 'de'],
  defaults: { minutesPerDay: 15, daysPerWeek: 7, anchor: 'evening' },
  maxSessionsPerWeek: () => 7,
  retestOnDay14: false,
  plan(input: DomainInput) {
    const { ctx, cue, shape, goal, loc } = input
    const t = (id: string, params?: Record<string, string | number>) => loc.t(id, params).text
    const kind = subtype(goal.lower)
    const noWeighing = ctx.conditions.includes('eating-disorder')
    const budget = ctx.minutesPerDay
    const p1 = PORTIONS[ctx.level]
    const p2 = p1 + 0.5
    const list = tasks(kind, budget, noWeighing)
    const sessions: Step[] = Array.from({ length: shape.week1 + shape.week2 }, (_, i) => {
      const p = i < shape.week1 ? p1 : p2
      const task = rotate(list, i)
      return {
        title: t('nut.session.title', { n: i + 1, title: t(`nut.t.${task.id}.title`) }),
        description: sentences(t(`nut.t.${task.id}.does`, { cue, portions: portions(p, loc) }), t('nut.diary')),
        minutes: Math.min(budget, task.minutes + 2),
        load: p,
      }
    })
    const kg = amountKg(goal.lower)
    const milestones = nutritionMilestones(kind, ctx, kg, noWeighing, loc)
    const notes = nutritionNotes(kind, ctx, kg, noWeighing, loc)
    const note = deadlineNote(
      ctx,
      milestones,
      kg ? t(`nut.goal.kg.${kind === 'gain' ? 'gain' : 'lose'}`, { kg }) : t('nut.goal.other'),
      loc
    )
    if (note && !(kg && kind === 'lose' && ctx.deadlineWeeks !== null)) notes.push(note)
    const measure = t(noWeighing ? 'nut.measure.noweigh' : kind === 'healthier' ? 'nut.measure.healthier' : 'nut.measure.weigh')
    return {
      baseline: {
        title: t('nut.baseline.title'),
        description: sentences(
          t('nut.baseline.morning', { measure }),
          t('nut.baseline.diary', { duration: loc.duration(Math.min(budget, 10)) })
        ),
        minutes: Math.min(budget, 10),
        load: 0,
      },
      sessions,
      recovery: [],
      midReview: midReview(input, t('nut.mid.what'), t('nut.mid.metric', { portions: portions(p1, loc) })),
      finalReview: {
        title: t('nut.final.title'),
        description: sentences(
          t(noWeighing ? 'nut.final.noweigh' : kind === 'healthier' ? 'nut.final.healthier' : 'nut.final.weigh'),
          t('nut.final.choose')
        ),
        minutes: Math.min(budget, 15),
        load: 0,
      },
      milestones,
      notes,
    }
  },
}

function nutritionMilestones(kind: Subtype, ctx: Context, kg: number | null, noWeighing: boolean, loc: Loc): Step[] {
  const t = (id: string, params?: Record<string, string | number>) => loc.t(id, params).text
  const m = Math.min(ctx.minutesPerDay, 15)
  const step = (title: string, text: string, params?: Record<string, string | number>): Step => ({
    title: t(title, params),
    description: t(text, params),
    minutes: m,
    load: 5,
  })
  const steps: Step[] = [
    step('nut.ms.five.title', 'nut.ms.five.text'),
    step('nut.ms.cook.title', 'nut.ms.cook.text'),
    step('nut.ms.sugar.title', 'nut.ms.sugar.text'),
  ]
  if (kind === 'lose' && !noWeighing) {
    // NHS: 0.5–1 kg a week; plan on the lower end so the plan survives holidays and bad weeks.
    // Step k (0-based) is due on day 14 × (k + 2), that is after 2(k + 2) weeks: about k + 2 kg.
    const target = kg ?? 5
    for (let k = steps.length; k < 14 && k + 2 < target; k++) steps.push(step('nut.ms.check.title', 'nut.ms.check.text', { n: k + 2 }))
    steps.push(kg ? step('nut.ms.lost.kg.title', 'nut.ms.lost.text', { kg }) : step('nut.ms.lost.title', 'nut.ms.lost.text'))
  } else if (kind === 'gain' && !noWeighing) {
    steps.push(kg ? step('nut.ms.gained.kg.title', 'nut.ms.gained.text', { kg }) : step('nut.ms.gained.title', 'nut.ms.gained.text'))
  } else {
    steps.push(step('nut.ms.hold.title', 'nut.ms.hold.text'))
  }
  return steps
}

function nutritionNotes(kind: Subtype, ctx: Context, kg: number | null, noWeighing: boolean, loc: Loc): string[] {
  const out: string[] = []
  if (noWeighing) out.push(loc.t('nut.note.ed').text)
  if (ctx.conditions.includes('pregnancy')) out.push(loc.t('nut.note.pregnancy').text)
  if (ctx.conditions.includes('diabetes')) out.push(loc.t('nut.note.diabetes').text)
  if (kind === 'lose' && kg && ctx.deadlineWeeks !== null && kg / ctx.deadlineWeeks > 1) {
    const weeks = loc.t(ctx.deadlineWeeks === 1 ? 'unit.week.one' : 'unit.week.other', { n: ctx.deadlineWeeks }).text
    out.push(loc.t('nut.note.fast', { kg, weeks, aim: Math.round(ctx.deadlineWeeks * 0.75 * 10) / 10 }).text)
  }
  return out
}
