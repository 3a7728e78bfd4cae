/**
 * Annex VI entries that are for a substance in water, not the substance itself: their name says
 * so ("hydrogen peroxide solution ... %", "sodium hypochlorite, solution ... % Cl active"), or
 * Annex VI has two entries of the substance, one for the pure substance and one whose name leaves
 * the concentration open ("hydrogen chloride" 017-002-00-2 and "hydrochloric acid ... %"
 * 017-002-01-X; "ammonia, anhydrous" and "ammonia ....%"; "hydrogen fluoride" and "hydrofluoric
 * acid ... %"). A sheet for such an entry is a sheet for the solution even when no concentration
 * is given, and its physical properties are those of the pure substance, which it must say.
 * Entries whose "... %" spans the pure substance too (nitric, sulphuric, acetic acid) have no
 * pure sibling and are not solutions.
 */
import { cleanAnnexName } from './resolve'
import { knowledge, type AnnexEntry } from './knowledge'

export type SolutionEntry = {
  /** Why the entry is for the solution, as the sheet prints it. */
  why: string
  /** Annex VI's entry for the pure substance, where it has one. */
  pure: { index: string; name: string; gas: boolean } | null
}

/** "... %", "…%", ". . . %": Annex VI's place for the concentration the supplier states. */
function openConcentration(name: string): boolean {
  const compact = name.replaceAll(' ', '')
  return compact.includes('...%') || compact.includes('…%')
}

let byStem: Map<string, AnnexEntry[]> | null = null

/** Entries sharing the first two groups of the index number (007-001-00-5, 007-001-01-2) or a CAS number. */
function siblings(entry: AnnexEntry): AnnexEntry[] {
  const kb = knowledge()
  if (!byStem) {
    byStem = new Map()
    for (const { entry: e } of kb.byIndexNo.values()) {
      const stem = e.index.slice(0, 7)
      byStem.set(stem, [...(byStem.get(stem) ?? []), e])
    }
  }
  const sameCas = entry.cas.flatMap((cas) => kb.byCas.get(cas)?.annex ?? [])
  return [...new Set([...(byStem.get(entry.index.slice(0, 7)) ?? []), ...sameCas])].filter((e) => e.index !== entry.index)
}

export function solutionEntry(entry: AnnexEntry | null): SolutionEntry | null {
  if (!entry) return null
  const pureEntry = entry.names.every(openConcentration)
    ? (siblings(entry).find((e) => !e.names.some(openConcentration) && !/\bsolution\b/i.test(e.names.join(' '))) ?? null)
    : null
  const named = entry.names.some((n) => /\bsolution\b/i.test(n))
  if (!named && !pureEntry) return null
  const pure = pureEntry
    ? { index: pureEntry.index, name: cleanAnnexName(pureEntry.names[0]), gas: pureEntry.classes.some((c) => c.startsWith('Press. Gas')) }
    : null
  const why = named
    ? `CLP Annex VI index no. ${entry.index} (“${entry.names[0]}”) is the entry for the solution`
    : `CLP Annex VI index no. ${entry.index} (“${entry.names[0]}”) is the entry for the solution; ${pure?.index} is that for ${pure?.name}`
  return { why, pure }
}

/**
 * The entry for the solution of the substance `entry` is the pure form of ("ammonia, anhydrous"
 * 007-001-00-5 → "ammonia ....%" 007-001-01-2, which Annex VI gives CAS 1336-21-6): a request for
 * the substance in water ("ammonia 25%", "hydrogen chloride 37 %", physical_form
 * aqueous_solution) is classified by that entry's specific concentration limits, not by the pure
 * substance's with the generic limits. Only where exactly one such entry names `entry` as its pure form.
 */
export function solutionOfPure(entry: AnnexEntry | null): AnnexEntry | null {
  if (!entry || solutionEntry(entry)) return null
  const found = siblings(entry).filter((e) => solutionEntry(e)?.pure?.index === entry.index)
  return found.length === 1 ? found[0] : null
}
