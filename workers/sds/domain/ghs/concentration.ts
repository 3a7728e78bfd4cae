/**
 * A substance's classification at a concentration in water: the specific concentration limits
 * (SCLs) and ATEs of its Annex VI entry first (CLP Art. 10), the generic limits of CLP Annex I
 * otherwise (rules/criteria.json). Pure: pairs and a percentage in, pairs and notes out.
 */
import criteria from './rules/criteria.json'
import { ACUTE_H, abbrOf, acuteRoute, categoryOf, hCode, kindOf, type Pair } from './pairs'
import { parseClass } from './engine'

export type Scl = { cls: string; h: string; lo: number | null; loIncl: boolean; hi: number | null; hiIncl: boolean }

/** "Skin Corr. 1A; H314: C ≥ 5 %", "Skin Irrit. 2; H315: 0,5 % ≤ C < 2 %" (Annex VI column "Specific Conc. Limits"). */
export function parseScls(limits: string | null): Scl[] {
  if (!limits) return []
  const out: Scl[] = []
  for (const raw of limits.split('\n')) {
    const line = raw.replace(/,/g, '.').replace(/>=/g, '≥').replace(/<=/g, '≤').replace(/\*/g, '').trim()
    const head = /^([A-Z][A-Za-z. -]*?\d[A-C]?)\s*;\s*(H\d{3}[A-Za-z]{0,2})\s*[:;]\s*(.*)$/.exec(line)
    if (!head) continue
    const cond = head[3]
    let lo: number | null = null
    let loIncl = false
    let hi: number | null = null
    let hiIncl = false
    const below = /([\d.]+)\s*%\s*(≤|<)\s*C/.exec(cond)
    if (below) [lo, loIncl] = [Number(below[1]), below[2] === '≤']
    const above = /C\s*(≥|>)\s*([\d.]+)/.exec(cond)
    if (above) [lo, loIncl] = [Number(above[2]), above[1] === '≥']
    const upper = /C\s*(<|≤)\s*([\d.]+)/.exec(cond)
    if (upper) [hi, hiIncl] = [Number(upper[2]), upper[1] === '≤']
    if (lo === null && hi === null) continue
    out.push({ cls: head[1].trim(), h: head[2], lo, loIncl, hi, hiIncl })
  }
  return out
}

export function sclContains(s: Scl, c: number): boolean {
  if (s.lo !== null && (s.loIncl ? c < s.lo : c <= s.lo)) return false
  if (s.hi !== null && (s.hiIncl ? c > s.hi : c >= s.hi)) return false
  return true
}

/** Acute toxicity estimates Annex VI gives ("Oral: ATE = 100 mg/kg bw", "Inhalation: ATE = 2.65 mg/L (vapours)"). */
export function parseAtes(limits: string | null): Partial<Record<'oral' | 'dermal' | 'inhalation', number>> {
  const out: Partial<Record<'oral' | 'dermal' | 'inhalation', number>> = {}
  for (const line of (limits ?? '').split('\n')) {
    const m = /^(oral|dermal|inhalation)\s*:?\s*ATE\s*=\s*([\d.,]+)/i.exec(line.trim())
    if (m) out[m[1].toLowerCase() as 'oral'] = Number(m[2].replace(',', '.'))
  }
  return out
}

/** M-factors ("M = 10", "M=100"); the larger where two are printed without saying which. */
export function parseM(limits: string | null): number {
  const ms = [...(limits ?? '').matchAll(/M\s*=\s*(\d{1,6})/g)].map((m) => Number(m[1]))
  return ms.length ? Math.max(...ms) : 1
}

/** The SCL family of a class: SCLs of one family replace the generic limits of that family only. */
export function familyOf(cls: string, h: string | null): string | null {
  const c = parseClass(cls)
  if (!c) return null
  switch (c.abbr) {
    case 'Skin Corr.':
    case 'Skin Irrit.':
      return 'skin'
    case 'Eye Dam.':
    case 'Eye Irrit.':
      return 'eye'
    case 'Skin Sens.':
      return 'skin-sens'
    case 'Resp. Sens.':
      return 'resp-sens'
    case 'Muta.':
      return 'muta'
    case 'Carc.':
      return 'carc'
    case 'Repr.':
      return 'repr'
    case 'Lact.':
      return 'lact'
    case 'STOT SE':
      return c.category === '3' || (h ?? '').startsWith('H335') || (h ?? '').startsWith('H336') ? 'stot-se3' : 'stot-se'
    case 'STOT RE':
      return 'stot-re'
    case 'Asp. Tox.':
      return 'asp'
    case 'Ox. Liq.':
      return 'ox-liq'
    case 'Ox. Sol.':
      return 'ox-sol'
    default:
      return null
  }
}

