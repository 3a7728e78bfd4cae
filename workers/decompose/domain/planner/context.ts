import { CLOCK_BEFORE, findDurations } from './context/durations'
import { type Fact, sourceText } from './context/facts'
import { type DaysAt, habitDays } from './context/days'
import { levelEvidence } from './context/level'
import { findQuantities } from './context/quantities'
import { alternation } from './context/phrases'
import READINGS from './context/readings.json'
import type { Anchor, BodyArea, Condition, Context, Equipment, Level } from './types'

/**
 * Reads the free-text context (and the goal, which often carries a level or a deadline) into
 * a Context. Where the text contradicts itself, the conservative reading wins (lower level,
 * fewer minutes, fewer days) and `readings` says so, because a plan that is too easy costs a
 * week while one that is too hard gets abandoned or causes injury.
 */
export function readContext(text: string, defaults: { minutesPerDay: number; daysPerWeek: number }): Context {
  const t = normalise(text)
  // The planner joins "goal.\ncontext": evidence of level is read in the context only ("run 5 km" as
  // a goal is no evidence), and a goal about time spent elsewhere changes what durations measure.
  const split = text.indexOf('.\n')
  const goal = split >= 0 ? normalise(text.slice(0, split)) : ''
  const contextStart = split >= 0 ? Math.min(t.length, normalise(text.slice(0, split + 2)).length) : 0
  const readings: Context['readings'] = []
  const facts: Fact[] = []
  const source = (start: number, end: number) => sourceText(text, t, start, end)

  const read = findLevels(t, contextStart)
  const level = read.level ?? 'beginner'
  if (read.conflict) readings.push({ id: 'reading.levels', params: { level } })
  const levelAt = read.found.find((f) => f.level === level)
  if (levelAt) facts.push({ field: 'level', value: level, text: source(levelAt.start, levelAt.end) })

  const days = findDaysPerWeek(t)
  let daysPerWeek = days.length ? Math.min(...days.map((d) => d.days)) : defaults.daysPerWeek
  if (new Set(days.map((d) => d.days)).size > 1) {
    readings.push({ id: 'reading.days', params: { days: daysPerWeek } })
  }
  daysPerWeek = clamp(daysPerWeek, 1, 7)
  const dayAt = days.find((d) => d.days === daysPerWeek)
  if (dayAt) facts.push({ field: 'days_per_week', value: daysPerWeek, text: source(dayAt.start, dayAt.end) })

  const minutes = findDurations(t, goal, contextStart, days.length ? daysPerWeek : defaults.daysPerWeek)
  let minutesPerDay = minutes.length ? Math.min(...minutes.map((d) => d.minutes)) : defaults.minutesPerDay
  if (new Set(minutes.map((d) => d.minutes)).size > 1) {
    readings.push({ id: 'reading.minutes', params: { minutes: minutesPerDay } })
  }
  const minuteAt = minutes.find((d) => d.minutes === minutesPerDay)
  if (minuteAt) {
    facts.push({ field: 'minutes_per_day', value: minutesPerDay, text: source(minuteAt.start, minuteAt.end) })
    if (minuteAt.sessions > 1)
      facts.push({ field: 'sessions_per_day', value: minuteAt.sessions, text: source(minuteAt.start, minuteAt.end) })
  }
  if (minutesPerDay < MIN_MINUTES) {
    readings.push({ id: 'reading.min', params: { min: MIN_MINUTES } })
    minutesPerDay = MIN_MINUTES
  }
  if (minutesPerDay > MAX_MINUTES) {
    readings.push({ id: 'reading.max', params: { max: MAX_MINUTES } })
    minutesPerDay = MAX_MINUTES
  }

  const deadline = findDeadline(t)
  if (deadline.weeks !== null && deadline.at)
    facts.push({ field: 'deadline_weeks', value: deadline.weeks, text: source(deadline.at[0], deadline.at[1]) })
  const dateText = deadline.dateText && asWritten(text, deadline.dateText)
  if (dateText) facts.push({ field: 'deadline', value: dateText, text: deadline.dateSaid ? asWritten(text, deadline.dateSaid) : dateText })
  for (const q of findQuantities(t)) facts.push({ field: q.field, value: q.value, text: source(q.start, q.end) })

  const injuries = findInjuries(t)
  const injuryUnplaced = INJURY_WORD.test(stripNegated(t)) && injuries.length === 0
  const clean = stripNegated(t)
  for (const area of injuries) {
    const at = AREAS.find(([a]) => a === area)?.[1].exec(clean)
    facts.push({ field: 'injury', value: area, text: at ? source(at.index, at.index + at[0].length) : area })
  }
  const unplaced = injuryUnplaced ? INJURY_WORD.exec(clean) : null
  if (unplaced) facts.push({ field: 'injury', value: 'unplaced', text: source(unplaced.index, unplaced.index + unplaced[0].length) })
  const negated = NEGATED_INJURY.exec(t)
  if (negated && !injuries.length && !injuryUnplaced)
    facts.push({ field: 'injury', value: false, text: source(negated.index, negated.index + negated[0].length) })

  return {
    level,
    levelStated: read.level !== null,
    minutesPerDay: Math.round(minutesPerDay),
    minutesStated: minutes.length > 0,
    daysPerWeek,
    daysStated: days.length > 0,
    anchor: findAnchor(t),
    injuries,
    injuryUnplaced,
    conditions: findConditions(t),
    deadlineWeeks: deadline.weeks,
    deadlineText: dateText,
    equipment: findEquipment(t),
    readings,
    facts,
    text,
  }
}

