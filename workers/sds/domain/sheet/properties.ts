/**
 * Section 9.1: the 18 items (a) to (r) of 29 CFR 1910.1200 Appendix D and REACH Annex II
 * (Regulation (EU) 2020/878) 9.1, each from a source with the value's unit and the source named,
 * a calculated value marked as calculated, an estimate as an estimate, and, where no source has
 * the item, the sources that were consulted (issue 15). Pure.
 *
 * Sources, in order of preference per item: Wikidata (CalebBell/chemicals), the US EPA RSL
 * chemical parameters (with their reference per value), the NIOSH Pocket Guide (staged for five
 * substances), and PubChem experimental values where live enrichment is on.
 */
import type { Measured, Properties } from '../chem/knowledge'
import type { Facts } from './facts'
import { stateAt20 } from './facts'
import { NO_DATA } from './model'

export type PropertyItem = {
  /** "(a) Physical state" … as the two annexes number them. */
  item: string
  /** What the sheet prints in the cell, source included. */
  text: string
  /** The source of the printed value, null where the sheet prints none (for Section 16). */
  source: string | null
  /** The value without its source, for Section 16. */
  value?: string
}

const WIKIDATA = 'Wikidata (CC0) via CalebBell/chemicals'
const EPA = 'US EPA RSL chemical parameters'
const NIOSH = 'NIOSH Pocket Guide to Chemical Hazards'
/** The NIOSH Pocket Guide states vapour pressure and solubility at 68 °F unless it prints another temperature. */
const NIOSH_AT = 'at 68 °F (20 °C) unless stated, the Pocket Guide’s convention'

const round1 = (x: number) => Math.round(x * 10) / 10
const fToC = (f: number) => round1(((f - 32) * 5) / 9)

/**
 * Two sources' melting points further apart than this are not measurement scatter but different
 * substances or forms, or an error in one (hydrogen chloride: Wikidata -30 °C, EPA RSL -114.17 °C;
 * n-hexane: -139.4 / -95.3 °C): the sheet then gives both rather than one silently.
 */
const MELTING_POINT_DISAGREE_C = 10

/** `note`: printed after the source, e.g. a second source that disagrees. */
type Found = { text: string; source: string; note?: string }

/** The value of the first source that has one, else "No data available" naming the sources consulted. */
function first(item: string, consulted: string[], ...found: Array<Found | null>): PropertyItem {
  const hit = found.find((x): x is Found => x !== null)
  if (hit) return { item, text: `${hit.text} (source: ${hit.source})${hit.note ?? ''}`, source: hit.source, value: hit.text }
  return { item, text: `${NO_DATA}: not in the sources used (consulted: ${consulted.join('; ')})`, source: null }
}

/** Wikidata or, for the keys PubChem filled, the enrichment's source. */
function bundled(f: Facts, key: keyof Properties, fmt: (v: number) => string): Found | null {
  const v = f.properties?.[key]
  if (v === null || v === undefined) return null
  const source = f.enriched?.keys.includes(key) ? f.enriched.source : WIKIDATA
  return { text: fmt(v), source }
}

function epa(m: Measured | null | undefined, fmt: (v: number) => string): Found | null {
  if (!m) return null
  const estimated = m.ref === 'EPI' ? '; estimated by calculation (EPI Suite), not measured' : ''
  return { text: fmt(m.value), source: `${EPA}, reference ${m.ref ?? 'not given'}${estimated}` }
}

/** The printed value with a note naming a second source that disagrees by more than MELTING_POINT_DISAGREE_C. */
function disagreeing(
  hit: Found | null,
  value: number | null | undefined,
  other: Measured | null | undefined,
  says: (m: Measured) => string
): Found | null {
  if (!hit || value === null || value === undefined || !other || Math.abs(value - other.value) <= MELTING_POINT_DISAGREE_C) return hit
  return { ...hit, note: `; ${says(other)}: the sources disagree, confirm before use` }
}

function niosh<T>(v: T | null | undefined, fmt: (v: T) => string, page?: string): Found | null {
  return v === null || v === undefined ? null : { text: fmt(v), source: page ? `${NIOSH} (${page})` : NIOSH }
}

/** "(74°F): 0.07%" → "0.07 % by weight at 74 °F (23.3 °C)"; "0.002%" → with the Guide's convention. */
function nioshSolubility(s: string): string {
  let temp: number | null = null
  let rest = s.trim()
  if (rest.startsWith('(')) {
    const close = rest.indexOf('):')
    if (close > 0) {
      const t = Number(rest.slice(1, close).replace('°F', ''))
      if (Number.isFinite(t)) temp = t
      rest = rest.slice(close + 2).trim()
    }
  }
  return `${rest.replace('%', ' %')} in water${temp !== null ? ` at ${temp} °F (${fToC(temp)} °C)` : ` (${NIOSH_AT})`}`
}

