/**
 * Section 8.2's personal protection from cited rules (protection-rules.json): eye and face
 * protection from the eye/skin classification and the physical state, gloves from the skin
 * classes with the material a cited glove chart gives for the substance (never a breakthrough
 * time: no public chart in our data has one),
 * respiratory protection from the NIOSH Pocket Guide's recommendations (US) or the EN 14387 filter
 * type that the contaminant class and boiling point select (EU). Every row names its rule; a
 * question the rules have no data for gets a row saying what is missing, never a guess.
 */
import type { GloveAdvice, NpgLimits } from '../chem/knowledge'
import rules from './protection-rules.json'

export type ProtectionInput = {
  jurisdiction: 'us' | 'eu'
  cas: string | null
  names: string[]
  /** H and EUH codes of the classification and label. */
  codes: Set<string>
  state: 'gas' | 'liquid' | 'solid' | null
  elements: string[]
  boilingC: number | null
  npg: NpgLimits | null
  /** Whether Section 8.1 has a limit value for the substance. */
  hasLimit: boolean
  /** The first limit value of the sheet's jurisdiction in 8.1, with its list, for the filter-class rule. */
  limit: string | null
  /** The glove chart's row for the substance, where the chart lists it. */
  gloves: GloveAdvice | null
}

/** [what, recommendation, rule]. */
export type ProtectionRow = [string, string, string]

const S = rules.sources

function eyes(x: ProtectionInput): ProtectionRow {
  const rule = rules.eyes.find((r) => r.when.some((c) => x.codes.has(c)))
  if (!rule)
    return [
      'Eyes/face',
      'No eye or skin-corrosion class: no rule here selects eye protection; use what the workplace risk assessment requires.',
      x.jurisdiction === 'us' ? '29 CFR 1910.132(d)' : 'Directive 89/656/EEC Article 4',
    ]
  if (x.jurisdiction === 'us') return ['Eyes/face', `${rule.us} (${rule.why}).`, S.osha133]
  const state = x.state ?? 'liquid'
  return ['Eyes/face', `${rule.eu[state]} (${rule.why}).`, S.en166]
}

function gloves(x: ProtectionInput): ProtectionRow {
  const classes = rules.skinClasses.filter((c) => x.codes.has(c))
  const npgSkin = x.npg?.skin && x.npg.skin !== 'No recommendation' ? ` NIOSH Pocket Guide (${x.npg.page}): “Skin: ${x.npg.skin}”.` : ''
  const standard = x.jurisdiction === 'us' ? 'selected under 29 CFR 1910.138' : 'tested to EN ISO 374-1 against this substance'
  const head = classes.length
    ? `Chemical protective gloves ${standard} (skin classes ${classes.join(', ')}).`
    : `No skin class: gloves ${standard} as the risk assessment requires.`
  const standards = x.jurisdiction === 'us' ? '29 CFR 1910.138(b)' : 'EN ISO 374-1; Regulation (EU) 2016/425'
  const g = x.gloves
  if (!g)
    return [
      'Hands',
      `${head}${npgSkin} Glove material: the glove chart in our data does not list this substance, so none is named here; material, minimum thickness and breakthrough time from the glove maker's permeation data for this substance (EN ISO 374-1 type, EN 16523-1).`,
      `${standards}. ${S.gloves}.`,
    ]
  const incidental = organic(x) ? ` For incidental contact with organic chemicals the chart allows a thin nitrile glove.` : ''
  return [
    'Hands',
    `${head}${npgSkin} Material for direct contact: ${g.materials.join(' or ')} (the chart lists "${g.listedAs}"; ${g.source.anyOf}). Thickness the chart assumes: ${g.source.thickness}.${incidental} Breakthrough time: not in the source; the glove maker's permeation data (EN ISO 374-1 type, EN 16523-1) decide.`,
    `${g.source.title}, ${g.source.url} (read ${g.source.read}); ${standards}.`,
  ]
}

const organic = (x: ProtectionInput) => x.elements.includes('C') && x.elements.includes('H')

