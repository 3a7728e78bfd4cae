import { alternation, escapeRegex, phrases } from './phrases'
import READINGS from './readings.json'

/**
 * Days a week said as habits (issue 31 §2): "on fridays", "samstags", "le week-end", "los
 * sábados" — a habitual weekday is one day a week, the weekend two. Words are data
 * (readings.json `habit_days`). Each reading keeps where it was said, for `context_used.facts`.
 */
export type DaysAt = { days: number; start: number; end: number }

const H = READINGS.habit_days

// One regex per weekday (all languages), so naming the same day twice counts once.
const WEEKDAY_RES = [0, 1, 2, 3, 4, 5, 6].map((i) => {
  const forms: string[] = []
  for (const [lang, names] of Object.entries(H.days)) {
    const name = names[i]
    for (const h of (H.habit as Record<string, string[]>)[lang] ?? []) {
      forms.push(h.replace('{ds}', `${name}s`).replace('{d}', name))
    }
  }
  return new RegExp(
    `(?<![\\p{L}])(?:${forms
      .map(escapeRegex)
      .map((f) => f.replace(/ /g, '\\s{1,3}'))
      .join('|')})(?![\\p{L}])`,
    'u'
  )
})
const WEEKEND = new RegExp(alternation(phrases(H.weekend)), 'u')
const WEEKDAYS = new RegExp(alternation(phrases(H.weekdays)), 'u')

export function habitDays(t: string): DaysAt[] {
  const out: DaysAt[] = []
  const named = WEEKDAY_RES.map((re) => re.exec(t)).filter((m): m is RegExpExecArray => m !== null)
  // A weekend read from "saturdays and sundays" is already two named days.
  if (named.length) {
    const start = Math.min(...named.map((m) => m.index))
    const end = Math.max(...named.map((m) => m.index + m[0].length))
    out.push({ days: named.length, start, end })
  }
  const weekend = WEEKEND.exec(t)
  const weekdays = WEEKDAYS.exec(t)
  if (weekdays) out.push({ days: 5, start: weekdays.index, end: weekdays.index + weekdays[0].length })
  else if (weekend && !named.length) out.push({ days: 2, start: weekend.index, end: weekend.index + weekend[0].length })
  return out
}