export type Form = 'gas' | 'vapour' | 'dust'

type Rule = (typeof criteria.genericLimits.rules)[number]

export type ConcentrationResult = { pairs: Pair[]; notes: string[] }

const GASES = new Set(['Press. Gas', 'Flam. Gas', 'Ox. Gas', 'Aerosol'])

/**
 * The classification of an aqueous solution at `c` percent of a substance classified `pairs`,
 * with the entry's SCL/ATE/M column `limits`. `inhalationForm` picks the point estimates
 * (CLP Table 3.1.2) for an inhalation class without an ATE.
 */
export function atConcentration(pairs: Pair[], limits: string | null, c: number, inhalationForm: Form): ConcentrationResult {
  const notes: string[] = []
  const scls = parseScls(limits)
  const ates = parseAtes(limits)
  const m = parseM(limits)
  const sclFamilies = new Set(scls.map((s) => familyOf(s.cls, s.h)))
  const out: Pair[] = []
  const basis = (why: string) => `${why} at ${c} %`
  const genericCite = criteria.genericLimits.cite.split(';')[0]

  // Families with SCLs: the band that holds c decides (CLP Art. 10(1)); none, not classified.
  // Skin first: an eye band left empty is covered by a corrosive skin result (H314).
  for (const fam of [...sclFamilies].sort((a, b) => (a === 'skin' ? -1 : b === 'skin' ? 1 : 0))) {
    if (!fam) continue
    const bands = scls.filter((s) => familyOf(s.cls, s.h) === fam && sclContains(s, c))
    for (const b of bands) {
      const own = pairs.find((p) => p.cls.replace(/\s*\*+$/, '') === b.cls && hCode(p) === b.h)
      out.push({
        cls: b.cls,
        h: own?.h ?? b.h,
        basis: basis(`specific concentration limit of CLP Annex VI (${b.cls}; ${b.h})`),
        by: pairs[0]?.by ?? 'harmonised',
      })
    }
    if (!bands.length && !(fam === 'eye' && out.some((p) => abbrOf(p) === 'Skin Corr.')))
      notes.push(
        `${c} % is below every specific concentration limit of the ${fam === 'skin' ? 'skin corrosion/irritation' : fam === 'eye' ? 'eye damage/irritation' : fam} classes in CLP Annex VI: not classified for them.`
      )
  }

  const skinIsCorrosive = () => out.some((p) => abbrOf(p) === 'Skin Corr.')
  const deferred: Pair[] = []
  for (const p of pairs) {
    const abbr = abbrOf(p)
    if (!abbr) {
      out.push(p)
      continue
    }
    const fam = familyOf(p.cls, p.h)
    if (fam && sclFamilies.has(fam)) continue
    if (GASES.has(abbr)) {
      notes.push(`${p.cls.replace(/\s*\*+$/, '')} applies to the substance as a gas, not to its solution in water.`)
      continue
    }
    if (abbr === 'Acute Tox.') {
      const route = acuteRoute(p)
      const cat = categoryOf(p)
      if (!route || !cat) continue
      const key = route === 'inhalation' ? inhalationForm : route
      const table = criteria.acutePointEstimates[key] as unknown as Record<string, number> & { bounds: number[]; unit: string }
      const ate = ates[route] ?? table[cat]
      const mix = (ate * 100) / c
      const i = table.bounds.findIndex((b) => mix <= b)
      const source =
        ates[route] !== undefined
          ? `the ATE of CLP Annex VI (${ate} ${table.unit})`
          : `the converted point estimate for Category ${cat} (${ate} ${table.unit}, CLP Table 3.1.2)`
      if (i < 0)
        notes.push(
          `Acute toxicity (${route}): ATE of the solution ${round(mix)} ${table.unit} from ${source} (CLP Annex I 3.1.3.6.1) is above the Category 4 limit: not classified.`
        )
      else
        out.push({
          cls: `Acute Tox. ${i + 1}`,
          h: ACUTE_H[route][i],
          basis: basis(`ATE of the solution ${round(mix)} ${table.unit} from ${source}, CLP Annex I 3.1.3.6.1`),
          by: p.by,
        })
      continue
    }
    if (abbr === 'Aquatic Acute') {
      if (c * m >= criteria.aquatic.threshold) out.push({ ...p, basis: basis(`CLP Table 4.1.1, C × M (M = ${m}) ≥ 25 %`) })
      else notes.push(`Aquatic Acute 1: ${c} % × M ${m} is below 25 % (CLP Table 4.1.1): not classified.`)
      continue
    }
    if (abbr === 'Aquatic Chronic') {
      const from = categoryOf(p)!
      const hit = criteria.aquatic.chronic.find((r) => r.from === from && c * (r.noM ? 1 : m) * r.factor >= criteria.aquatic.threshold)
      if (hit)
        out.push({
          cls: `Aquatic Chronic ${hit.to}`,
          h: { '1': 'H410', '2': 'H411', '3': 'H412', '4': 'H413' }[hit.to]!,
          basis: basis('CLP Table 4.1.2 (summation with M-factor)'),
          by: p.by,
        })
      else notes.push(`Aquatic Chronic ${from}: below the limits of CLP Table 4.1.2 at ${c} %: not classified.`)
      continue
    }
    if (abbr === 'Met. Corr.' && p.by === 'supplier') {
      deferred.push(p)
      continue
    }
    const rule = genericRule(p, fam)
    if (!rule) {
      if (kindOf(p) === 'physical' && abbr !== 'Met. Corr.')
        notes.push(
          `${p.cls.replace(/\s*\*+$/, '')} is the classification of the pure substance, kept for the solution: its own test data (e.g. flash point of the solution) are not in our data; the supplier must confirm it.`
        )
      out.push(p)
      continue
    }
    const band = rule.bands.find((b) => c >= b.atLeast)
    if (!band) {
      notes.push(
        `${p.cls.replace(/\s*\*+$/, '')}: ${c} % is below the generic concentration limit of ${rule.bands[rule.bands.length - 1].atLeast} % (${rule.cite}): not classified.`
      )
      continue
    }
    out.push(
      band.class === 'same'
        ? { ...p, basis: basis(`generic concentration limit ≥ ${band.atLeast} % (${rule.cite})`) }
        : {
            cls: band.class,
            h: (band as { h?: string }).h ?? null,
            basis: basis(`generic concentration limit ≥ ${band.atLeast} % (${rule.cite})`),
            by: p.by,
          }
    )
  }

  // Eye damage of a corrosive substance without eye SCLs or an eye class of its own (CLP Table 3.3.3).
  const hadEye = pairs.some((p) => familyOf(p.cls, p.h) === 'eye')
  const corrosive = pairs.find((p) => abbrOf(p) === 'Skin Corr.')
  if (corrosive && !hadEye && !sclFamilies.has('eye') && !skinIsCorrosive()) {
    const rule = criteria.genericLimits.rules.find((r) => r.from === 'Skin Corr.' && r.family === 'eye')!
    const band = rule.bands.find((b) => c >= b.atLeast)
    if (band)
      out.push({
        cls: band.class,
        h: (band as { h?: string }).h ?? null,
        basis: basis(`generic concentration limit ≥ ${band.atLeast} % for a Skin Corr. 1 ingredient (${rule.cite})`),
        by: corrosive.by,
      })
  }
  // The supplier's corrosion to metals rests on the extreme pH of the acid or base: kept while
  // the solution is still corrosive to skin, otherwise a test is needed (UN MTC Part III, 37.4).
  for (const p of deferred) {
    if (skinIsCorrosive()) out.push({ ...p, basis: basis(`${p.basis}; the solution is still corrosive`) })
    else
      notes.push(
        `Corrosion to metals (H290) of the solution at ${c} % is not determinable from our data: the supplier must test it (UN Manual of Tests and Criteria, Part III, 37.4; CLP Annex I 2.16).`
      )
  }
  void genericCite
  return { pairs: dedupe(out), notes }
}

function genericRule(p: Pair, fam: string | null): Rule | null {
  if (!fam) return null
  const cls = p.cls.replace(/\s*\*+$/, '')
  return (
    criteria.genericLimits.rules.find(
      (r) => r.family === fam && (cls === r.from || cls.startsWith(r.from + ' ') || (r.from.endsWith('.') && cls.startsWith(r.from)))
    ) ?? null
  )
}

function dedupe(pairs: Pair[]): Pair[] {
  const seen = new Set<string>()
  return pairs.filter((p) => {
    const k = `${p.cls}|${hCode(p)}`
    if (seen.has(k)) return false
    seen.add(k)
    return true
  })
}

function round(x: number): string {
  return x >= 100 ? String(Math.round(x)) : String(Number(x.toPrecision(3)))
}
