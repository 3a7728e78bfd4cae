import READINGS from './readings.json'
import { alternation, phraseRegex, phrases } from './phrases'

/**
 * Minutes a day for the goal, read by what each duration measures (issue 31 §2): a duration of
 * something else ("9 hours sitting", "5 hours a day of screen time"), a performance ("10K in 58
 * minutes", "25 min 5k"), a clock time or a sleep length is not the person's time for the goal;
 * "10 minutes twice a day" is 20 minutes in two sessions. The words are data (readings.json).
 */
type Duration = { minutes: number; sessions: number; start: number; end: number }

const DURATION =
  /(?<![\d.,])(?:(\d{1,6})\s{0,3}(?:-|–|to|or|à|a|bis|o|ou)\s{0,3})?(\d{1,6}(?:[.,]\d{1,6})?)\s{0,3}(hours?|hrs?|h|heures?|stunden?|std|horas?|ore|ora|時間|小时|小時|minutes?|mins?|min|minuten|minutos|minuti|分钟|分鐘|分)(?![a-z])/g
const HOURS = /^(h|hours?|hrs?|heures?|stunden?|std|horas?|ore|ora|時間|小时|小時)$/

const OTHER = phraseRegex(READINGS.other_activity)
const OTHER_ALL = new RegExp(OTHER.source, 'gu')
const OTHER_BEFORE = new RegExp(
  `${alternation(phrases(READINGS.other_activity_before))}\\s{0,3}(?:about|around|only|for|like|roughly|maybe|is|was)?\\s{0,3}$`,
  'u'
)
const BUDGET = new RegExp(`${alternation(phrases(READINGS.budget_marker))}[^,.;!?]{0,24}$`, 'u')
const PER_DAY = new RegExp(`^\\s{0,3}${alternation(phrases(READINGS.per_day))}`, 'u')
const PER_WEEK = new RegExp(`^\\s{0,3}${alternation(phrases(READINGS.per_week))}`, 'u')
const SESSIONS_AFTER = new RegExp(`^\\s{0,3},?\\s{0,3}(\\d)\\s{0,3}${alternation(phrases(READINGS.sessions_per_day), true)}`, 'u')
const SESSIONS_BEFORE = new RegExp(
  `(\\d)\\s{0,3}${alternation(phrases(READINGS.sessions_per_day))}\\s{0,3}(?:for|de|por|für|per|durante|pendant)?\\s{0,3}$`,
  'u'
)
const DISTANCE = alternation(READINGS.distance_units.all)
const PERFORMANCE_BEFORE = new RegExp(`\\d\\s{0,2}${DISTANCE}\\s{0,3}(?:in|en|em|unter|under|:|=|-)?\\s{0,3}$`, 'u')
const PERFORMANCE_AFTER = new RegExp(
  `^\\s{0,3}(?:for\\s{1,3}(?:a|the|my)\\s{1,3}|pour\\s{1,3}(?:un|le|les)\\s{1,3}|para\\s{1,3}(?:los|el|un)\\s{1,3}|für\\s{1,3}(?:die|den)\\s{1,3}|per\\s{1,3}(?:i|il)\\s{1,3})?(?:\\d{1,3}(?:[.,]\\d)?\\s{0,2})?${DISTANCE}`,
  'u'
)
const TIME_GOAL = phraseRegex(READINGS.reduce_goal.time_goal)
const REDUCE = phraseRegex(READINGS.reduce_goal.reduce)
const REFERS_BACK = new RegExp(
  `^\\s{0,3}(?:a day\\s{1,3}|per day\\s{1,3}|par jour\\s{1,3}|al día\\s{1,3}|am tag\\s{1,3}|al giorno\\s{1,3}|por dia\\s{1,3})?${alternation(phrases(READINGS.reduce_goal.refers_back))}`,
  'u'
)
// "after work", "avant le travail": when the person has time, not how long they spend there.
const WHEN_BEFORE =
  /(?:after|before|from|après|avant|nach|vor|dopo|prima|depois|antes|después)\s{1,3}(?:the\s|le\s|la\s|el\s|der\s|dem\s|il\s|o\s|a\s)?$/

// Hours of sleep, of work or on the phone said in older words the lists above do not cover.
const NOT_BUDGET_AFTER = /^\s{0,3}ago|^\s{0,3}to (?:fall )?(?:asleep|sleep)/
const NOT_BUDGET_BEFORE =
  /(?:\btime|\bpb|\bpr|\bbest|\brecord|\bpace|\btemps|\btiempo|\bzeit|\bmarca|\bbestzeit)(?: is| of| was| est| de| es| ist| war)?\s{0,3}$/
// "5 km en 35 minutes", "unter 30 Minuten": a time for something, not a daily budget.
// "3 times a week for an hour", "2 fois par semaine pendant 45 minutes": the length of each session.
const SESSION_LENGTH_BEFORE =
  /(?:times?|x|sessions?|days?|fois|séances?|veces|sesiones|mal|einheiten|volte|vezes)\s{0,3}(?:a|per|par|por|pro|a la|alla|à|na|die)?\s{0,3}(?:week|semaine|semana|woche|settimana)\s{0,3}(?:for|pendant|durante|für|je|per|por)\s{0,3}(?:about\s{1,3}|around\s{1,3})?$/
