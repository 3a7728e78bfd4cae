/**
 * The precautionary (proxy) classification: every signal that exists is turned into the
 * conservative category it supports, and the basis of each class is kept so the sheet can say
 * where it comes from. Signals, strongest first:
 * 1. harmonised classifications of close analogues (read-across, health and environment only:
 *    physical hazards follow from the substance's own properties);
 * 2. the lowest rat oral LD50 of the close analogues, banded by the acute toxicity cut-offs;
 * 3. structural alerts (a category 2 "suspected" class, Skin Sens. 1, or Org. Perox. A for an
 *    organic peroxide, whose type only tests can give);
 * 4. flammability from the predicted boiling and flash points, lowered by their typical error.
 * Where several signals give the same class, the most severe category wins. Pure.
 */
import { classify, type ParsedH } from '../ghs/engine'
import type { Jurisdiction } from '../ghs/phrases'
import type { AnnexEntry } from '../chem/knowledge'
import type { AlertHit } from './alerts'
import { ALERT_ENDPOINTS } from './alerts'
import rules from './data/rules.json'
import validation from './data/validation.json'

export type ProxyClass = {
  /** CLP class code and category, e.g. `Muta. 2`. */
  clp: string
  abbr: string
  category: string
  /** Hazard statement as Annex VI prints it, e.g. `H372 (liver)`. */
  h: string
  kind: 'physical' | 'health' | 'environment'
  basis: string[]
}

export type AnalogueEvidence = {
  cas: string
  name: string
  tanimoto: number
  close: boolean
  ld50_mg_per_kg: number | null
  entries: AnnexEntry[]
}

export type FlammabilityInput = { boilingC: number | null; flashC: number | null; hasCH: boolean }

const ROUTE_FAMILY = (h: string) => (/^H3[0-3][0-2]/.test(h) ? ({ '0': 'oral', '1': 'dermal', '3': 'inhalation' }[h[2]] ?? '') : '')

/** `1` and `1A` before `1B` before `2`: categories sort by severity as strings. */
const moreSevere = (a: string, b: string) => a.localeCompare(b) < 0

function hText(h: ParsedH): string {
  return `${h.code}${h.organs ? ` (${h.organs})` : ''}`
}

export function proxyClassification(
  j: Jurisdiction,
  alerts: AlertHit[],
  analogues: AnalogueEvidence[],
  flam: FlammabilityInput
): ProxyClass[] {
  const byKey = new Map<string, ProxyClass>()
  const put = (c: Omit<ProxyClass, 'clp'>) => {
    const key = `${c.abbr}|${c.abbr === 'Acute Tox.' ? ROUTE_FAMILY(c.h) : ''}`
    const prev = byKey.get(key)
    const clp = `${c.abbr} ${c.category}`.trim()
    if (!prev) return void byKey.set(key, { ...c, clp })
    if (moreSevere(c.category, prev.category)) byKey.set(key, { ...c, clp, basis: [...c.basis, ...prev.basis] })
    else if (c.category === prev.category) prev.basis.push(...c.basis.filter((b) => !prev.basis.includes(b)))
    else prev.basis.push(...c.basis.map((b) => `${b} (would give ${clp})`))
  }

  // 1. Read-across from close analogues.
  for (const a of analogues.filter((x) => x.close)) {
    for (const entry of a.entries) {
      for (const item of classify(entry).items) {
        if (item.kind === 'physical' || !item.h) continue
        put({
          abbr: item.abbr,
          category: item.category,
          h: hText(item.h),
          kind: item.kind,
          basis: [
            `read-across from ${a.name} (CAS ${a.cas}, Tanimoto ${a.tanimoto.toFixed(2)}): harmonised ${item.abbr} ${item.category} (CLP Annex VI ${entry.index})`,
          ],
        })
      }
    }
  }

  // 2. Acute oral toxicity from the lowest LD50 of the close analogues.
  const ld = analogues.filter((x) => x.close && x.ld50_mg_per_kg !== null).sort((x, y) => x.ld50_mg_per_kg! - y.ld50_mg_per_kg!)[0]
  if (ld) {
    const band = rules.acute_oral.categories.find((c) => ld.ld50_mg_per_kg! <= c.ld50_at_most)
    if (band)
      put({
        abbr: 'Acute Tox.',
        category: band.category,
        h: band.h,
        kind: 'health',
        basis: [
          `read-across: rat oral LD50 ${ld.ld50_mg_per_kg} mg/kg of ${ld.name} (CAS ${ld.cas}, Tanimoto ${ld.tanimoto.toFixed(2)}), ${rules.acute_oral.citation}`,
        ],
      })
  }

  // 3. Structural alerts.
  for (const hit of alerts) {
    for (const endpoint of hit.endpoints) {
      for (const [clp, h] of ALERT_ENDPOINTS[endpoint].classes as Array<[string, string]>) {
        const [abbr, category] = splitClp(clp)
        const kind = endpoint === 'organic_peroxide' ? 'physical' : 'health'
        put({ abbr, category, h, kind, basis: [`structural alert: ${hit.name} (${ALERT_ENDPOINTS[endpoint].meaning})`] })
      }
    }
  }

  // 4. Flammability, conservatively.
  const bpErr = validation.properties.boiling_point.mae
  const fpErr = validation.properties.flash_point.mae
  if (flam.boilingC !== null && flam.boilingC < rules.flammable_gases.gas_if_boiling_below_c) {
    if (flam.hasCH)
      put({
        abbr: 'Flam. Gas',
        category: '1A',
        h: 'H220',
        kind: 'physical',
        basis: [`predicted gas at 20 °C (boiling point ${flam.boilingC} °C) with carbon-hydrogen bonds: ${rules.flammable_gases.citation}`],
      })
  } else if (flam.flashC !== null && flam.boilingC !== null) {
    const fpLow = flam.flashC - fpErr
    const bpLow = flam.boilingC - bpErr
    const cat = rules.flammable_liquids.categories.find(
      (c) =>
        c.jurisdictions.includes(j) &&
        (c.flash_below_c === undefined || fpLow < c.flash_below_c) &&
        (c.flash_at_most_c === undefined || fpLow <= c.flash_at_most_c) &&
        (c.boiling_at_most_c === undefined || bpLow <= c.boiling_at_most_c)
    )
    if (cat)
      put({
        abbr: 'Flam. Liq.',
        category: cat.category,
        h: cat.h,
        kind: 'physical',
        basis: [
          `predicted flash point ${flam.flashC} °C and boiling point ${flam.boilingC} °C, lowered by their typical errors (${fpErr} and ${bpErr} K) to ${round1(fpLow)} °C and ${round1(bpLow)} °C: ${j === 'us' ? rules.flammable_liquids.citation_us : rules.flammable_liquids.citation_eu} (if the substance is a liquid)`,
        ],
      })
  }

  return [...byKey.values()].sort((a, b) => order(a.kind) - order(b.kind) || a.abbr.localeCompare(b.abbr))
}

const round1 = (v: number) => Math.round(v * 10) / 10
const order = (k: ProxyClass['kind']) => ({ physical: 0, health: 1, environment: 2 })[k]

function splitClp(clp: string): [string, string] {
  const i = clp.lastIndexOf(' ')
  return [clp.slice(0, i), clp.slice(i + 1)]
}

/** The classification as an Annex VI-shaped entry, so the GHS engine can derive the label. */
export function asEntry(classes: ProxyClass[]): { classes: string[]; hClass: string[]; hLabel: string[]; euh: string[] } {
  return { classes: classes.map((c) => c.clp), hClass: classes.map((c) => c.h), hLabel: [], euh: [] }
}