export const MIN_MINUTES = 5
export const MAX_MINUTES = 180

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n))

const LEVEL_ORDER: Level[] = ['beginner', 'intermediate', 'advanced']
const lowest = (levels: Level[]): Level => LEVEL_ORDER.find((l) => levels.includes(l)) ?? 'beginner'

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  'forty-five': 45,
  fifty: 50,
  sixty: 60,
  ninety: 90,
  couple: 2,
  few: 3,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  zwei: 2,
  drei: 3,
  vier: 4,
  fünf: 5,
  tres: 3,
  cuatro: 4,
  cinco: 5,
}

// "twice", "zweimal", "deux fois", "due volte" → "2 times", "2 mal", "2 fois", "2 volte" (readings.json).
const REPEAT_WORDS = Object.fromEntries(Object.entries(READINGS.repeat_words).filter(([k]) => !k.startsWith('_'))) as Record<string, number>
const REPEAT = new RegExp(alternation(Object.keys(REPEAT_WORDS)), 'gu')
function repeatAsDigits(w: string): string {
  const n = REPEAT_WORDS[w.replace(/\s+/g, ' ')]
  if (/\s/.test(w)) return `${n} ${w.split(/\s+/).pop()}`
  return /mal$/.test(w) ? `${n} mal` : `${n} times`
}

/** Lower case, full-width digits folded, number words and common time phrases turned into digits. */
export function normalise(text: string): string {
  let t = text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ')
  t = t
    .replace(/\b(an|one) hour and a half\b/g, '90 min')
    .replace(/\b(a )?quarter of an hour\b/g, '15 min')
    .replace(/\bhalf an hour\b|\bhalf-hour\b|\bhalf hour\b/g, '30 min')
    .replace(/\b(an|a|one) hour\b/g, '60 min')
    .replace(REPEAT, (w) => repeatAsDigits(w))
    .replace(/\bonce\b/g, '1 time')
    // "1 h 30" is an amount, "à 6 h 30" a clock time (left as it is, findMinutesPerDay skips it).
    .replace(/\b(\d{1,6})\s{0,3}h\s{0,3}(\d{1,2})\b/g, (all, h, m, at: number, str: string) =>
      CLOCK_BEFORE.test(str.slice(Math.max(0, at - 14), at)) ? all : `${Number(h) * 60 + Number(m)} min`
    )
  t = t.replace(/\b(forty-five|[a-zü]{1,24})\b/g, (w) => (w in NUMBER_WORDS ? String(NUMBER_WORDS[w]) : w))
  return t
}

// ------------------------------------------------------------------ level

