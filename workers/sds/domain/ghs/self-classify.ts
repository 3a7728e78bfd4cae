/**
 * Classification by the supplier from data, by the GHS/CLP criteria in rules/criteria.json,
 * for the hazard classes CLP Annex VI leaves open: flammable liquids and gases (flash point,
 * boiling point, flammability limits), acute oral toxicity (LD50), skin corrosion and
 * corrosion to metals (strong acids and bases). Pure: data in, pairs and the data judged out.
 */
import acidsBases from './rules/acids-bases.json'
import criteria from './rules/criteria.json'
import type { Jurisdiction } from './phrases'
import { abbrOf, acuteRoute, categoryOf, isMinimum, type Pair } from './pairs'

export type Data = {
  cas: string | null
  meltingC: number | null
  boilingC: number | null
  flashC: number | null
  lelPct: number | null
  uelPct: number | null
  propertiesSource: string | null
  ld50OralMgKg: number | null
  ld50Source: string | null
  /** Dermal LD50 (mg/kg) and inhalation LC50 (4 h; ppmV for gases, mg/l for vapours, dusts and mists), where a source gives them. */
  ld50DermalMgKg?: number | null
  lc50Inhalation?: { value: number; form: 'gas' | 'vapour' | 'dust' } | null
  toxSource?: string | null
  /** The sheet is for the substance as a gas (not a solution of it). */
  asGas: boolean
  /** The sheet is for an aqueous solution. */
  solution: boolean
}

export type SelfClassification = {
  add: Pair[]
  /** Harmonised pairs replaced by a more severe category the data show (Annex VI Part 1, 1.2.1). */
  replace: Array<{ from: Pair; to: Pair }>
  /** The data each criterion was judged on, with the outcome, for the sheet. */
  judged: string[]
  /** What a criterion needed and our data lack. */
  missing: string[]
}

const FLAMMABLE = new Set(['Flam. Liq.', 'Flam. Gas', 'Flam. Sol.', 'Pyr. Liq.', 'Pyr. Sol.', 'Aerosol', 'Self-heat.', 'Water-react.'])

const fl = criteria.flammableLiquids
const fg = criteria.flammableGases
const ao = criteria.acuteOral

export function selfClassify(current: Pair[], d: Data, j: Jurisdiction): SelfClassification {
  const out: SelfClassification = { add: [], replace: [], judged: [], missing: [] }
  const has = (abbr: string) => current.some((p) => abbrOf(p) === abbr)
  const src = d.propertiesSource ? ` (${d.propertiesSource.split(';')[0].split(' via ')[0]})` : ''

  // Flammability: only where Annex VI has no flammability class at all.
  if (![...FLAMMABLE].some(has)) {
    if (d.asGas) flammableGas(d, out, src)
    else if (d.solution) out.missing.push('flash point of the solution (flammable liquids, CLP Annex I 2.6)')
    else flammableLiquid(d, out, src, j)
  }

  // Acute oral toxicity from a rat oral LD50.
  const oral = current.find((p) => acuteRoute(p) === 'oral')
  if (d.ld50OralMgKg === null) {
    if (!oral) out.missing.push('oral LD50 (acute toxicity, oral)')
  } else {
    const v = d.ld50OralMgKg
    const i = ao.categories.findIndex((c) => v <= c.atMost)
    const seen = `oral LD50 (rat) ${v} mg/kg (${d.ld50Source?.split(';')[0].split(',')[0]})`
    if (oral) {
      const harmonised = Number(categoryOf(oral))
      if (isMinimum(oral) && i >= 0 && i + 1 < harmonised) {
        const to: Pair = {
          cls: `Acute Tox. ${ao.categories[i].category}`,
          h: ao.categories[i].h,
          basis: `${seen}: Category ${ao.categories[i].category} (${ao.cite}), more severe than the harmonised minimum`,
          by: 'supplier',
        }
        out.replace.push({ from: oral, to })
        out.judged.push(
          `${seen}: Category ${ao.categories[i].category}, which replaces the harmonised minimum classification ${oral.cls} (CLP Annex VI Part 1, 1.2.1).`
        )
      } else {
        out.judged.push(
          `${seen}${i >= 0 ? `: Category ${ao.categories[i].category}` : ': above 2000 mg/kg'}; the harmonised classification ${oral.cls} ${isMinimum(oral) ? 'is a minimum and is kept' : 'applies'}.`
        )
      }
    } else if (i >= 0) {
      const c = ao.categories[i]
      out.add.push({ cls: `Acute Tox. ${c.category}`, h: c.h, basis: `${seen}: ≤ ${c.atMost} mg/kg (${ao.cite})`, by: 'supplier' })
      out.judged.push(`${seen}: Acute Tox. ${c.category} (≤ ${c.atMost} mg/kg; ${ao.cite}).`)
    } else {
      out.judged.push(`${seen}: above 2000 mg/kg, not classified for acute oral toxicity (${ao.cite}).`)
    }
  }
  acuteFromValue(current, out, 'dermal', d.ld50DermalMgKg ?? null, 'dermal', 'dermal LD50', d.toxSource ?? null)
  const lc = d.lc50Inhalation ?? null
  acuteFromValue(
    current,
    out,
    'inhalation',
    lc?.value ?? null,
    lc?.form ?? 'vapour',
    `inhalation LC50 (4 h, ${lc?.form ?? ''})`,
    d.toxSource ?? null
  )

  // Strong acids and bases: corrosive to skin (extreme pH) and to metals.
  const ab = d.cas ? acidsBases.substances.find((s) => s.cas === d.cas) : undefined
  if (ab) {
    const word = ab.kind === 'acid' ? 'strong acid (pH ≤ 2 in solution)' : 'strong base (pH ≥ 11.5 in solution)'
    if (!has('Skin Corr.') && !has('Skin Irrit.')) {
      out.add.push({
        cls: 'Skin Corr. 1',
        h: 'H314',
        basis: `${ab.name}: ${word}; GHS Rev. 10 Figure 3.2.1, CLP Annex I 3.2.2, OSHA App. A.2 (extreme pH); sub-category not determinable from the data`,
        by: 'supplier',
      })
      out.judged.push(`${ab.name} is a ${word}: Skin Corr. 1 (extreme pH; GHS Rev. 10 3.2, CLP Annex I 3.2, OSHA App. A.2).`)
    }
    if (!has('Met. Corr.') && !d.asGas) {
      out.add.push({
        cls: 'Met. Corr. 1',
        h: 'H290',
        basis: `${ab.name}: ${ab.metals} (GHS Rev. 10 2.16, CLP Annex I 2.16: corrosion of steel or aluminium above 6.25 mm/year at 55 °C)`,
        by: 'supplier',
      })
      out.judged.push(`${ab.name}: ${ab.metals}; Met. Corr. 1 (GHS Rev. 10 2.16, CLP Annex I 2.16, OSHA App. B.16).`)
    }
  }
  return out
}

