import { duration, plural, sentences } from '../text'
import type { Context, Domain, DomainInput, Level, Step } from '../types'
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
  if (/\b(gain|put on|bulk|build)\b.{0,60}\b(weight|kg|kilos?|lbs?|pounds|muscle)|underweight|zunehmen|prendre du poids/.test(goal)) return 'gain'
  if (/\b(lose|losing|drop|shed|cut)\b|weight ?loss|fat loss|slim|abnehmen|maigrir|perder peso|adelgazar|痩せ|減量|减肥|减重/.test(goal)) return 'lose'
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

const portions = (p: number) => `${Math.floor(p)}${p % 1 ? '½' : ''} portions`

type Task = { title: string; minutes: number; does: (p: number, cue: string) => string }

function tasks(kind: Subtype, budget: number, noWeighing: boolean): Task[] {
  const cook = budget >= 20
  const list: Task[] = [
    { title: 'vegetables at lunch', minutes: 5, does: (p) => `When you make or buy lunch, add a handful of vegetables or salad, on the way to ${portions(p)} of fruit and vegetables today.` },
    { title: 'plan 3 dinners', minutes: 10, does: (p, cue) => `${cue}, write down 3 dinners for the next days with half the plate vegetables, a quarter protein and a quarter wholegrain, and count how they get you to ${portions(p)} a day.` },
    { title: 'shop from a list', minutes: Math.min(budget, 20), does: (p) => `On your next shopping trip, buy only from a list built from your 3 dinners, with enough fruit and vegetables for ${portions(p)} a day.` },
    { title: 'swap a sugary drink', minutes: 2, does: (p) => `When you reach for a sugary drink or juice, have water, sparkling water or unsweetened tea, and still reach ${portions(p)} of fruit and vegetables.` },
    { title: 'protein at breakfast', minutes: 10, does: (p) => `At breakfast, have 20–30 g of protein (2 eggs, a bowl of Greek yoghurt or beans on toast) and add 1 portion of fruit toward ${portions(p)} today.` },
    cook
      ? { title: 'cook once, eat twice', minutes: Math.min(budget, 30), does: (p) => `When you cook dinner, make a double portion and box half for tomorrow’s lunch, with at least 2 of today’s ${portions(p)} in it.` }
      : { title: 'a no-cook lunch', minutes: Math.min(budget, 10), does: (p, cue) => `${cue}, assemble tomorrow’s lunch (wholegrain wrap, beans or tuna, salad), with 2 of tomorrow’s ${portions(p)} in it.` },
    { title: 'eat slowly', minutes: 2, does: (p) => `At dinner, eat at the table without a screen, putting your cutlery down between bites, and get ${portions(p)} of fruit and vegetables in today.` },
    { title: 'read 2 labels', minutes: 10, does: (p) => `When you next shop, compare 2 foods you buy often by their traffic-light labels and pick the one with more green and fewer red; keep to ${portions(p)} of fruit and vegetables.` },
    { title: 'plan your snacks', minutes: 10, does: (p, cue) => `${cue}, prepare 2 snacks for tomorrow (a piece of fruit, 30 g of nuts or a yoghurt) so hunger meets a plan, and reach ${portions(p)} today.` },
    { title: 'drinks check', minutes: 2, does: (p) => `Drink a glass of water with every meal and 1 between, 6–8 in all, and reach ${portions(p)} of fruit and vegetables.` },
    { title: 'plan next week', minutes: 10, does: (p, cue) => `${cue}, plan next week’s 3 dinners and 1 shopping trip so the ${portions(p)} a day carries on.` },
  ]
  if (kind === 'gain') {
    list[3] = { title: 'an extra snack', minutes: 5, does: (p) => `Mid-morning and mid-afternoon, add 1 energy-dense snack (a glass of milk with a banana, or toast with peanut butter) and reach ${portions(p)} of fruit and vegetables.` }
  }
  if (kind === 'lose' && !noWeighing) {
    list[9] = { title: 'smaller plate, same veg', minutes: 2, does: (p) => `At dinner, use a smaller plate, filling half with vegetables first, and reach ${portions(p)} today.` }
  }
  return list
}