/** The EN 14387 / EN 143 filter type the contaminant class selects, or why none is. */
function euFilter(x: ProtectionInput): ProtectionRow {
  const matched = rules.filters.find(
    (r) =>
      ('element' in r && x.elements.includes(r.element as string) && !organic(x)) ||
      ('cas' in r && x.cas !== null && (r.cas as string[]).includes(x.cas)) ||
      ('nameMatches' in r && organic(x) && x.names.some((n) => new RegExp(r.nameMatches as string, 'i').test(n)))
  )
  const fc = rules.filterClass
  const against = x.limit ? `the limit value ${x.limit}` : 'the limit value (none in 8.1 for this substance: the workplace must set one)'
  const classRule = (kind: 'gas' | 'particle') =>
    `Device and filter class from the ratio of the expected concentration to ${against}; not calculated here (no exposure is known). Up to this multiple of the limit value: ${fc[kind]}.`
  const classNote = classRule('gas')
  if (matched) return ['Respiratory', `Gas filter type ${matched.type} (${matched.why}). ${classNote}`, `${S.en14387}; ${fc.source}`]
  if (x.state === 'solid')
    return ['Respiratory', `Particle filter P (EN 143) against dust. ${classRule('particle')}`, `${S.en143}; ${fc.source}`]
  if (organic(x)) {
    if (x.boilingC === null)
      return [
        'Respiratory',
        'Organic vapour: gas filter type A (boiling point > 65 °C) or AX (≤ 65 °C); the boiling point is not in our data.',
        S.en14387,
      ]
    // Directive 2004/42/EC Article 2(5): an organic compound boiling above 250 °C is not volatile.
    if (x.boilingC > 250)
      return [
        'Respiratory',
        `Low-volatility organic liquid (boiling point ${x.boilingC} °C > 250 °C, not a volatile organic compound under Directive 2004/42/EC Article 2(5)): particle filter P (EN 143) against mist. ${classRule('particle')}`,
        `${S.en143}; ${fc.source}`,
      ]
    const type = x.boilingC > 65 ? 'A' : 'AX'
    const ax = type === 'AX' ? ` ${fc.ax}.` : ''
    return [
      'Respiratory',
      `Gas filter type ${type} (organic vapour, boiling point ${x.boilingC} °C). ${classNote}${ax}`,
      `${S.en14387}; ${fc.source}`,
    ]
  }
  return [
    'Respiratory',
    'No filter type selected: the rules here cover organic vapours (A/AX), ammonia and amines (K), acid gases (E), inorganic gases (B), mercury (Hg-P3), nitrous gases (NO-P3) and dusts (P), and this substance is in none of them by our data. Ask the filter maker.',
    S.en14387,
  ]
}

/** The Pocket Guide's lowest concentration bands and escape respirators, each with its APF. */
function usRespirator(x: ProtectionInput): ProtectionRow {
  const bands = x.npg?.respirator ?? []
  if (!bands.length)
    return [
      'Respiratory',
      x.npg
        ? `The NIOSH Pocket Guide page (${x.npg.page}) gives no respirator recommendation for this substance; select under 29 CFR 1910.134.`
        : 'No NIOSH respirator recommendation for this substance in our data; select under 29 CFR 1910.134.',
      S.osha134,
    ]
  const shown = [...bands.filter((b) => /^Up to/i.test(b.band)).slice(0, 2), ...bands.filter((b) => /^Escape/i.test(b.band))]
  const text = (shown.length ? shown : bands.slice(0, 1)).map((b) => `${b.band}: ${b.respirators.join('; ')}`).join(' | ')
  return ['Respiratory', `${text}. Other bands: see the Pocket Guide page ${x.npg?.page}.`, `${S.npg}; ${S.osha134}`]
}

function respiratory(x: ProtectionInput): ProtectionRow {
  if (x.jurisdiction === 'us' && x.npg?.respirator.length) return usRespirator(x)
  if (!x.hasLimit && !rules.inhalationClasses.some((c) => x.codes.has(c)))
    return ['Respiratory', 'Not required under normal use by the rules here.', S.inhalation]
  return x.jurisdiction === 'us' ? usRespirator(x) : euFilter(x)
}

export function protectionRows(x: ProtectionInput): ProtectionRow[] {
  return [eyes(x), gloves(x), respiratory(x)]
}