/** What says the sheet is for a solution, and of which concentration, or that none was given. */
function solutionBasis(f: Facts): string {
  if (f.classification.concentration !== null) return `${f.classification.form}, from the request`
  const unstated = 'aqueous solution of a concentration not stated: send concentration for a sheet at a stated one'
  return f.solutionEntry ? `${unstated}; ${f.solutionEntry.why}` : `${unstated}; the request names the solution`
}

/** " (hydrogen chloride, a gas: …)": which pure substance the values are those of, where known. */
function pureSubstance(f: Facts, state: 'gas' | 'liquid' | 'solid' | null): string {
  const p = f.solutionEntry?.pure
  if (!p) return state ? ` (${state} at 20 °C)` : ''
  if (state) return ` (${p.name}, CLP Annex VI ${p.index}; ${state} at 20 °C)`
  return p.gas ? ` (${p.name}, a gas: CLP Annex VI ${p.index} classifies it Press. Gas)` : ` (${p.name}, CLP Annex VI ${p.index})`
}

export function section9(f: Facts): PropertyItem[] {
  const pr = f.properties
  const n = f.niosh
  const fromNiosh = <T>(v: T | null | undefined, fmt: (v: T) => string) => niosh(v, fmt, n?.page)
  const e = f.epa
  const enrichedName = f.enriched ? [`PubChem experimental properties (${f.enriched.source})`] : []
  const consulted = {
    // Every item names what was looked at; no source staged has colour, odour beyond the NIOSH
    // Pocket Guide's five substances, nor decomposition temperature, pH or viscosity.
    description: [
      `${NIOSH} physical description (622 substances; five with their physical data)`,
      'Wikidata and US EPA RSL (no such field)',
    ],
    temperatures: [WIKIDATA, EPA, `${NIOSH} (five substances)`, ...enrichedName],
    wikidataNiosh: [WIKIDATA, `${NIOSH} (five substances)`, ...enrichedName],
    epaNiosh: [EPA, `${NIOSH} (five substances)`],
    none: [WIKIDATA, EPA, `${NIOSH} (five substances)`, ...enrichedName, 'none of them has this item'],
  }
  const solution = f.classification.form?.startsWith('aqueous solution') ?? false
  const pure = stateAt20(pr)
  const pressGas = f.annex?.classes.some((c) => c.startsWith('Press. Gas')) ?? false
  const state: PropertyItem = solution
    ? {
        item: '(a) Physical state',
        text: `Liquid (${solutionBasis(f)}). The values below are those of the pure substance${pureSubstance(f, pure)}, not of the solution, unless stated.`,
        source:
          f.classification.concentration === null && f.solutionEntry
            ? 'CLP Annex VI (entry for the solution)'
            : 'the request (concentration in water)',
      }
    : f.classification.form === 'gas' && !n?.state && pure === null
      ? {
          item: '(a) Physical state',
          text: `Gas (${pressGas ? `CLP Annex VI index no. ${f.annex?.index} classifies it Press. Gas` : 'from the request'}); melting and boiling points not both in the sources used`,
          source: pressGas ? 'CLP Annex VI' : 'the request',
        }
      : n?.state
        ? {
            item: '(a) Physical state',
            text: `${n.state[0].toUpperCase()}${n.state.slice(1)} (source: ${NIOSH}: “${n.description}”)`,
            source: NIOSH,
          }
        : pure
          ? {
              item: '(a) Physical state',
              text: `${pure[0].toUpperCase()}${pure.slice(1)} at 20 °C (derived from the melting and boiling points below, not observed)`,
              source: 'derived from the melting and boiling points',
            }
          : {
              item: '(a) Physical state',
              text: `${NO_DATA}: melting and boiling points not both in the sources used, and no description (consulted: ${consulted.description.join('; ')})`,
              source: null,
            }

  const flammability = f.label?.classification
    .filter((c) => /Flammable|Pyrophoric|Self-heating|emit flammable/.test(c.name))
    .map((c) => c.name)
  const limits = (): Found | null => {
    if (pr?.lel_pct != null || pr?.uel_pct != null)
      return bundled(
        f,
        pr?.lel_pct != null ? 'lel_pct' : 'uel_pct',
        () => `${pr?.lel_pct ?? '?'} to ${pr?.uel_pct ?? '?'} % by volume in air`
      )
    if (n?.lel === 'NA' && n.uel === 'NA') return { text: 'Not applicable (the Pocket Guide prints “NA”)', source: NIOSH }
    if (n?.lel || n?.uel) return { text: `${n.lel ?? '?'} to ${n.uel ?? '?'} by volume in air`.replace(/%/g, ' %'), source: NIOSH }
    return null
  }
  const flash = (): Found | null => {
    if (n?.flashF === 'NA') return { text: 'Not applicable (the Pocket Guide prints “NA”: not flammable as tested)', source: NIOSH }
    return fromNiosh(n?.flashF as number | null | undefined, (v) => `${fToC(v)} °C (${v} °F, converted)`)
  }

  const rows: PropertyItem[] = [
    state,
    first(
      '(b) Colour',
      consulted.description,
      fromNiosh(n?.colour, (v) => v)
    ),
    first(
      '(c) Odour (and odour threshold)',
      consulted.description,
      fromNiosh(n?.odour, (v) => `${v}; odour threshold not in the sources used`)
    ),
    first(
      '(d) Melting point/freezing point',
      consulted.temperatures,
      disagreeing(
        bundled(f, 'melting_point_c', (v) => `${v} °C`),
        pr?.melting_point_c,
        e?.meltingPointC,
        (m) => `${EPA} (reference ${m.ref ?? 'not given'}) give ${m.value} °C`
      ),
      epa(e?.meltingPointC, (v) => `${v} °C`),
      fromNiosh(n?.meltingF, (v) => `${fToC(v)} °C (freezing point ${v} °F, converted)`)
    ),
    first(
      '(e) Boiling point or initial boiling point and boiling range',
      consulted.wikidataNiosh,
      bundled(f, 'boiling_point_c', (v) => `${v} °C`),
      fromNiosh(n?.boilingF, (v) => `${fToC(v)} °C (${v} °F, converted)`)
    ),
    {
      item: '(f) Flammability',
      ...(flammability?.length
        ? { text: `Classified: ${flammability.join('; ')} (Section 2)`, source: 'the classification in Section 2' }
        : flammabilityJudged(f)),
    },
    first('(g) Lower and upper explosion limit/flammability limit', consulted.wikidataNiosh, limits()),
    first(
      '(h) Flash point',
      consulted.wikidataNiosh,
      bundled(f, 'flash_point_c', (v) => `${v} °C`),
      flash()
    ),
    first(
      '(i) Auto-ignition temperature',
      [WIKIDATA, ...enrichedName],
      bundled(f, 'autoignition_c', (v) => `${v} °C`)
    ),
    first('(j) Decomposition temperature', consulted.none),
    first('(k) pH', consulted.none),
    first('(l) Kinematic viscosity', consulted.none),
    first(
      '(m) Solubility',
      consulted.epaNiosh,
      epa(e?.waterSolubilityMgL, (v) => `${v} mg/l in water`),
      fromNiosh(n?.solubility, nioshSolubility)
    ),
    first(
      '(n) Partition coefficient n-octanol/water (log value)',
      [WIKIDATA, EPA],
      bundled(f, 'log_kow', (v) => `log Kow ${v}`),
      epa(e?.logKow, (v) => `log Kow ${v}`)
    ),
    first(
      '(o) Vapour pressure',
      consulted.epaNiosh,
      epa(e?.vapourPressureMmHg, (v) => `${v} mmHg (${Number((v * 0.133322).toPrecision(3))} kPa); temperature not stated in the source`),
      fromNiosh(n?.vapourPressure, (v) => {
        const mm = Number.parseFloat(v)
        return `${v}${Number.isFinite(mm) ? ` (${Number((mm * 0.133322).toPrecision(3))} kPa)` : ''} ${NIOSH_AT}`
      })
    ),
    first(
      '(p) Density and/or relative density',
      consulted.epaNiosh,
      epa(e?.densityGCm3, (v) => `${v} g/cm³`),
      fromNiosh(n?.specificGravity, (v) => `relative density (specific gravity) ${v}`)
    ),
    f.molecularWeight
      ? {
          item: '(q) Relative vapour density',
          text: `${(f.molecularWeight / 28.96).toFixed(2)} (air = 1): calculated from the molecular weight (M/28.96 g/mol, ideal gas), not measured`,
          source: 'calculated from the molecular weight (no measured value in the sources consulted)',
        }
      : {
          item: '(q) Relative vapour density',
          text: `${NO_DATA}: no measured value and no molecular weight in the sources used (consulted: ${[...consulted.none.slice(0, -1), 'PubChem identifiers'].join('; ')})`,
          source: null,
        },
    {
      item: '(r) Particle characteristics',
      text:
        (solution ? null : pure) === 'solid' || n?.state === 'solid'
          ? `${NO_DATA}: depend on the product form supplied; no particle size data in the sources used`
          : 'Not applicable unless supplied as a solid',
      source: null,
    },
  ]
  return rows
}

/** What the flammability criteria were judged on, or which data they lacked. */
function flammabilityJudged(f: Facts): { text: string; source: string | null } {
  const d = f.classification
  const judged = d.judged.filter((j) => /flash point|flammab|melting point/.test(j))
  const missing = d.missing.filter((m) => /flash|flammab/.test(m))
  if (judged.length) return { text: `Not classified as flammable: ${judged.join(' ')}`, source: 'the data judged in Section 2' }
  if (missing.length) return { text: `${NO_DATA}: ${missing.join('; ')} not in the sources used`, source: null }
  return { text: `${NO_DATA}: not in the sources used`, source: null }
}
