import type { Lang } from './detect'
import EN from './messages/en.json'
import FR from './messages/fr.json'
import ES from './messages/es.json'
import DE from './messages/de.json'

/**
 * Phrase tables of the rules planner (issue 18 §3): one JSON per language, keyed by message id,
 * with `{name}` placeholders. English is the reference; an id another table lacks falls back to
 * English and is counted, so the response can say the plan is not completely translated.
 */
const TABLES: Record<Lang, Record<string, string>> = { en: EN, fr: FR, es: ES, de: DE }

export type Params = Record<string, string | number>

export type Loc = {
  lang: Lang
  /** The message in the plan's language, or English (then the text is marked as English). */
  t: (id: string, params?: Params) => Localised
  /** "10 minutes", "1 Stunde 5 Minuten": a time as a phrase. */
  duration: (min: number) => string
  /** A number as the language writes it (decimal comma in fr, es, de). */
  num: (n: number) => string
  /** A whole number with the language's thousands separator: 80,000 / 80 000 / 80.000. */
  int: (n: number) => string
}

/** A user-visible string with the language it is actually written in. */
export type Localised = { text: string; lang: Lang }

export function hasMessage(lang: Lang, id: string): boolean {
  return id in TABLES[lang]
}

export function createLoc(lang: Lang): Loc {
  const own = TABLES[lang]
  const raw = (id: string): Localised => {
    if (id in own) return { text: own[id], lang }
    if (id in EN) return { text: (EN as Record<string, string>)[id], lang: 'en' }
    throw new Error(`locale: no message ${id}`)
  }
  const num = (n: number) => {
    const s = String(n)
    return s.includes('.') ? s.replace('.', raw('num.decimal').text) : s
  }
  // One pass over the template (ours), so a value that contains "{name}" (a goal's own words) is never filled in again.
  const fill = (s: string, params: Params) => {
    let out = ''
    let i = 0
    while (i < s.length) {
      const open = s.indexOf('{', i)
      const close = open < 0 ? -1 : s.indexOf('}', open)
      if (close < 0) return out + s.slice(i)
      const key = s.slice(open + 1, close)
      const v = Object.hasOwn(params, key) ? params[key] : undefined
      out += s.slice(i, open) + (v === undefined ? s.slice(open, close + 1) : typeof v === 'number' ? num(v) : v)
      i = close + 1
    }
    return out
  }
  const t = (id: string, params: Params = {}): Localised => {
    const m = raw(id)
    return { text: fill(m.text, params), lang: m.lang }
  }
  const unit = (n: number, name: string) => t(`unit.${name}.${n === 1 ? 'one' : 'other'}`, { n }).text
  const duration = (min: number) => {
    if (min < 60) return unit(min, 'minute')
    const h = Math.floor(min / 60)
    const m = min % 60
    return m ? `${unit(h, 'hour')} ${unit(m, 'minute')}` : unit(h, 'hour')
  }
  const int = (n: number) => {
    const digits = String(Math.round(Math.abs(n)))
    let out = ''
    for (let i = 0; i < digits.length; i++) out += (i > 0 && (digits.length - i) % 3 === 0 ? raw('num.group').text : '') + digits[i]
    return n < 0 ? `-${out}` : out
  }
  return { lang, t, duration, num, int }
}

/** Every message of a language's table (tests check plans against them). */
export function messagesOf(lang: Lang): Record<string, string> {
  return TABLES[lang]
}