export const nutrition: Domain = {
  kind: 'nutrition',
  defaults: { minutesPerDay: 15, daysPerWeek: 7, anchor: 'evening' },
  maxSessionsPerWeek: () => 7,
  retestOnDay14: false,
  plan(input: DomainInput) {
    const { ctx, cue, shape, goal } = input
    const kind = subtype(goal.lower)
    const noWeighing = ctx.conditions.includes('eating-disorder')
    const budget = ctx.minutesPerDay
    const p1 = PORTIONS[ctx.level]
    const p2 = p1 + 0.5
    const list = tasks(kind, budget, noWeighing)
    const sessions: Step[] = Array.from({ length: shape.week1 + shape.week2 }, (_, i) => {
      const p = i < shape.week1 ? p1 : p2
      const t = rotate(list, i)
      return {
        title: `Day task ${i + 1}: ${t.title}`,
        description: sentences(t.does(p, cue), 'Note it in your food diary.'),
        minutes: Math.min(budget, t.minutes + 2),
        load: p,
      }
    })
    const kg = amountKg(goal.lower)
    const milestones = nutritionMilestones(kind, ctx, kg, noWeighing)
    const notes = nutritionNotes(kind, ctx, kg, noWeighing)
    const note = deadlineNote(ctx, milestones, kg ? `${kind === 'gain' ? 'gaining' : 'losing'} ${kg} kg` : 'your eating goal')
    if (note && !(kg && kind === 'lose' && ctx.deadlineWeeks !== null)) notes.push(note)
    const measure = noWeighing
      ? 'note your meals and your hunger before each (1–10); no weighing or calorie counting'
      : kind === 'healthier'
        ? 'count your fruit and vegetable portions for the day'
        : 'weigh yourself after the toilet and before breakfast, and measure your waist at the navel'
    return {
      baseline: {
        title: 'Day 1: start a food diary',
        description: sentences(
          `In the morning, ${measure}.`,
          `Then write down everything you eat and drink today with the time, about ${duration(Math.min(budget, 10))} in all; the diary is the single habit most linked to success.`
        ),
        minutes: Math.min(budget, 10),
        load: 0,
      },
      sessions,
      recovery: [],
      midReview: midReview(input, 'daily tasks', `note on how many days you reached ${portions(p1)} of fruit and vegetables`),
      finalReview: {
        title: 'Day 14: measure again and pick 3 habits',
        description: sentences(
          noWeighing ? 'Re-read your diary and note which meals felt regular and calm.' : kind === 'healthier' ? 'Count your portions today and compare with day 1.' : 'Repeat day 1’s weigh-in and waist measure and compare.',
          'Choose the 3 tasks that were easiest to keep and make them fixed for the next cycle, adding 1 new one.'
        ),
        minutes: Math.min(budget, 15),
        load: 0,
      },
      milestones,
      notes,
    }
  },
}

function nutritionMilestones(kind: Subtype, ctx: Context, kg: number | null, noWeighing: boolean): Step[] {
  const m = Math.min(ctx.minutesPerDay, 15)
  const steps: Step[] = [
    { title: '5 a day on 5 days a week', description: 'Reach 5 portions (400 g) of fruit and vegetables on at least 5 days each week, the WHO and NHS minimum.', minutes: m, load: 5 },
    { title: 'Cook at home 4 nights a week', description: 'Plan and cook 4 dinners a week from a list, using the half-vegetables plate, and batch-cook at least once.', minutes: m, load: 5 },
    { title: 'Sugary drinks down to 1 a week', description: 'Keep sugary drinks and juice to 1 a week at most and water with every meal.', minutes: m, load: 5 },
  ]
  if (kind === 'lose' && !noWeighing) {
    // NHS: 0.5–1 kg a week; plan on the lower end so the plan survives holidays and bad weeks.
    // Step k (0-based) is due on day 14 × (k + 2), that is after 2(k + 2) weeks: about k + 2 kg.
    const target = kg ?? 5
    for (let k = steps.length; k < 14 && k + 2 < target; k++) {
      steps.push({
        title: `Check-in: about ${k + 2} kg down`,
        description: `Weigh once a week on the same morning; at about 0.5 kg a week you would be near ${k + 2} kg down by now. If the scale stalls for 3 weeks, trim 1 portion of starchy food or snacks a day.`,
        minutes: m,
        load: 5,
      })
    }
    steps.push({ title: `Goal: ${kg ? `${kg} kg` : 'a steady weight'} lost and kept`, description: 'Keep the same habits for 8 more weeks at your new weight; weighing once a week catches any drift early.', minutes: m, load: 5 })
  } else if (kind === 'gain' && !noWeighing) {
    steps.push({ title: `Goal: ${kg ? `${kg} kg` : 'healthy weight'} gained`, description: 'Aim for about 0.25–0.5 kg a week from 3 meals and 2–3 snacks a day, with strength training twice a week so the gain is mostly muscle.', minutes: m, load: 5 })
  } else {
    steps.push({ title: 'Goal: eating habits that hold', description: 'Keep 5 a day, home cooking and water with meals for 8 more weeks, then review your diary once a month.', minutes: m, load: 5 })
  }
  return steps
}

function nutritionNotes(kind: Subtype, ctx: Context, kg: number | null, noWeighing: boolean): string[] {
  const out: string[] = []
  if (noWeighing) {
    out.push('Because of a history of an eating disorder, this plan leaves out weighing and calorie counting; please agree any change to eating with your doctor or a registered dietitian.')
  }
  if (ctx.conditions.includes('pregnancy')) out.push('Pregnancy is not the time for a weight-loss diet; ask your midwife about eating well in pregnancy instead.')
  if (ctx.conditions.includes('diabetes')) out.push('With diabetes, check changes to meals and carbohydrates with your care team, especially if you take insulin or sulfonylureas.')
  if (kind === 'lose' && kg && ctx.deadlineWeeks !== null && kg / ctx.deadlineWeeks > 1) {
    out.push(
      `Losing ${kg} kg in ${plural(ctx.deadlineWeeks, 'week')} is faster than the 0.5–1 kg a week the NHS calls safe; aim for about ${Math.round(ctx.deadlineWeeks * 0.75 * 10) / 10} kg by then and keep going after.`
    )
  }
  return out
}
