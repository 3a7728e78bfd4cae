import { tokenize } from '../safety/tokens'
import type { Loc } from '../locale/translate'
import DATA from './offdays.json'
import type { Step } from './types'

/**
 * Off days that belong to the goal (issue 31 §1): each kind of goal has its own short tasks
 * about its own object (offdays.json), and once they run out an off day is plain rest that
 * names the next session. A plan never borrows another kind's line ("plan 3 meals" in a
 * coding plan), and only a goal with lessons, classes or a coach is asked to book them.
 */
export type OffDayFamily = keyof typeof DATA.families

const FAMILIES = DATA.families as Record<OffDayFamily, { rest: 'body' | 'mind'; tasks: string[] }>
const BY_KIND = DATA.byKind as Record<string, OffDayFamily>
const BY_ARCHETYPE = DATA.byArchetype as Record<string, OffDayFamily>
const BOOKABLE = new Set(DATA.bookable.words.flatMap((w) => tokenize(w)))

/** The family of a routed goal: its archetype's own when the data names one, else its kind's. */
export function offDayFamily(kind: string, archetype: string | null): OffDayFamily {
  return (archetype ? BY_ARCHETYPE[archetype] : undefined) ?? BY_KIND[kind] ?? 'general'
}

/** The goal or its context names sessions someone else runs (lessons, a class, a coach). */
export function hasBookableSessions(text: string): boolean {
  return tokenize(text).some((t) => BOOKABLE.has(t))
}

/** The family's tasks in order of use, with the booking task first when there is something to book. */
export function sharedRecovery(label: string, budget: number, loc: Loc, family: OffDayFamily, bookable = false): Step[] {
  const ids = [...(bookable ? ['book'] : []), ...FAMILIES[family].tasks.map((id) => `${family}.${id}`)]
  const params = { label, duration: loc.duration(Math.min(budget, 10)) }
  return ids.map((id) => {
    const title = loc.t(`recovery.${id}.title`, params)
    const text = loc.t(`recovery.${id}.text`, params)
    return {
      title: title.text,
      description: text.text,
      minutes: Math.min(minutesOf(text.text), budget),
      load: 0,
      lang: title.lang === text.lang ? title.lang : 'en',
    }
  })
}

/**
 * An off day with no task left: rest, naming the next day that asks something of the person.
 * The eve of that day has its own title, so two rest days in a row read differently.
 */
export function restDay(family: OffDayFamily, today: number, next: { day: number; title: string }, loc: Loc): Step {
  const id = `recovery.rest.${FAMILIES[family].rest}`
  const params = { day: next.day, next: next.title, left: next.day - today }
  const key = next.day === today + 1 ? `${id}.eve` : id
  const title = loc.t(`${key}.title`, params)
  const text = loc.t(`${key}.text`, params)
  return { title: title.text, description: text.text, minutes: 1, load: 0, lang: title.lang === text.lang ? title.lang : 'en' }
}

// Every task text states its length ("(5 minutes)"); that is its dose. Ten minutes at most.
function minutesOf(text: string): number {
  const m = /\((\d{1,2})\s/.exec(text) ?? /\b(\d{1,2})\s(?:minutes|minutos|Minuten)\b/.exec(text)
  return m ? Math.min(10, Number(m[1])) : 10
}
