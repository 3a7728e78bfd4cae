import criteria from '../rules/criteria.json'
import rules from '../rules/mixture.json'
import { parseAtes, type Form } from '../concentration'
import { ACUTE_H, abbrOf, acuteRoute, categoryOf, type Route } from '../pairs'
import type { MixtureClass, MixtureComponent, MixtureTestData } from './types'

type Table = { bounds: number[]; unit: string } & Record<string, number>

/**
 * Acute toxicity of a mixture per route: the mixture's own test value if given, else ATEmix by
 * the additivity formula over relevant ingredients (CLP Annex I 3.1.3.6.1), each ingredient's
 * ATE from Annex VI or the converted point estimate of its category (Table 3.1.2), with the
 * unknown-toxicity adjustment when such ingredients make up 10 % or more (3.1.3.6.2.3).
 */
export function acuteToxicity(
  components: MixtureComponent[],
  test: MixtureTestData,
  inhalationForm: Form
): { classes: MixtureClass[]; ate: Partial<Record<Route, number>>; notes: string[] } {
  const classes: MixtureClass[] = []
  const ate: Partial<Record<Route, number>> = {}
  const notes: string[] = []
  const relevant = components.filter((c) => c.concentration >= rules.relevantAtLeast.value)
  const unknownShare = (route: Route) =>
    relevant
      .filter((c) => c.acuteUnknown === true || (Array.isArray(c.acuteUnknown) && c.acuteUnknown.includes(route)))
      .reduce((s, c) => s + c.concentration, 0)
  const notedUnknown = new Set<number>()
  for (const route of ['oral', 'dermal', 'inhalation'] as const) {
    const unknown = unknownShare(route)
    const table = criteria.acutePointEstimates[route === 'inhalation' ? inhalationForm : route] as unknown as Table
    const measured = test.acute_tox?.[route]
    if (measured !== undefined) {
      ate[route] = measured
      const cat = categoryFor(measured, table)
      if (cat)
        classes.push({
          cls: `Acute Tox. ${cat}`,
          h: ACUTE_H[route][cat - 1],
          basis: 'test data',
          detail: `LD50/LC50 of the mixture ${measured} ${table.unit} (${route}), CLP Annex I 3.1.3.2`,
        })
      continue
    }
    let sum = 0
    const terms: string[] = []
    for (const c of relevant) {
      const own = ownAte(c, route, table)
      if (own === null) continue
      sum += c.concentration / own.value
      terms.push(`${c.name} ${c.concentration} % / ${own.value} (${own.source})`)
    }
    if (sum === 0) continue
    const adjusted = unknown > rules.acute.unknownAdjustmentAbove
    const value = (adjusted ? 100 - unknown : 100) / sum
    ate[route] = round(value)
    const formula = `${adjusted ? `(100 − ${unknown} % of unknown toxicity)` : '100'} / ATEmix = ${terms.join(' + ')}`
    const cat = categoryFor(value, table)
    if (cat)
      classes.push({
        cls: `Acute Tox. ${cat}`,
        h: ACUTE_H[route][cat - 1],
        basis: 'additivity formula',
        detail: `ATEmix (${route}) ${round(value)} ${table.unit}: ${formula} (${rules.acute.cite})`,
      })
    else
      notes.push(
        `Acute toxicity (${route}): ATEmix ${round(value)} ${table.unit} is above the Category 4 limit: not classified (${formula}).`
      )
  }
  for (const route of ['oral', 'dermal', 'inhalation'] as const) {
    const unknown = unknownShare(route)
    if (unknown > 0 && unknown <= rules.acute.unknownAdjustmentAbove && !notedUnknown.has(unknown)) {
      notedUnknown.add(unknown)
      notes.push(`Ingredients of unknown acute toxicity make up ${unknown} % (10 % or less: no adjustment, CLP Annex I 3.1.3.6.2.3).`)
    }
  }
  return { classes, ate, notes }
}

/**
 * The ATE an ingredient enters the formula with: the ATE of its Annex VI entry; else its own
 * LD50/LC50 where that falls within a category (3.1.3.6.1(a): data outside every category are
 * ignored) and agrees with the category it is classified in; else the converted point estimate
 * of its category (Table 3.1.2). An ingredient with no class and no data in a category is left out.
 */
function ownAte(c: MixtureComponent, route: Route, table: Table): { value: number; source: string } | null {
  const pair = c.pairs.find((p) => abbrOf(p) === 'Acute Tox.' && acuteRoute(p) === route)
  const given = parseAtes(c.limits)[route]
  if (pair && given !== undefined) return { value: given, source: 'ATE of CLP Annex VI' }
  const cat = pair ? categoryOf(pair) : null
  const measured = c.acuteData?.[route]
  const measuredCat = measured !== undefined ? categoryFor(measured, table) : null
  if (measured !== undefined && measuredCat !== null && (cat === null || String(measuredCat) === cat))
    return { value: measured, source: `LD50/LC50 of the ingredient, within Category ${measuredCat}` }
  const converted = cat ? table[cat] : undefined
  return converted === undefined ? null : { value: converted, source: `converted point estimate of Category ${cat}, CLP Table 3.1.2` }
}

function categoryFor(value: number, table: Table): number | null {
  const i = table.bounds.findIndex((b) => value <= b)
  return i < 0 ? null : i + 1
}

function round(x: number): number {
  return x >= 100 ? Math.round(x) : Number(x.toPrecision(3))
}