const ACUTE_H = { dermal: ['H310', 'H310', 'H311', 'H312'], inhalation: ['H330', 'H330', 'H331', 'H332'] } as const

/**
 * Dermal LD50 and inhalation LC50 against the category limits of CLP Table 3.1.1 / GHS Table
 * 3.1.1 / OSHA Table A.1.1 (the `bounds` of criteria.acutePointEstimates), with the same rules
 * for harmonised minimum classifications as the oral route.
 */
function acuteFromValue(
  current: Pair[],
  out: SelfClassification,
  route: 'dermal' | 'inhalation',
  value: number | null,
  table: 'dermal' | 'gas' | 'vapour' | 'dust',
  what: string,
  source: string | null
): void {
  const harmonised = current.find((p) => acuteRoute(p) === route)
  if (value === null) {
    if (!harmonised)
      out.missing.push(route === 'dermal' ? 'dermal LD50 (acute toxicity, dermal)' : 'LC50 by inhalation (acute toxicity, inhalation)')
    return
  }
  const t = criteria.acutePointEstimates[table]
  const i = t.bounds.findIndex((b) => value <= b)
  const seen = `${what} ${value} ${t.unit}${source ? ` (${source})` : ''}`
  const cite = criteria.acutePointEstimates.cite.split(';')[0].replace(' and Table 3.1.2 (converted acute toxicity point estimates)', '')
  if (harmonised) {
    const cat = Number(categoryOf(harmonised))
    if (isMinimum(harmonised) && i >= 0 && i + 1 < cat) {
      const to: Pair = {
        cls: `Acute Tox. ${i + 1}`,
        h: ACUTE_H[route][i],
        basis: `${seen}: Category ${i + 1}, more severe than the harmonised minimum`,
        by: 'supplier',
      }
      out.replace.push({ from: harmonised, to })
      out.judged.push(
        `${seen}: Category ${i + 1}, which replaces the harmonised minimum classification ${harmonised.cls} (CLP Annex VI Part 1, 1.2.1).`
      )
    } else
      out.judged.push(
        `${seen}; the harmonised classification ${harmonised.cls} ${isMinimum(harmonised) ? 'is a minimum and is kept' : 'applies'}.`
      )
    return
  }
  if (i < 0) {
    out.judged.push(`${seen}: above the Category 4 limit, not classified for acute ${route} toxicity (CLP Table 3.1.1).`)
    return
  }
  out.add.push({
    cls: `Acute Tox. ${i + 1}`,
    h: ACUTE_H[route][i],
    basis: `${seen}: ≤ ${t.bounds[i]} ${t.unit} (CLP Annex I Table 3.1.1; GHS Table 3.1.1; OSHA Table A.1.1)`,
    by: 'supplier',
  })
  out.judged.push(`${seen}: Acute Tox. ${i + 1} (CLP Table 3.1.1).`)
  void cite
}

