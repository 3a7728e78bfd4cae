import { duration, minutesLong, ramp, sentences, shorten } from '../text'
import type { Context, Domain, DomainInput, Level, Step } from '../types'
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
  if (/screen ?time|phone|social media|instagram|tiktok|scroll|doomscroll|youtube|netflix|gaming/.test(goal)) return 'screen'
  if (/declutter|tidy|organi[sz]e (?:my )?(?:home|house|flat|apartment|room|desk|files|inbox)|inbox|clutter|clean/.test(goal)) return 'organise'
  if (/procrastinat|focus|productiv|deep work|concentrat|distract|get more done|time management|deadlines|prioriti/.test(goal)) return 'focus'
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
  return shorten(goal.replace(/^(?:build|start|create|form|develop|get into)\s{1,3}(?:a|the)?\s{0,3}(?:habit of|routine of)?\s{0,3}/i, ''), 28)
}

function focuses(kind: Subtype, habit: string): Focus[] {
  switch (kind) {
    case 'focus':
      return [
        { title: 'one focus block', does: (m) => `choose 1 task, put your phone in another room, set a timer for ${duration(m)} and work only on it.`, then: 'Write 1 line on where you stopped.' },
        { title: 'top 3 for tomorrow', does: (m) => `do a ${minutesLong(m)} focus block, then write tomorrow’s top 3 tasks with the first physical step of each.` },
        { title: 'start the avoided task', does: (m) => `open the task you are avoiding and promise yourself only 5 minutes; most days you will carry on to ${duration(m)}.` },
        { title: 'batch the small stuff', does: (m) => `do 1 ${minutesLong(m)} focus block, then answer messages in 1 batch instead of as they arrive.` },
        { title: 'hardest thing first', does: (m) => `spend the first ${duration(m)} of your work time on the hardest task, before email or chat.` },
        { title: 'block the calendar', does: (m) => `book tomorrow’s ${minutesLong(m)} focus block in your calendar like a meeting, then do today’s block.` },
      ]
    case 'screen':
      return [
        { title: 'notifications off', ownCue: true, does: (m) => `now, turn off notifications for every app that is not a person talking to you, and keep the phone in another room for ${duration(m)} this evening.` },
        { title: 'apps off the home screen', ownCue: true, does: (m) => `this morning, move social and video apps off your home screen into a folder, and keep ${duration(m)} phone-free today.` },
        { title: 'phone-free meals', ownCue: true, does: (m) => `at every meal today, leave the phone in another room, ${duration(m)} phone-free in all.` },
        { title: 'a daily app limit', ownCue: true, does: (m) => `this morning, set a daily limit of about 30 minutes on your most-used social app in the phone’s settings, and keep ${duration(m)} phone-free.` },
        { title: 'charge it outside the bedroom', ownCue: true, does: (m) => `tonight, charge your phone outside the bedroom and use a cheap alarm clock, with ${duration(m)} phone-free before sleep.` },
        { title: 'replace the scroll', ownCue: true, does: (m) => `when you reach for the phone out of boredom today, do your chosen alternative instead (a book by the sofa, a walk), ${duration(m)} phone-free in all.` },
      ]
    case 'organise':
      return [
        { title: 'one surface', does: (m) => `clear 1 surface completely in ${duration(m)}: keep, move elsewhere, donate or bin.` },
        { title: 'one drawer or folder', does: (m) => `sort 1 drawer, shelf or computer folder in ${duration(m)}, deleting or donating what you have not used in a year.` },
        { title: 'a home for loose items', does: (m) => `give the 5 things that always end up lying around a fixed home (${duration(m)}).` },
        { title: 'inbox to zero for 1 folder', does: (m) => `take ${duration(m)} to archive, answer or turn into a task every message in 1 inbox folder.` },
        { title: 'a donation bag', does: (m) => `fill 1 bag for donation in ${duration(m)} and put it by the door to go out this week.` },
        { title: 'a 10-minute reset', does: (m) => `set a timer for ${duration(m)} and put everything back in its home, room by room.` },
      ]
    default:
      return [
        { title: `${habit}, tiny version`, does: (m) => `${habit} for ${duration(m)}, then tick today on a paper calendar.`, then: 'Stop while it still feels easy.' },
        { title: 'make it obvious', does: (m) => `${habit} for ${duration(m)}, then set up tomorrow’s cue where you cannot miss it.` },
        { title: 'celebrate it', does: (m) => `${habit} for ${duration(m)} and say “done” out loud; a small moment of pride helps the habit stick.` },
        { title: 'remove one obstacle', does: (m) => `${habit} for ${duration(m)}, then remove 1 thing that made it harder this week.` },
        { title: 'never miss twice', does: (m) => `${habit} for ${duration(m)}; if you missed yesterday, today matters most.` },
        { title: 'pair it with a treat', does: (m) => `${habit} for ${duration(m)} with something you enjoy alongside (a favourite drink or music).` },
      ]
  }
}

