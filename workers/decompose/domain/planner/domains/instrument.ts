import { tokenize } from '../../safety/tokens'
import type { Lang } from '../../locale/detect'
import DATA from './instruments.json'

/** An instrument's family decides its first lesson (instruments.json): chords are for fretted strings only. */
export type Family = keyof typeof DATA.firstLesson
export type Instrument = { family: Family; name: string }

const BY_WORD = new Map(DATA.instruments.flatMap((i) => i.words.map((w) => [w, i] as const)))
const PERFORMANCE = new Set(DATA.performance)

/**
 * Every word that names an instrument, folded and as written ("batería"), for the classifier. A
 * display name that is not itself one of the words ("alto", "organ": also "high", a body organ)
 * never routes a goal.
 */
export const INSTRUMENT_NAMES: ReadonlySet<string> = new Set([
  ...BY_WORD.keys(),
  ...DATA.instruments.flatMap((i) =>
    Object.values(i.name)
      .map((n) => n.toLowerCase())
      .filter((n) => BY_WORD.has(tokenize(n).join(' ')))
  ),
])

/** The first instrument the goal names, with its name in the plan's language; null when none. */
export function instrumentOf(goal: string, lang: Lang): Instrument | null {
  for (const word of tokenize(goal)) {
    const found = BY_WORD.get(word)
    if (found) return { family: found.family as Family, name: found.name[lang] }
  }
  return null
}

/** The goal names a performance (a recital, an audition, a grade): the player is past day one. */
export function namesPerformance(goal: string): boolean {
  return tokenize(goal).some((w) => PERFORMANCE.has(w))
}

/** Day 1 of a beginner on this instrument's family, `{cue}` and `{name}` filled. */
export function firstLesson(instrument: Instrument, lang: Lang, cue: string): { title: string; text: string } {
  const t = DATA.firstLesson[instrument.family][lang]
  const fill = (s: string) => s.replaceAll('{cue}', cue).replaceAll('{name}', instrument.name)
  return { title: t.title, text: fill(t.text) }
}

/** The session prefix naming the instrument: "Piano practice", "Pratique (violon)". */
export function practicePrefix(instrument: Instrument, lang: Lang): string {
  const name = instrument.name
  return DATA.practice[lang].replaceAll('{Name}', name.charAt(0).toUpperCase() + name.slice(1)).replaceAll('{name}', name)
}

/** The technique exercises of the instrument's family ("rudiments …" for drums), in `lang`. */
export function techniqueOf(instrument: Instrument, lang: Lang): string {
  return DATA.technique[instrument.family][lang]
}
