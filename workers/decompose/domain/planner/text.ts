import type { GoalText } from './types'

export const TITLE_MAX = 60

/** "1 session", "3 sessions". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`
}

/** Minutes as people say them: "45 minutes", "1 hour 10 minutes". */
export function duration(min: number): string {
  if (min < 60) return plural(min, 'minute')
  const h = Math.floor(min / 60)
  const m = min % 60
  return m ? `${plural(h, 'hour')} ${plural(m, 'minute')}` : plural(h, 'hour')
}

/** Adjective form: "10-minute", "1-hour 10-minute" is avoided by using the noun form past an hour. */
export function minutesLong(min: number): string {
  return min < 60 ? `${min}-minute` : duration(min)
}

/** Seconds as a short interval: "60 s", "90 s", "2 min", "4 min 30 s". */
export function interval(seconds: number): string {
  if (seconds < 120) return `${seconds} s`
  const m = Math.floor(seconds / 60)
  const s = seconds % 60
  return s ? `${m} min ${s} s` : `${m} min`
}

/** Cuts at a word boundary so a title never passes the limit; content should rarely need it. */
export function fitTitle(title: string, max = TITLE_MAX): string {
  if (title.length <= max) return title
  const cut = title.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,:;–-]{1,60}$/, '')}…`
}

export function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1)
}

const LEADING =
  /^(?:(?:i|we)\s{1,3}(?:really\s{1,3})?(?:want|would like|wanna|need|hope|plan|am going|'m going|intend|aim|am trying|'m trying)\s{1,3}to\s{1,3}|i'?d\s{1,3}(?:really\s{1,3})?like\s{1,3}to\s{1,3}|(?:my\s{1,3})?goal(?:\s{1,3}is)?(?:\s{1,3}to)?[:\s]+|help\s{1,3}me\s{1,3}(?:to\s{1,3})?|how\s{1,3}(?:do|can)\s{1,3}i\s{1,3}|to\s{1,3}|(?:finally\s{1,3})?)/i

/**
 * Reads the goal text once: trimmed original, lower-cased copy and a short label for titles.
 * German capitalises nouns ("Kundenbeschwerden im Team reduzieren"), so its first letter stays.
 */
export function readGoal(goal: string, lang?: string): GoalText {
  const text = goal.trim().replace(/\s+/g, ' ')
  let label = trimEndOf(text.replace(LEADING, ''), '.!?…').trim()
  if (!label) label = text
  if (lang !== 'de' && /^[A-Z][a-z]/.test(label) && !/^(I|English|Spanish|French|German|Italian|Japanese|Chinese|Korean)\b/.test(label)) {
    label = label.charAt(0).toLowerCase() + label.slice(1)
  }
  return { text, lower: text.normalize('NFKC').toLowerCase(), label: shorten(label, 34), whole: label }
}

/**
 * A title built around the goal's own words: the label gets all the room the template leaves
 * under TITLE_MAX, so "Abschluss: Kundenbeschwerden im Team reduzieren" is not cut at 34
 * characters; only a goal longer than the room is shortened (at a word boundary).
 */
export function titleWithLabel(template: (label: string) => string, whole: string): string {
  const room = TITLE_MAX - template('').length
  return template(shorten(whole, Math.max(20, room)))
}

/** Shortens a phrase to `max` characters at a word boundary, with an ellipsis when cut. */
export function shorten(s: string, max: number): string {
  if (s.length <= max) return s
  const cut = s.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,:;–-]{1,60}$/, '')}…`
}

/** Joins sentences into one description; each part must already end with punctuation. */
export function sentences(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ')
}

/** Rounds to a friendly step (5 for minutes, 50 for words ...), never below the step. */
export function roundTo(n: number, step: number): number {
  return Math.max(step, Math.round(n / step) * step)
}

/** Week-two dose: the week-one dose raised by about 15%, in whole units, at least +1. */
export function ramp(n: number, factor = 1.15): number {
  return Math.max(n + 1, Math.round(n * factor))
}

/** Drops trailing characters from `chars` with a scan, not a `[…]+$` regex (quadratic on long runs). */
export function trimEndOf(s: string, chars: string): string {
  let end = s.length
  while (end > 0 && chars.includes(s[end - 1])) end--
  return s.slice(0, end)
}