export const productivity: Domain = {
  kind: 'productivity',
  defaults: { minutesPerDay: 30, daysPerWeek: 5, anchor: 'morning' },
  maxSessionsPerWeek: () => 7,
  retestOnDay14: false,
  plan(input: DomainInput) {
    const { ctx, goal } = input
    const kind = subtype(goal.lower)
    const habit = habitOf(goal.text)
    const budget = ctx.minutesPerDay
    // Screen goals measure phone-free minutes (not time spent on the plan), so they are not capped by the budget.
    const capped = kind !== 'screen'
    const share = { beginner: 0.6, intermediate: 0.8, advanced: 1 }[ctx.level]
    const d1 = capped ? Math.max(2, Math.min(DOSE[kind][ctx.level], Math.floor(((budget - 2) * share) / 1.15))) : DOSE[kind][ctx.level]
    const d2 = capped ? Math.min(budget - 2, ramp(d1)) : ramp(d1)
    const sessions = practiceSessions(input, {
      prefix: kind === 'habit' ? 'Session' : 'Step',
      dose1: d1,
      dose2: d2,
      minutes: (m) => (capped ? m + 2 : Math.min(budget, 5)),
      unit: (m) => (kind === 'screen' ? `${m} min phone-free` : `${m} min`),
      focuses: focuses(kind, habit),
    })
    const baseline: Step = {
      title: {
        focus: 'Day 1: log where your time goes',
        screen: 'Day 1: read your screen-time report',
        organise: 'Day 1: walk round and make a list',
        habit: 'Day 1: design the habit',
      }[kind],
      description: {
        focus: sentences(`Note what you work on every 30 minutes today and mark each entry as focused or interrupted.`, `Tonight, count the focused hours (${duration(Math.min(budget, 10))}).`),
        screen: sentences(`Open your phone’s screen-time report and write down the daily average and your top 3 apps.`, 'That number is the baseline you will compare on day 14.'),
        organise: sentences(`Walk through your space with a notepad and list every spot that bothers you, worst first (${duration(Math.min(budget, 15))}).`, 'Take 1 photo of each to compare later.'),
        habit: sentences(
          `Write your habit as an if-then plan: “After [something you already do every day], I will ${habit} for ${duration(d1)}.”`,
          `Put what you need where the cue happens and do it once today (${duration(Math.min(budget, d1 + 5))}).`
        ),
      }[kind],
      minutes: Math.min(budget, kind === 'habit' ? d1 + 5 : kind === 'organise' ? 15 : 10),
      load: 0,
    }
    return {
      baseline,
      sessions,
      recovery: [
        { title: 'Light day: the 2-minute version', description: `Do only the 2-minute version today (${kind === 'habit' ? habit : 'one tiny step'}) to keep the chain alive without effort.`, minutes: 2, load: 0 },
        { title: 'Light day: weekly review', description: `Look over the week for ${duration(Math.min(budget, 15))}: what worked, what got in the way, what to change next week.`, minutes: Math.min(budget, 15), load: 0 },
      ],
      midReview: midReview(input, 'days', kind === 'screen' ? 'compare this week’s screen-time average with day 1' : 'count the ticks on your calendar'),
      finalReview: {
        title: 'Day 14: compare with day 1 and set the next dose',
        description: sentences(
          `Repeat day 1’s measurement and compare (${duration(Math.min(budget, 15))}).`,
          kind === 'screen'
            ? `If you kept most days on plan, aim for ${ramp(d2)} phone-free minutes a day next cycle.`
            : `If you did it on at least 10 of the 14 days, raise it to about ${capped ? Math.min(budget - 2, ramp(d2)) : ramp(d2)} minutes next cycle; if not, make it smaller and easier.`
        ),
        minutes: Math.min(budget, 15),
        load: 0,
      },
      milestones: milestones(kind, habit, ctx, d2, capped),
      notes: ctx.conditions.includes('depression')
        ? ['Low energy and low mood make every habit harder; be kind to yourself on bad days, and see your doctor if low mood lasts more than 2 weeks.']
        : [],
    }
  },
}

function milestones(kind: Subtype, habit: string, ctx: Context, d2: number, capped: boolean): Step[] {
  const m = Math.min(ctx.minutesPerDay, 20)
  const next = (n: number) => (capped ? Math.min(ctx.minutesPerDay - 2, Math.max(n + 1, Math.round(n * 1.15))) : Math.max(n + 1, Math.round(n * 1.15)))
  const a = next(d2)
  const b = next(a)
  const goalTitle = {
    focus: 'Goal: focus blocks as your default',
    screen: 'Goal: a phone you use on purpose',
    organise: 'Goal: a home that resets in 10 minutes',
    habit: `Goal: ${habit}, automatic`,
  }[kind]
  return [
    { title: `Grow to ${a} minutes`, description: `Raise the daily dose to ${a} minutes${kind === 'screen' ? ' phone-free' : ''}, same cue, and keep the tick calendar. Missing once is fine; never miss twice.`, minutes: m, load: a },
    { title: `Grow to ${b} minutes`, description: `Raise it again to ${b} minutes if the last cycle had 10 or more good days; otherwise hold.`, minutes: m, load: b },
    { title: 'Make it survive a bad week', description: 'Write your plan for travel, illness and busy weeks: the 2-minute version and where it happens.', minutes: m, load: b },
    { title: goalTitle, description: 'Habits take about 2 months on average to feel automatic (Lally et al. 2010); by now it should need little willpower. Keep the weekly review.', minutes: m, load: b },
  ]
}