const LEVEL_PATTERNS: Array<[Level, RegExp]> = [
  [
    'beginner',
    /\b(beginners?|novices?|newbies?|new to|never (?:done|run|ran|lifted|tried|studied|played|written|saved|meditated)|first time|just start(?:ing|ed)|from scratch|complete(?:ly)? new|out of shape|unfit|sedentary|couch potato|no experience|zero experience|rusty|haven'?t .{0,20} in years|d[ée]butante?s?|anf[äa]nger(?:in)?|principiantes?|iniciantes?|principiante|a1|a2)\b|初心者|初学者|新手|零基础/,
  ],
  [
    'intermediate',
    /\b(intermediate|some experience|a bit of experience|moderately fit|reasonably fit|occasionally|used to|returning|comeback|interm[ée]diaire|mittelstufe|fortgeschrittene anf[äa]nger|intermedio|b1|b2)\b|中級|中级/,
  ],
  [
    'advanced',
    /\b(advanced|experienced|expert|very fit|competitive|elite|athlete|seasoned|fluent|avancee?|fortgeschritten(?:e|er)?|avanzado|avanzada|c1|c2)\b|\bavancée?(?![a-zà-ÿ])|上級|高级/,
  ],
]

// Negative phrases that mean "beginner"; read before negated words are dropped.
const BEGINNER_BY_NEGATION =
  /\b(never (?:done|run|ran|jogged|lifted|trained|tried|studied|played|written|wrote|saved|budgeted|meditated|exercised|been (?:sporty|active|fit))|no (?:prior |previous |real )?experience|zero experience|not (?:very |at all )?(?:fit|active|sporty)|haven'?t (?:\w{1,24} ){0,3}in (?:\d{1,6} )?years)\b/

type LevelAt = { level: Level; start: number; end: number }

/**
 * Levels said in words ("beginner", "B2", "5 years of running", "never run") are claims; where
 * they disagree the lowest wins. A performance (a race finished, a distance, a PB, a lift) shows
 * at least intermediate: it decides when no claim does, and only a claim of beginner lowers it
 * (read conservatively, with a note). "My first dog" decides only when nothing else does.
 */
function findLevels(t: string, contextStart: number): { level: Level | null; found: LevelAt[]; conflict: boolean } {
  const claims: LevelAt[] = []
  const floors: LevelAt[] = []
  const at = (level: Level, m: RegExpExecArray | null, into: LevelAt[]) => {
    if (m) into.push({ level, start: m.index, end: m.index + m[0].length })
  }
  at('beginner', BEGINNER_BY_NEGATION.exec(t), claims)
  const clean = stripNegated(t)
  for (const [level, re] of LEVEL_PATTERNS) at(level, re.exec(clean), claims)
  const years =
    /\b(\d{1,6})\+?\s{0,3}(?:years?|yrs?)\s{1,3}(?:of\s{1,3})?(?:experience|training|lifting|running|practice|playing|studying|coding|writing|meditating|meditation)\b/.exec(
      clean
    )
  if (years) at(Number(years[1]) >= 3 ? 'advanced' : Number(years[1]) >= 1 ? 'intermediate' : 'beginner', years, claims)
  // "running for 11 years", "played for over 3 years": experience said the other way round.
  const doing =
    /\b(?:running|run|training|trained|lifting|lifted|playing|played|practi[cs]ing|practi[cs]ed|studying|writing|coding|meditating|swimming|cycling|riding|dancing|drawing|painting|cooking|learning|doing (?:it|this))\s(?:it\s|for\s)?(?:for\s)?(?:over\s|about\s|almost\s|nearly\s|more than\s)?(\d{1,2})\+?\s(?:years?|yrs?)\b/.exec(
      clean
    )
  if (doing) at(Number(doing[1]) >= 3 ? 'advanced' : Number(doing[1]) >= 1 ? 'intermediate' : 'beginner', doing, claims)
  // A race time, a personal best or a pace is a baseline only someone already training has.
  at(
    'intermediate',
    /\b(?:pb|pr|personal best|personal record|race time|my (?:5k|10k|half|marathon|half marathon) (?:time|pb|pr|best)|min(?:utes)?\s?(?:\/|per)\s?(?:km|mile)|sub[- ]?\d{1,2}(?::\d{2})?)\b/.exec(
      clean
    ),
    floors
  )
  // A distance covered in a time ("5 km in 35 minutes", "je cours 5 km en 35 minutes").
  at('intermediate', DISTANCE_IN_TIME.exec(clean), floors)
  const weak: LevelAt[] = []
  for (const e of levelEvidence(t.slice(contextStart), contextStart)) {
    const into = e.strength === 'weak' ? weak : e.level === 'intermediate' && e.rule !== 'years' && e.rule !== 'cefr' ? floors : claims
    into.push({ level: e.level, start: e.start, end: e.end })
  }
  if (claims.length) {
    const level = lowest(claims.map((c) => c.level))
    const conflict = new Set(claims.map((c) => c.level)).size > 1 || (level === 'beginner' && floors.length > 0)
    return { level, found: [...claims, ...floors], conflict }
  }
  if (floors.length) return { level: 'intermediate', found: floors, conflict: false }
  if (weak.length) return { level: 'beginner', found: weak, conflict: false }
  return { level: null, found: [], conflict: false }
}

const DISTANCE_IN_TIME =
  /\b\d{1,3}(?:[.,]\d{1,2})?\s{0,2}(?:km|k|mi|miles?)\s{1,3}(?:in|en|em)\s{1,3}(?:moins d'|menos de|unter\s|meno di\s)?\s{0,2}\d{1,3}(?::\d{2})?\s{0,2}(?:min|mins|minutes?|minutos|minuten|minuti|h|hours?|heures?|horas?|stunden?|ore)\b/

// ------------------------------------------------------------------ days per week

function findDaysPerWeek(t: string): DaysAt[] {
  const out: DaysAt[] = []
  const unit =
    '(?:x|×|times?|days?|sessions?|runs?|workouts?|mornings?|evenings?|nights?|classes|lessons?|jours?|fois|tage?n?|mal|d[ií]as|veces|vezes|giorni|volte|dias)'
  const week = '(?:week|wk|w|semaine|woche|semana|settimana)'
  const re = new RegExp(
    `(?<![\\d.,])(\\d{1,6})\\s{0,3}(?:-|to|or)?\\s{0,3}(?:\\d{1,6}\\s{0,3})?${unit}\\s{0,3}(?:a|an|per|\\/|each|every|in a|par|pro|die|por|a la|alla|na|la|à|em|alla|a)?\\s{0,3}${week}\\b`,
    'g'
  )
  const at = (days: number, m: RegExpExecArray | RegExpMatchArray | null) => {
    if (m && m.index !== undefined) out.push({ days, start: m.index, end: m.index + m[0].length })
  }
  for (const m of t.matchAll(re)) at(Number(m[1]), m)
  for (const m of t.matchAll(/(?:週|每周|一周|每週)\s{0,3}(?:に)?\s{0,3}(\d)/g)) at(Number(m[1]), m)
  at(
    7,
    /\b(daily|every ?day|each day|7 days|seven days|tous les jours|jeden tag|todos los d[ií]as|ogni giorno|todos os dias)\b|毎日|每天/.exec(
      t
    )
  )
  if (/\b(every other day|alternate days|every second day)\b/.test(t))
    at(3, /\b(every other day|alternate days|every second day)\b/.exec(t))
  out.push(...habitDays(t))
  return out.filter((d) => d.days >= 1 && d.days <= 7)
}

// ------------------------------------------------------------------ deadline

const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]{0,6}\\.?'

const REL_LOCAL =
  /(?:^|[^\p{L}])(?:en|dans|d'ici|sous|in|innerhalb von|binnen|dentro de|tra|fra|entro|em|daqui a|dentro de)\s{1,3}(\d{1,6}(?:[.,]\d{1,6})?)\s{0,3}(jours|semaines?|mois|ans|d[ií]as|semanas?|meses|mes|años|tagen|wochen|woche|monaten|monat|jahren|jahr|giorni|settimane|settimana|mesi|mese|anni|dias|anos)(?![\p{L}])/u
const LOCAL_UNIT_WEEKS: Record<string, number> = {
  jours: 1 / 7,
  días: 1 / 7,
  dias: 1 / 7,
  tagen: 1 / 7,
  semaine: 1,
  semaines: 1,
  semana: 1,
  semanas: 1,
  woche: 1,
  wochen: 1,
  mois: 4.35,
  mes: 4.35,
  meses: 4.35,
  monat: 4.35,
  monaten: 4.35,
  ans: 52,
  años: 52,
  giorni: 1 / 7,
  settimana: 1,
  settimane: 1,
  mese: 4.35,
  mesi: 4.35,
  anni: 52,
  anos: 52,
  jahr: 52,
  jahren: 52,
}

/**
 * A deadline is when something must be done ("in 10 weeks", "tra 3 mesi"); a length is how long
 * something lasts ("a 2-week trip", "viaggio di 2 settimane") and is never a deadline.
 */
function findDeadline(t: string): { weeks: number | null; dateText: string | null; dateSaid: string | null; at: [number, number] | null } {
  const rel =
    /\b(?<!(?:for|since|lived|worked|been|spent|than) )(?:in|within|over the next|in the next|the next|next|over)\s{1,3}(\d{1,6}(?:[.,]\d{1,6})?)\s{0,3}(days?|weeks?|wks?|months?|mos?|years?|yrs?)\b(?!\s{0,3}ago)(?![- ](?:long|trip|holiday|vacation|break|course))|\b(\d{1,6})(?:-|\s)(week|month)s?\s(?:plan|program|programme|challenge|deadline|goal)\b|\b(\d{1,6})\s{0,3}(weeks?|months?)\s{1,3}(?:from now|left|away|to go|until)/
  const m = rel.exec(t)
  let weeks: number | null = null
  let at: [number, number] | null = null
  if (m) {
    const n = Number((m[1] ?? m[3] ?? m[5]).replace(',', '.'))
    const unit = m[2] ?? m[4] ?? m[6]
    const perUnit = unit.startsWith('d') ? 1 / 7 : unit.startsWith('w') ? 1 : unit.startsWith('m') ? 4.35 : 52
    weeks = Math.max(1, Math.ceil(n * perUnit))
    at = [m.index, m.index + m[0].length]
  } else {
    // The same in French, Spanish, German, Italian and Portuguese: "en 3 semaines", "in 6 Wochen", "tra 3 mesi", "daqui a 2 meses".
    const local = REL_LOCAL.exec(t)
    if (local) {
      weeks = Math.max(1, Math.ceil(Number(local[1].replace(',', '.')) * (LOCAL_UNIT_WEEKS[local[2]] ?? 1)))
      at = [local.index, local.index + local[0].length]
    }
  }
  const abs = new RegExp(
    `\\b(?:by|before|until|on|due|deadline:?|exam (?:is )?(?:on|in))\\s{1,3}((?:the end of )?(?:${MONTH}(?:\\s{1,3}\\d{1,2}(?:st|nd|rd|th)?)?(?:,?\\s{1,3}\\d{4})?|\\d{1,2}(?:st|nd|rd|th)?\\s{1,3}${MONTH}(?:\\s{1,3}\\d{4})?|\\d{4}-\\d{2}-\\d{2}|\\d{1,2}/\\d{1,2}(?:/\\d{2,4})?|(?:the end of )?(?:this|next) (?:month|year|summer|spring|autumn|fall|winter)|christmas|summer|spring|autumn|winter))`
  ).exec(t)
  const local = abs ? null : LOCAL_DATE.exec(t)
  const date = abs?.[1] ?? local?.slice(1).find((g) => g !== undefined)
  // The words that made it a deadline too ("race on 14 June"), to show back in `facts`.
  const said = abs?.[0] ?? local?.[0]
  return { weeks, dateText: date ? date.trim() : null, dateSaid: said ? said.trim() : null, at }
}

/**
 * The date as the person wrote it ("1. Juni", not "1. juni"): the reading is found on the
 * lower-cased text, then the same words are taken from the original. Where normalising changed
 * the words (number words turned into digits), the reading stays as read.
 */
function asWritten(text: string, date: string): string {
  const original = text.normalize('NFKC').replace(/\s+/g, ' ')
  const lower = original.toLowerCase()
  const at = lower.indexOf(date)
  return at >= 0 && lower.length === original.length ? original.slice(at, at + date.length) : date
}

// Dated deadlines in French, Spanish and German, read like the English "by June 1st": a word
// that makes the date a deadline, then the date as each language writes it ("avant le 1er juin",
// "antes del 1 de junio", "bis zum 1. Juni"). A date with no such word ("depuis le 3 juin") is
// not a deadline. Kept as written: the plan must not depend on today.
const MONTH_FR = '(?:janvier|f[ée]vrier|mars|avril|mai|juin|juillet|ao[uû]t|septembre|octobre|novembre|d[ée]cembre)'
const MONTH_ES = '(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|sep?tiembre|octubre|noviembre|diciembre)'
const MONTH_DE = '(?:januar|jänner|februar|m[äa]rz|april|mai|juni|juli|august|september|oktober|november|dezember)'
const MONTH_IT = '(?:gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre)'
const MONTH_PT = '(?:janeiro|fevereiro|março|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro)'
const LOCAL_DATE = new RegExp(
  [
    `\\b(?:avant(?: le)?|d'ici(?: le)?|d’ici(?: le)?|pour le|jusqu'au|jusqu’au|au plus tard le|(?:est|a lieu|course|examen|épreuve|mariage|départ|compétition) le)\\s{1,3}((?:la )?(?:(?:fin|d[ée]but) (?:de |d'|d’)?)?(?:\\d{1,2}(?:er)?\\s{1,3})?${MONTH_FR}\\b(?:\\s{1,3}\\d{4})?)`,
    `\\b(?:antes del?|para el|para|hasta el|a m[áa]s tardar el|(?:es|ser[áa]|carrera|examen|boda|competici[óo]n|viaje) el)\\s{1,3}((?:finales de |principios de )?(?:\\d{1,2}\\s{1,3}de\\s{1,3})?${MONTH_ES}\\b(?:\\s{1,3}(?:de\\s{1,3})?\\d{4})?)`,
    `\\b(?:bis(?: zum| spätestens(?: zum| am)?)?|vor dem|spätestens(?: am| zum)?|(?:ist|sind|findet|rennen|lauf|prüfung|hochzeit|wettkampf|abreise) am)\\s{1,3}((?:ende |anfang )?(?:\\d{1,2}\\.\\s{0,3})?${MONTH_DE}\\b(?:\\s{1,3}\\d{4})?)`,
    `(?<![\\p{L}])(?:entro (?:il )?|prima del |per il |(?:gara|esame|matrimonio|partenza|viaggio) (?:il |è il )?)((?:\\d{1,2}\\s{1,3})?${MONTH_IT}(?![\\p{L}])(?:\\s{1,3}\\d{4})?)`,
    `(?<![\\p{L}])(?:até (?:o dia |ao dia )?|antes de |para o dia |(?:prova|exame|casamento|viagem|corrida) (?:é )?(?:no dia |em )?)((?:\\d{1,2}\\s{1,3}de\\s{1,3})?${MONTH_PT}(?![\\p{L}])(?:\\s{1,3}(?:de\\s{1,3})?\\d{4})?)`,
  ].join('|'),
  'u'
)

// ------------------------------------------------------------------ time of day

function findAnchor(t: string): Anchor | null {
  const candidates: Array<[Anchor, RegExp]> = [
    ['morning', /\b(mornings?|before work|early|sunrise|breakfast|\d{1,2}\s{0,3}(?:am|a\.m\.)|matin|morgens|ma[ñn]ana)\b|朝|早上/],
    ['lunch', /\b(lunch(?:time| break)?|midday|noon|mittag)\b|昼|午休/],
    ['evening', /\b(evenings?|after work|tonight|at night|nights|after dinner|\d{1,2}\s{0,3}(?:pm|p\.m\.)|soir|abends|noche)\b|夜|晚上/],
    ['bedtime', /\b(before bed|bedtime|in bed|before (?:i )?sleep(?:ing)?|before going to sleep|lights out)\b/],
    ['commute', /\b(commut(?:e|es|ing)|on the (?:train|bus|subway|tube)|in the car)\b/],
  ]
  let best: { anchor: Anchor; at: number } | null = null
  const clean = t.replace(/night shifts?/g, '')
  for (const [anchor, re] of candidates) {
    const m = re.exec(clean)
    if (m && (!best || m.index < best.at)) best = { anchor, at: m.index }
  }
  return best?.anchor ?? null
}

// ------------------------------------------------------------------ injuries and conditions

/** Drops the words that follow a negation ("no injuries", "not a beginner"), so they do not match. */
function stripNegated(t: string): string {
  // Blanked rather than removed, so positions still point into the text (for `facts`).
  const blank = (s: string) => ' '.repeat(s.length)
  return t.replace(NEGATION, (_, neg: string, rest: string) => neg + blank(rest)).replace(/\b[\w-]{1,30}[- ]free\b/g, blank)
}

// Negations of the six languages ("pas de blessure", "sin lesiones", "keine Verletzung", "nessun
// infortunio", "sem lesão"): the next one to three words are not conditions.
const NEGATION =
  /(?<![\p{L}])(no|not|never|without|zero|free of|nor|pas|sans|jamais|aucune?|sin|nunca|ni|kein|keine|keinen|keinem|keiner|ohne|nie|nessun[oa]?|nessun'|senza|non|sem|nenhum|nenhuma|não|nao)(?![\p{L}])((?:[ \t]{1,3}(?!but\b|and\b|or\b|though\b|although\b|except\b|however\b|yet\b|mais\b|et\b|ou\b|pero\b|y\b|o\b|aber\b|und\b|oder\b|sondern\b|ma\b|e\b|mas\b)[\p{L}\d'’-]{1,30}){1,3})/gu

// A negated injury, shown back in `facts` as "no injury" with the person's words.
const NEGATED_INJURY =
  /(?<![\p{L}])(?:no|not|without|never|pas de|pas d'|sans|aucune?|sin|ningun[ao]?|kein(?:e|en)?|ohne|nessun[oa]?|senza|sem|nenhum[a]?)\s{1,3}(?:\p{L}{1,12}\s{1,3})?(?:injur(?:y|ies)|pain|blessures?|douleurs?|lesi[oó]n(?:es)?|dolor(?:es)?|verletzung(?:en)?|schmerzen|infortuni[oa]?|lesion[ei]|dolori?|les[aã]o|lesões|dores?)(?![\p{L}])/u

// "Beschwerden" alone or after a body part ("Knie-Beschwerden", "Rückenbeschwerden") is pain;
// inside another compound it is complaints ("Kundenbeschwerden", "Beschwerdenmanagement").
const INJURY_WORD =
  /\b(injur(?:y|ies|ed)|hurt|hurts|pain(?:ful)?|sore|sprain(?:ed)?|strain(?:ed)?|tendinitis|tendonitis|tendinopathy|surgery|operat(?:ed|ion)|arthritis|torn|tear|broken|fracture[d]?|bad|weak|dodgy|niggle|rehab|physio)\b|\bmal (?:aux?|[àa] la|[àa] l['’](?!aise))|\btut (?:mir )?(?:so )?weh|\btun (?:mir )?weh|\b(?:knie|r[üu]cken|schulter|h[üu]ft|nacken|gelenk|fu[ßs]|sprunggelenk|ellbogen|handgelenk|achilles|waden|leisten|sehnen)?-?(?<!kunden-)beschwerden\b|lombalgie|lumbago|lumbalgia|hexenschuss|ischias|sciatique|ci[áa]tica|verletz|blessure|lesi[óo]n|douleur|doulour|schmerz|dolor|duele|lastim|fractur|tendinit|kreuzband|meniskus|bandscheib|b[äa]nderriss|infortun|lesione|les[ãa]o|lesões|dolori|\bdor(?:es)? n[oa]s?\b|\bmale al(?:la|le|lo)?\b|痛|怪我|受伤/

const AREAS: Array<[BodyArea, RegExp]> = [
  // German writes the body part and the pain as one word: Knieschmerzen, Schulterverletzung.
  [
    'knee',
    /\b(knees?|acl|mcl|meniscus|patell\w{0,24}|genoux?|knie|rodillas?)\b|\bknie(?:schmerz|verletz|beschwerd|gelenk|operation|probleme?)|\bkreuzband|\bmeniskus|膝/,
  ],
  ['back', /\b(back|lower back|lumbar|spine|spinal|disc|disk|sciatica|dos|r[üu]cken|espalda)\b|腰|背/],
  // `\b` never sits before an accented letter (not a \w), hence é… outside the group.
  ['shoulder', /\b(shoulders?|rotator cuff|epaules?|schulter|hombros?)\b|épaules?\b|\bschulter(?:schmerz|verletz|beschwerd)|肩/],
  ['ankle', /\b(ankles?|chevilles?|kn[öo]chel|tobillos?)\b|\bsprunggelenk|\bb[äa]nderriss|足首|脚踝/],
  ['hip', /\b(hips?|hanches?|h[üu]fte|caderas?)\b|\bh[üu]ft(?:schmerz|verletz|beschwerd)|股関節|髋/],
  ['wrist', /\b(wrists?|carpal tunnel|poignets?|handgelenk|mu[ñn]ecas?)\b|\bhandgelenk(?:schmerz|verletz)|手首|手腕/],
  ['neck', /\b(neck|cervical|cou|nacken|cuello)\b|首|颈/],
  ['foot', /\b(foot|feet|plantar|heels?|pieds?|fuss|pies?)\b|\bfuß(?![a-zäöüß])|\bfu(?:ß|ss)(?:schmerz|verletz)/],
  ['shin', /\b(shins?|shin splints)\b/],
  ['achilles', /\b(achilles)\b/],
  ['elbow', /\b(elbows?|tennis elbow|golfer'?s elbow|coudes?|ellbogen|codos?)\b|\bellbogen(?:schmerz|verletz)|肘/],
  ['hamstring', /\b(hamstrings?)\b/],
]

function findInjuries(t: string): BodyArea[] {
  const clean = stripNegated(t)
  if (
    !INJURY_WORD.test(clean) &&
    !/\b(acl|meniscus|sciatica|plantar|shin splints|rotator cuff|carpal tunnel|tennis elbow|herniated)\b/.test(clean)
  ) {
    return []
  }
  // "back" is also an adverb ("get back into running"): count it only next to a pain word.
  return AREAS.filter(([area, re]) => {
    if (area === 'back') {
      return /\b(back (?:pain|injury|problems?|issues?|spasms?)|(?:bad|sore|weak|injured|hurt|slipped|herniated|painful|my) (?:lower )?back|lower back|lumbar|sciatica|herniated disc|spine|spinal|disc)\b|腰痛|r[üu]ckenschmerz|r[üu]cken(?:verletz|beschwerd)|bandscheib|mal (?:au|de) dos|dolor(?:es)? de espalda|douleurs? (?:au|dans le) dos|lombalgie|lombaires?|sciatique|hernie discale|\bduelen? (?:la|mi) espalda|lumbago|lumbalgia|ci[áa]tica|hernia discal|\br[üu]cken tut|hexenschuss|ischias/.test(
        clean
      )
    }
    if (area === 'neck') return /\b(neck (?:pain|injury|problems?)|(?:stiff|sore|bad|injured) neck)\b|nacken/.test(clean)
    return re.test(clean)
  }).map(([area]) => area)
}

const CONDITIONS: Array<[Condition, RegExp]> = [
  // French, Spanish and German as the English (issue 18 §3): "j'ai de l'asthme", "tengo diabetes", "Bluthochdruck".
  [
    'pregnancy',
    /\b(pregnan(?:t|cy)|expecting a baby|postpartum|postnatal|post-natal|schwanger|schwangerschaft|enceinte|grossesse|embarazada|embarazo)\b|妊娠|怀孕/,
  ],
  [
    'heart',
    /\b(heart (?:condition|disease|problems?|issues?|attack|failure)|cardiac|chest pain|arrhythmia|atrial fibrillation|afib|angina|cardiaques?|insuffisance cardiaque|infarctus|arythmie|angine de poitrine|cardiopat[íi]as?|card[íi]ac[oa]s?|infarto|arritmia|herz(?:erkrankung|krankheit|problemen?|schw[äa]che|insuffizienz|rhythmusst[öo]rung(?:en)?|infarkt|fehler))\b|probl[èe]mes? (?:au|de) c[œo]eur|problemas? (?:de|del) coraz[óo]n|enfermedad (?:del )?coraz[óo]n/,
  ],
  [
    'blood-pressure',
    /\b(high blood pressure|hypertension|hypertensive|hypertendue?|hipertensi[óo]n|hipertens[oa]|bluthochdruck|hoher blutdruck|hypertonie)\b|tension (?:art[ée]rielle )?(?:est )?(?:trop )?[ée]lev[ée]e|trop de tension|(?:tensi[óo]n|presi[óo]n)(?: arterial)? alta/,
  ],
  ['diabetes', /\b(diabet(?:es|ic)|type [12] diabetes|insulin|diab[èée]t\w{0,24}|diabetiker(?:in)?|insuline|insulina)\b|糖尿病/],
  ['asthma', /\b(asthma|asthmatic|copd|asthme|asthmatique|bpco|asma|asm[áa]tic[oa]|epoc|asthmatiker(?:in)?)\b/],
  [
    'older-adult',
    /\b(over (?:6[5-9]|[7-9]\d)|(?:6[5-9]|[7-9]\d)[ -](?:years?|yrs?)[ -]old|aged (?:6[5-9]|[7-9]\d)|in my (?:70s|80s|seventies|eighties)|senior citizen|pensioner|retiree)\b|\b(?:j'ai|j’ai|tengo|bin|ich bin) (?:6[5-9]|[7-9]\d) (?:ans|años|jahre)\b/,
  ],
  [
    'eating-disorder',
    /\b(eating disorder|anorexi\w{0,24}|bulimi\w{0,24}|binge[- ]eating|arfid|orthorexi\w{0,24}|boulimi\w{0,24}|hyperphagie|essst[öo]rung(?:en)?|magersucht|troubles? (?:du comportement )?alimentaires?|trastornos? (?:de la conducta )?alimentari[oa]s?)\b/,
  ],
  [
    'depression',
    /\b(depress(?:ed|ion|ive)|low mood|d[ée]pression|d[ée]pressi(?:f|ve)|d[ée]prim[ée]e?|depresi[óo]n|deprimid[oa]|depressionen|depressiv)\b/,
  ],
  [
    'anxiety',
    /\b(anxiety|anxious|panic attacks?|panic disorder|anxieu(?:x|se)|crises? d'angoisse|attaques? de panique|ansiedad|ansios[oa]|ataques? de p[áa]nico|angstst[öo]rung(?:en)?|panikattacken?|angstzust[äa]nde)\b|\banxi[ée]t[ée]/,
  ],
  ['crisis', /\b(suicid\w{0,24}|self[- ]harm\w{0,24}|kill myself|end my life|want to die|hurt myself)\b/],
  [
    'sleep-apnea',
    /\b(sleep apn(?:o)?ea|apn(?:o)?ea|snor(?:e|ing)|cpap|gasping|apn[ée]es? du sommeil|ronfle\w{0,24}|apnea del sue[ñn]o|ronquidos?|schlafapnoe|schnarch\w{0,24})\b/,
  ],
  ['bipolar', /\b(bipolar|mania|manic|bipolaire)\b/],
  ['epilepsy', /\b(epilep\w{0,24}|seizures?|convulsions?|convulsiones|krampfanf[äa]lle?)\b|[ée]pilep\w{0,24}/],
  [
    'shift-work',
    /\b(night shifts?|shift work(?:er)?|rotating shifts?|work shifts|nights shifts|travaille de nuit|travail de nuit|horaires d[ée]cal[ée]s|trabajo (?:a|por) turnos|turnos? de noche|turnos rotativos|schichtarbeit|schichtdienst|nachtschichten?|wechselschicht)\b/,
  ],
]

function findConditions(t: string): Condition[] {
  const clean = stripNegated(t)
  // A crisis is listed whatever words surround it: missing it costs more than a false alarm.
  return CONDITIONS.filter(([cond, re]) => re.test(cond === 'crisis' ? t : clean)).map(([c]) => c)
}

// ------------------------------------------------------------------ equipment

const EQUIPMENT: Array<[Equipment, RegExp]> = [
  ['dumbbells', /\b(dumb-?bells?|dumbells?|free weights|hand weights|kurzhantel\w{0,24}|halt[èe]res?|mancuernas?)\b/],
  ['kettlebell', /\b(kettle-?bells?|kettle bells?)\b/],
  ['bands', /\b((?:resistance |exercise |loop )?bands?|theraband)\b/],
  ['barbell', /\b(barbells?|squat rack|power rack|home gym)\b/],
  ['gym', /\b(gym|gym membership|fitness (?:centre|center|studio)|leisure centre|fitnessstudio|salle de sport|gimnasio)\b/],
  ['pullup-bar', /\b(pull-?up bar|chin-?up bar|doorway bar)\b/],
  ['treadmill', /\b(treadmill|running machine|laufband|tapis de course)\b/],
  ['bike', /\b(bikes?|bicycles?|cycling|spin bike|exercise bike|stationary bike|turbo trainer|velo|v[ée]lo|fahrrad)\b/],
  ['pool', /\b(pool|swimming|piscine|schwimmbad|piscina)\b/],
]

function findEquipment(t: string): Equipment[] {
  const negatedGym =
    /\b(no|without|not? (?:a|any)?|don'?t have (?:a|any)?)\s{0,3}(gym|equipment|weights|dumbbells)\b|\b(bodyweight|body weight|at home only|no kit)\b/.test(
      t
    )
  const clean = stripNegated(t)
  const found = EQUIPMENT.filter(([, re]) => re.test(clean)).map(([e]) => e)
  if (found.length === 0 && negatedGym) return ['none']
  return found
}