function flammableLiquid(d: Data, out: SelfClassification, src: string, j: Jurisdiction): void {
  if (d.meltingC !== null && d.meltingC > 20) {
    out.judged.push(`melting point ${d.meltingC} °C${src}: a solid at 20 °C, the flammable liquid criteria do not apply.`)
    out.missing.push('flammable solid test (burning rate, CLP Annex I 2.7)')
    return
  }
  if (d.flashC === null) {
    out.missing.push('flash point (flammable liquids)')
    return
  }
  const f = d.flashC
  const b = d.boilingC
  for (const c of fl.categories) {
    if ((c as { only?: string }).only && (c as { only?: string }).only !== j) continue
    const x = c as {
      flashBelow?: number
      flashAtLeast?: number
      flashAtMost?: number
      flashAbove?: number
      boilingAtMost?: number
      boilingAbove?: number
    }
    if (x.flashBelow !== undefined && !(f < x.flashBelow)) continue
    if (x.flashAtLeast !== undefined && !(f >= x.flashAtLeast)) continue
    if (x.flashAbove !== undefined && !(f > x.flashAbove)) continue
    if (x.flashAtMost !== undefined && !(f <= x.flashAtMost)) continue
    if (x.boilingAtMost !== undefined || x.boilingAbove !== undefined) {
      if (b === null) {
        // Without the boiling point, Category 1 (the more severe) until it is known.
        out.add.push({
          cls: 'Flam. Liq. 1',
          h: 'H224',
          basis: `flash point ${f} °C${src} < 23 °C; boiling point not in our data, so Category 1 until the initial boiling point is known (${fl.cite})`,
          by: 'supplier',
        })
        out.judged.push(`flash point ${f} °C${src}: Flam. Liq. 1 (boiling point not in our data; Category 2 if it is above 35 °C).`)
        return
      }
      if (x.boilingAtMost !== undefined && !(b <= x.boilingAtMost)) continue
      if (x.boilingAbove !== undefined && !(b > x.boilingAbove)) continue
    }
    out.add.push({
      cls: `Flam. Liq. ${c.category}`,
      h: c.h,
      basis: `flash point ${f} °C${b !== null ? `, boiling point ${b} °C` : ''}${src} (${fl.cite})`,
      by: 'supplier',
    })
    out.judged.push(`flash point ${f} °C${b !== null ? `, boiling point ${b} °C` : ''}${src}: Flam. Liq. ${c.category} (${fl.cite}).`)
    return
  }
  out.judged.push(`flash point ${f} °C${src}: above ${j === 'us' ? 93 : 60} °C, not a flammable liquid (${fl.cite}).`)
}

function flammableGas(d: Data, out: SelfClassification, src: string): void {
  if (d.lelPct === null || d.uelPct === null) {
    out.missing.push('flammability limits in air (flammable gases, CLP Annex I 2.2)')
    return
  }
  const range = d.uelPct - d.lelPct
  const seen = `flammability limits ${d.lelPct} to ${d.uelPct} % in air${src}`
  if (!(d.lelPct <= fg.category1A.lelAtMost || range >= fg.category1A.rangeAtLeast)) {
    out.judged.push(`${seen}: not flammable by the Category 1A criteria; Category 2 needs data not in our sources.`)
    out.missing.push('flammable range for Category 2 (flammable gases)')
    return
  }
  const oneB = d.lelPct > fg.category1B.lelAbove
  const cat = oneB ? '1B' : '1A'
  out.add.push({
    cls: `Flam. Gas ${cat}`,
    h: oneB ? fg.category1B.h : fg.category1A.h,
    basis: `${seen}: flammable range ${round(range)} percentage points${oneB ? '; lower limit above 6 %' : ''} (${fg.cite})`,
    by: 'supplier',
  })
  out.judged.push(`${seen}: Flam. Gas ${cat} (${fg.cite}).`)
}

function round(x: number): number {
  return Math.round(x * 10) / 10
}