const LOOSE_ONLY_BEFORE = /(?:\bin|\ben|\bunter|within|under|for|than|last|over|after|before|every|past|après|nach|dopo|depois)\s{0,3}$/
// A clock time, not an amount: "je me lève à 8 h", "vers 7 h", "um 6 h".
export const CLOCK_BEFORE = /(?:^|\s)(?:à|vers|jusqu'à|um|gegen|ab|a las|hasta las|desde las|alle|às)\s{0,3}$/
const CLOCK_AFTER = /^\s{0,3}\d{2}(?!\d)/

/** The clause around a position: text back to the last sentence or list break, and forward to the next. */
function clauseBefore(t: string, at: number, max: number): string {
  const s = t.slice(Math.max(0, at - max), at)
  const cut = Math.max(
    s.lastIndexOf(','),
    s.lastIndexOf('.'),
    s.lastIndexOf(';'),
    s.lastIndexOf('\n'),
    s.lastIndexOf('!'),
    s.lastIndexOf('?')
  )
  return cut >= 0 ? s.slice(cut + 1) : s
}
function clauseAfter(t: string, at: number, max: number): string {
  const s = t.slice(at, at + max)
  const m = /[,.;!?\n]/.exec(s)
  return m ? s.slice(0, m.index) : s
}

/** Is the goal itself about time spent on something (sleep, screens, less time on X)? */
function isTimeGoal(goal: string): boolean {
  return TIME_GOAL.test(goal) || (REDUCE.test(goal) && OTHER.test(goal))
}

function othersActivity(before: string, after: string, goal: string): boolean {
  const commute = OTHER_BEFORE.exec(before)
  // Its main word ("commute", "drive") in the goal makes it the goal's own time ("learn to drive").
  const main = commute?.[0].split(' ').find((w) => w.length >= 4)
  if (commute && !(goal && main && goal.includes(main.slice(0, 4)))) return true
  for (const [side, text] of [
    ['before', before],
    ['after', after],
  ] as const) {
    for (const m of text.matchAll(OTHER_ALL)) {
      // The goal's own activity ("learn to drive", "2 hours of driving a week") is its time.
      if (goal && goal.includes(m[0].slice(0, Math.max(4, m[0].length - 3)))) continue
      if (side === 'after' && WHEN_BEFORE.test(text.slice(0, m.index))) continue
      // "work out", "working out" is training, not work.
      if (/^work/.test(m[0]) && /^\s{1,3}out\b/.test(text.slice(m.index + m[0].length))) continue
      if (side === 'before' && text.length - (m.index + m[0].length) > 24) continue
      return true
    }
  }
  return false
}

/**
 * Durations that are the person's time for the goal, per day: those said with a budget word or
 * "a day" first (`marked`), else the plain ones.
 */
export function findDurations(t: string, goal: string, goalEnd: number, daysPerWeek: number): Duration[] {
  const marked: Duration[] = []
  const loose: Duration[] = []
  const timeGoal = isTimeGoal(goal)
  for (const m of t.matchAll(DURATION)) {
    // A range ("20-30 minutes") counts as its lower end.
    const n = Number((m[1] ?? m[2]).replace(',', '.'))
    const isHours = HOURS.test(m[3])
    let minutes = isHours ? n * 60 : n
    const end = m.index + m[0].length
    const before = clauseBefore(t, m.index, 40)
    const after = clauseAfter(t, end, 40)
    const raw = t.slice(end, end + 40)
    const budget = BUDGET.test(before)
    if (NOT_BUDGET_AFTER.test(raw) || NOT_BUDGET_BEFORE.test(before)) continue
    if (isHours && (CLOCK_BEFORE.test(before) || CLOCK_AFTER.test(raw))) continue
    if (PERFORMANCE_BEFORE.test(before) || PERFORMANCE_AFTER.test(after)) continue
    if (timeGoal && m.index < goalEnd) continue
    if (!budget && ((timeGoal && REFERS_BACK.test(after)) || othersActivity(before, after, timeGoal ? '' : goal))) continue
    let sessions = 1
    let stop = end
    const times = SESSIONS_AFTER.exec(raw) ?? SESSIONS_BEFORE.exec(before)
    if (times) {
      sessions = Number(times[1])
      minutes *= sessions
      if (times.index === 0 && raw.startsWith(times[0])) stop = end + times[0].length
    }
    const perWeek = PER_WEEK.exec(t.slice(stop, stop + 24))
    const perDay = PER_DAY.exec(t.slice(stop, stop + 24))
    if (perWeek) minutes = minutes / Math.max(1, daysPerWeek)
    const phrase = perWeek ?? perDay
    if (phrase) stop += phrase[0].length
    const d = { minutes: Math.round(minutes), sessions, start: m.index, end: stop }
    if (d.minutes <= 0) continue
    if (phrase || budget || times || SESSION_LENGTH_BEFORE.test(before)) marked.push(d)
    else if (!LOOSE_ONLY_BEFORE.test(before)) loose.push(d)
  }
  return marked.length ? marked : loose
}
