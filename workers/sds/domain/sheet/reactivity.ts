/**
 * Sections 7 and 10 from the reactive classes of reactivity-rules.json (issue 15): the class is
 * read from the classification (and, for acids and bases, from the strong acid/base list or the
 * name of a corrosive substance), never from the user's text. Every sentence names the rule's
 * sources; where no class applies the sheet says so instead of inventing advice.
 */
import acidsBases from '../ghs/rules/acids-bases.json'
import rules from './reactivity-rules.json'
import { hCodes } from './codes'
import type { Facts } from './facts'
import { NO_DATA } from './model'

type ReactiveClass = (typeof rules.classes)[number]

/** Whole words of a name, lower case, split on anything that is not a letter (linear, no regex backtracking). */
function words(name: string): Set<string> {
  return new Set(
    name
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter(Boolean)
  )
}

export function reactiveClasses(f: Facts): ReactiveClass[] {
  const codes = hCodes(f)
  const kind = f.cas ? acidsBases.substances.find((s) => s.cas === f.cas)?.kind : undefined
  const names = [f.productName, ...f.synonyms].map(words)
  return rules.classes.filter((c) => {
    const w = c.when as { h?: string[]; acidBase?: string; nameWords?: string[]; nameNeedsH?: string[] }
    if (w.h?.some((h) => codes.has(h))) return true
    if (w.acidBase && kind) return kind === w.acidBase
    // A name ("acetic acid", "calcium hydroxide") decides acid or base only for a substance
    // classified corrosive: an acid salt or a weak, non-corrosive acid gets no acid rule.
    if (w.nameWords && w.nameNeedsH?.some((h) => codes.has(h))) return names.some((n) => w.nameWords!.some((x) => n.has(x)))
    return false
  })
}

function cite(classes: ReactiveClass[]): string {
  const keys = [...new Set(classes.flatMap((c) => c.source))] as Array<keyof typeof rules.sources>
  return keys.map((k) => rules.sources[k].short).join('; ')
}

const named = (classes: ReactiveClass[]) => classes.map((c) => c.name).join('; ')

/** Incompatible materials, never the substance's own kind (an acid is not incompatible with acids). */
export function incompatibilities(f: Facts): string {
  const niosh = f.niosh?.incompatibilities
  const own = fromClasses(f)
  if (!niosh) return own
  const listed = `NIOSH Pocket Guide to Chemical Hazards, incompatibilities and reactivities of this substance: ${niosh}${/[.\]]$/.test(niosh) ? '' : '.'}`
  // Where the classification gives no incompatible material, the Guide's list is the only one.
  return reactiveClasses(f).some((c) => c.incompatible.length)
    ? `${own} ${listed}`
    : `${listed} No further incompatibility follows from the classification.`
}

function fromClasses(f: Facts): string {
  const classes = reactiveClasses(f)
  const own = new Set(classes.map((c) => c.id))
  const items = [
    ...new Set(
      classes.flatMap((c) => c.incompatible.filter((i) => !('unlessClass' in i) || !own.has(i.unlessClass as string)).map((i) => i.text))
    ),
  ]
  if (!items.length)
    return has314(f)
      ? `${NO_DATA}: the substance is corrosive, but whether it reacts as an acid or a base is not in the sources used; the supplier must state its incompatible materials.`
      : `${NO_DATA}: no incompatibility follows from the classification, and the sources used give none.`
  return `Keep away from: ${items.join('; ')}. (Reactive class: ${named(classes)}; sources: ${cite(classes)}.)`
}

const has314 = (f: Facts) => hCodes(f).has('H314')

export function handlingAdvice(f: Facts): string[] {
  const classes = reactiveClasses(f)
  const lines = classes.flatMap((c) => c.handling)
  return lines.length ? [...lines, `(Sources: ${cite(classes.filter((c) => c.handling.length))}.)`] : []
}

export function storageAdvice(f: Facts): string[] {
  const classes = reactiveClasses(f)
  const lines = classes.flatMap((c) => c.storage)
  return lines.length ? [...lines, `(Sources: ${cite(classes.filter((c) => c.storage.length))}.)`] : []
}

export function reactivity(f: Facts): string {
  const classes = reactiveClasses(f)
  if (!classes.length) return `${NO_DATA}: no reactivity hazard is classified and no test data are in the sources used.`
  return `${classes.map((c) => c.reactivity).join(' ')} (From the classification in Section 2; sources: ${cite(classes)}.)`
}

export function hazardousReactions(f: Facts): string {
  const classes = reactiveClasses(f).filter((c) => c.reactions.length)
  if (!classes.length) return `${NO_DATA}: none follow from the classification, and the sources used report none.`
  return `${classes.flatMap((c) => c.reactions).join(' ')} (Sources: ${cite(classes)}.)`
}

export function conditionsToAvoid(f: Facts): string {
  const classes = reactiveClasses(f)
  const items = [...new Set(classes.flatMap((c) => c.avoid))]
  return items.length ? `Avoid ${items.join('; ')}.` : `${NO_DATA}: none follow from the classification.`
}

/** Products of the reactions above (10.6), next to what the elemental composition gives in a fire. */
export function reactionProducts(f: Facts): string | null {
  const items = [...new Set(reactiveClasses(f).flatMap((c) => c.decomposition))]
  return items.length ? `In the reactions of 10.3: ${items.join('; ')}.` : null
}

/** Section 16: the full reference of every rule source used on this sheet. */
export function reactivitySources(f: Facts): string[] {
  const keys = [...new Set(reactiveClasses(f).flatMap((c) => c.source))] as Array<keyof typeof rules.sources>
  return keys.map((k) => `Sections 7 and 10 (handling, storage, incompatibilities, reactivity): ${rules.sources[k].full}.`)
}

/** 10.2 from the classes that mean instability; otherwise what the classification does and does not show. */
export function stability(f: Facts): string {
  const classes = reactiveClasses(f).filter((c) => 'stability' in c && c.stability)
  if (!classes.length) return rules.stabilityNone
  return `${classes.map((c) => (c as { stability: string }).stability).join(' ')} (Sources: ${cite(classes)}.)`
}
