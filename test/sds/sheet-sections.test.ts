// Issue 15 (Sections 4, 9, 10.2, 14 EU, 15, 16): whole generated sheets read back from the DOCX,
// field by field against the staged sources the values come from:
//   Wikidata  ../shared/data/sds/wikidata_properties.tsv (K → °C)
//   EPA RSL   ../shared/data/sds/properties/epa_rsl_chemical_parameters.csv (value, reference)
//   NIOSH     ../shared/data/sds/properties/osha_occupational_chemical_data.csv (°F as printed)
//   DOT       ../shared/data/sds/transport/dot_hmt_49cfr172101.csv
// and the rules of workers/sds/domain/sheet/first-aid-rules.json (GHS Rev. 7 Annex 3 / CLP Annex IV).
import { describe, expect, it } from 'vitest'
import { resolveIdentifier } from '../../workers/sds/domain/chem/resolve'
import { generateDocx } from '../../workers/sds/domain/sheet/generate'
import { docxText, paragraphs } from './helpers/unzip'

async function sheet(id: string, j: 'us' | 'eu') {
  const r = await resolveIdentifier(id)
  if (!r.ok) throw new Error(r.code)
  const out = await generateDocx(r.substance, j, {}, new Date('2026-03-04T10:00:00Z'))
  return paragraphs(await docxText(out.bytes)).join('\n')
}

function section(text: string, n: number): string {
  const start = text.search(new RegExp(`(^|\\n)(SECTION )?${n}[.:]? `, 'i'))
  const rest = text.slice(start + 1)
  const end = rest.search(new RegExp(`\\n(SECTION )?${n + 1}[.:]? `, 'i'))
  return end > 0 ? rest.slice(0, end) : rest
}

/** The cell after a Section 9 item's label (fields tables give one paragraph per cell). */
function item(s9: string, label: string): string {
  const lines = s9.split('\n')
  const i = lines.findIndex((l) => l.startsWith(label))
  expect(i, label).toBeGreaterThanOrEqual(0)
  return lines[i + 1]
}

const T = { timeout: 60_000 }
const CONSULTED_NONE =
  'No data available: not in the sources used (consulted: Wikidata (CC0) via CalebBell/chemicals; US EPA RSL chemical parameters; NIOSH Pocket Guide to Chemical Hazards (five substances); none of them has this item)'

describe('Section 9: the 18 items from measured data, each with its source', () => {
  it(
    'toluene (US): description from the NIOSH Pocket Guide, Wikidata temperatures, EPA RSL values with references, calculated vapour density marked',
    T,
    async () => {
      const s9 = section(await sheet('108-88-3', 'us'), 9)
      // NIOSH: "Colorless liquid with a sweet, pungent, benzene-like odor."
      expect(item(s9, '(a) Physical state')).toBe(
        'Liquid (source: NIOSH Pocket Guide to Chemical Hazards: “Colorless liquid with a sweet, pungent, benzene-like odor.”)'
      )
      expect(item(s9, '(b) Color')).toBe('Colorless (source: NIOSH Pocket Guide to Chemical Hazards)')
      expect(item(s9, '(c) Odor')).toBe(
        'sweet, pungent, benzene-like; odor threshold not in the sources used (source: NIOSH Pocket Guide to Chemical Hazards)'
      )
      // Wikidata Tm 178.15 K, Tb 384.26111 K (to °C, rounded to 0.1)
      expect(item(s9, '(d) Melting point')).toBe('-95 °C (source: Wikidata (CC0) via CalebBell/chemicals)')
      expect(item(s9, '(e) Boiling point')).toBe('111.1 °C (source: Wikidata (CC0) via CalebBell/chemicals)')
      // EPA RSL row "Toluene,108-88-3": VP 28.4 PHYSPROP, density 0.8623 CRC89, solubility 526 PHYSPROP, log Kow 2.73 PHYSPROP
      expect(item(s9, '(o) Vapor pressure')).toBe(
        '28.4 mmHg (3.79 kPa); temperature not stated in the source (source: US EPA RSL chemical parameters, reference PHYSPROP)'
      )
      expect(item(s9, '(p) Density')).toBe('0.8623 g/cm³ (source: US EPA RSL chemical parameters, reference CRC89)')
      expect(item(s9, '(m) Solubility')).toBe('526 mg/l in water (source: US EPA RSL chemical parameters, reference PHYSPROP)')
      expect(item(s9, '(q) Relative vapor density')).toBe(
        '3.18 (air = 1): calculated from the molecular weight (M/28.96 g/mol, ideal gas), not measured'
      )
      for (const label of ['(j) Decomposition temperature', '(k) pH', '(l) Kinematic viscosity'])
        expect(item(s9, label)).toBe(CONSULTED_NONE)
    }
  )

  it(
    'chloroform (EU): the Pocket Guide’s “NA” flash point and flammability limits kept as not applicable, never as a number',
    T,
    async () => {
      const s9 = section(await sheet('67-66-3', 'eu'), 9)
      expect(item(s9, '(h) Flash point')).toBe(
        'Not applicable (the Pocket Guide prints “NA”: not flammable as tested) (source: NIOSH Pocket Guide to Chemical Hazards)'
      )
      expect(item(s9, '(g) Lower and upper')).toBe(
        'Not applicable (the Pocket Guide prints “NA”) (source: NIOSH Pocket Guide to Chemical Hazards)'
      )
      expect(item(s9, '(b) Colour')).toBe('Colorless (source: NIOSH Pocket Guide to Chemical Hazards)')
      // EPA RSL: VP 197 PHYSPROP, density 1.4788 CRC89
      expect(item(s9, '(o) Vapour pressure')).toContain('197 mmHg (26.3 kPa)')
      expect(item(s9, '(p) Density')).toBe('1.4788 g/cm³ (source: US EPA RSL chemical parameters, reference CRC89)')
    }
  )

  it(
    'terephthalic acid: melting point from the EPA RSL where Wikidata has none; an EPI value is marked as a calculated estimate',
    T,
    async () => {
      const s9 = section(await sheet('100-21-0', 'eu'), 9)
      // EPA RSL: melting point 402 °C (LANGE); vapour pressure 9.2e-06 mmHg (EPI)
      expect(item(s9, '(d) Melting point')).toBe('402 °C (source: US EPA RSL chemical parameters, reference LANGE)')
      expect(item(s9, '(o) Vapour pressure')).toMatch(
        /^0\.0000092 mmHg .* \(source: US EPA RSL chemical parameters, reference EPI; estimated by calculation \(EPI Suite\), not measured\)$/
      )
      expect(item(s9, '(b) Colour')).toBe(
        'No data available: not in the sources used (consulted: NIOSH Pocket Guide to Chemical Hazards physical description (622 substances; five with their physical data); Wikidata and US EPA RSL (no such field))'
      )
    }
  )

  it('water: every item without a value names the sources consulted', T, async () => {
    const s9 = section(await sheet('water', 'eu'), 9)
    expect(item(s9, '(o) Vapour pressure')).toBe(
      'No data available: not in the sources used (consulted: US EPA RSL chemical parameters; NIOSH Pocket Guide to Chemical Hazards (five substances))'
    )
    const s91 = s9.slice(s9.indexOf('9.1.'), s9.indexOf('9.2.'))
    for (const line of s91.split('\n').filter((l) => l.startsWith('No data available')))
      expect(line).toMatch(/consulted: |no particle size data|not both in the sources used|flash point/)
  })
})

describe('Section 4: first aid by route from the hazard statements (GHS Rev. 7 Annex 3 / CLP Annex IV)', () => {
  it('sulfuric acid (US): H314 decides every route; P310 on each, P301+P330+P331 on ingestion', T, async () => {
    const s4 = section(await sheet('7664-93-9', 'us'), 4)
    const between = (a: string, b: string) => s4.slice(s4.indexOf(a), s4.indexOf(b))
    const inh = between('(a) Description of necessary measures: inhalation', '(a) Description of necessary measures: skin contact')
    const skin = between('(a) Description of necessary measures: skin contact', '(a) Description of necessary measures: eye contact')
    const eye = between('(a) Description of necessary measures: eye contact', '(a) Description of necessary measures: ingestion')
    const ing = between('(a) Description of necessary measures: ingestion', '(b) Most important')
    for (const r of [inh, skin, eye, ing]) {
      expect(r).toContain('Decided by H314 (Section 2)')
      expect(r).toContain('Immediately call a POISON CENTER/doctor/[… to be completed by the supplier: the emergency medical contact]')
    }
    expect(inh).toContain('IF INHALED: Remove person to fresh air and keep comfortable for breathing.')
    expect(skin).toContain('IF ON SKIN (or hair): Take off immediately all contaminated clothing. Rinse skin with water [or shower].')
    expect(eye).toContain('IF IN EYES: Rinse cautiously with water for several minutes.')
    expect(ing).toContain('IF SWALLOWED: Rinse mouth. Do NOT induce vomiting.')
  })

  it('acetone (EU): inhalation from H336, eyes from H319, skin from H225; ingestion says no class calls for a measure', T, async () => {
    const s4 = section(await sheet('67-64-1', 'eu'), 4)
    const part = (a: string, b: string) => s4.slice(s4.indexOf(a), s4.indexOf(b))
    const inh = part('After inhalation:', 'After skin contact:')
    expect(inh).toContain('Decided by H336 (Section 2)')
    expect(inh).toContain('P312')
    expect(inh).not.toContain('P310')
    expect(part('After eye contact:', 'After ingestion:')).toContain('Decided by H319 (Section 2)')
    expect(part('After skin contact:', 'After eye contact:')).toContain('Decided by H225 (Section 2)')
    expect(part('After ingestion:', '4.2.')).toContain(
      'No hazard class in Section 2 calls for a first-aid measure on this route, so none is derived from the classification. General measure, not derived from the data'
    )
  })

  it('sodium cyanide (US): fatal by every route; P310 supersedes P312 (label precedence)', T, async () => {
    const s4 = section(await sheet('143-33-9', 'us'), 4)
    expect(s4).toContain(
      'IF SWALLOWED: Immediately call a POISON CENTER/doctor/[… to be completed by the supplier: the emergency medical contact]'
    )
    expect(s4).toContain('IF ON SKIN: Wash with plenty of water.')
    expect(s4).toContain('Take off immediately all contaminated clothing and wash it before reuse.')
    expect(s4).not.toMatch(/P312|if you feel unwell/)
  })

  it('benzene (US): the NIOSH Pocket Guide first aid for the substance, by route', T, async () => {
    const s4 = section(await sheet('71-43-2', 'us'), 4)
    expect(s4).toContain('NIOSH Pocket Guide to Chemical Hazards, first aid for this substance: Irrigate immediately.')
    expect(s4).toContain('NIOSH Pocket Guide to Chemical Hazards, first aid for this substance: Respiratory support.')
    expect(s4).toContain('Decided by H304 (Section 2)')
  })
})

describe('Sections 5, 7 and 10: concentrated acids and water; stability', () => {
  it('sulfuric acid (EU): no water jet on the acid (5.1), water among the incompatible materials, never acids', T, async () => {
    const t = await sheet('7664-93-9', 'eu')
    const s5 = section(t, 5)
    expect(s5).toContain('Do not direct a water jet onto the concentrated acid or into its containers')
    expect(s5).toContain('EPA-600/2-80-076')
    expect(s5).toContain('with metals it releases hydrogen')
    const s10 = section(t, 10)
    const inc = s10.slice(s10.indexOf('10.5.'), s10.indexOf('10.6.'))
    expect(inc).toContain('strong bases')
    expect(inc).toContain('water added to the concentrated acid')
    expect(inc).toContain('zinc and aluminium powder')
    expect(inc).not.toMatch(/strong acids/)
    expect(s10).toContain('10.2. Chemical stability\nNo instability hazard class applies')
  })

  it('sodium hydroxide (US): incompatible with acids and with aluminium and zinc, not with bases', T, async () => {
    const s10 = section(await sheet('1310-73-2', 'us'), 10)
    const inc = s10.slice(s10.indexOf('(e) Incompatible materials'), s10.indexOf('(f) Hazardous'))
    expect(inc).toContain('strong acids')
    expect(inc).toContain('aluminium, zinc, tin')
    expect(inc).not.toContain('strong bases')
  })

  it(
    'chloroform (EU): the NIOSH Pocket Guide incompatibilities in 10.5 and its personal protection in 8.2, each listed in Section 16',
    T,
    async () => {
      const t = await sheet('67-66-3', 'eu')
      const s10 = section(t, 10)
      const inc = s10.slice(s10.indexOf('10.5.'), s10.indexOf('10.6.'))
      // NIOSH: "Strong caustics; chemically-active metals such as aluminum or magnesium powder, sodium & potassium; strong oxidizers"
      expect(inc).toContain(
        'NIOSH Pocket Guide to Chemical Hazards, incompatibilities and reactivities of this substance: Strong caustics; chemically-active metals such as aluminum or magnesium powder, sodium & potassium; strong oxidizers'
      )
      expect(inc).not.toContain('the sources used give none')
      expect(section(t, 8)).toContain(
        'personal protection and sanitation for this substance: Skin: Prevent skin contact; Eyes: Prevent eye contact; Wash skin: When contaminated; Remove: When wet or contaminated; Change: No recommendation; Provide: Eyewash, Quick drench.'
      )
      const s16 = section(t, 16)
      expect(s16).toContain('7.2, 10.5\nStrong caustics;')
      expect(s16).toContain('8.2\nSkin: Prevent skin contact;')
    }
  )

  it('sodium (EU): 10.2 unstable in contact with water', T, async () => {
    const s10 = section(await sheet('7440-23-5', 'eu'), 10)
    expect(s10).toContain('Unstable in contact with water or moist air')
  })
})

describe('Section 14 (EU): ADR 2025 Table A codes for the entry chosen, and what is not checked', () => {
  it('acetone: UN1090, class 3 F1, PG II, tunnel code (D/E), hazard no. 33 as in ADR 2025 Table A; IMDG/IATA not checked', T, async () => {
    // ADR 2025 Table A, UN 1090 (Freeyolo/ADRRIDOnline TabellAnohead.csv): 3, F1, II, label 3, 2 (D/E), 33.
    const s14 = section(await sheet('67-64-1', 'eu'), 14)
    expect(s14).toContain(
      '14.1. UN number or ID number\nUN1090\nAs in ADR 2025 Table A for UN1090 (class 3, classification code F1, PG II, labels 3)'
    )
    expect(s14).toContain('14.3. Transport hazard class(es)\n3 (labels: 3)\n')
    expect(s14).toContain('14.4. Packing group\nII\n')
    expect(s14.match(/not checked against the IMDG Code Dangerous Goods List or the IATA DGR/g)?.length).toBeGreaterThanOrEqual(3)
    expect(s14).toContain('ADR: tunnel restriction code (D/E), hazard identification number 33, classification code F1')
    expect(s14).toContain('the English ADR names are not in our data')
  })
  it('sulfur: NA1350 is US-only; the EU sheet offers UN1350 Sulfur (4.1, ADR F3, PG III) with the reason, never NA1350', T, async () => {
    const s14 = section(await sheet('7704-34-9', 'eu'), 14)
    expect(s14).toContain('UN1350 Sulfur, class 4.1, PG III (ADR: class 4.1, F3, PG III)')
    expect(s14).toContain('a named entry applies to the substance it names (UN Model Regulations 2.0.2.2)')
    expect(s14).not.toMatch(/NA1350/)
    expect(s14).toContain('aquatic toxicity test data are not in our data')
  })
  it('hydrogen chloride: candidates listed, none chosen, nothing called not dangerous', T, async () => {
    const s14 = section(await sheet('hydrogen chloride', 'eu'), 14)
    expect(s14).toContain('UN1050 Hydrogen chloride, anhydrous, class 2.3')
    expect(s14).not.toMatch(/not regulated|not dangerous goods\./)
  })
})

describe('Section 15: lists not in our data are named as not checked, never "not listed"', () => {
  it('acetone (US): CERCLA RQ, EPCRA 302 and 313 each NOT CHECKED with the reason', T, async () => {
    const s15 = section(await sheet('67-64-1', 'us'), 15)
    for (const list of [
      'CERCLA hazardous substance, reportable quantity (40 CFR 302.4)',
      'EPCRA section 302 extremely hazardous substance',
      'EPCRA section 313 toxic chemical (TRI, 40 CFR 372.65)',
    ]) {
      const at = s15.indexOf(list)
      expect(at, list).toBeGreaterThanOrEqual(0)
      const value = s15.slice(at).split('\n')[1]
      expect(value).toMatch(/^NOT CHECKED: .*not in our data.*This is not a statement that the substance is not listed/)
    }
  })
  it('acetone (EU): Seveso III NOT CHECKED', T, async () => {
    const s15 = section(await sheet('67-64-1', 'eu'), 15)
    expect(s15).toContain('Directive 2012/18/EU (Seveso III)\nNOT CHECKED: Annex I')
  })
})

describe('Section 16: a source for every value printed', () => {
  it.each(['67-64-1', '108-88-3', '7664-93-9', '71-43-2'])(
    '%s (US): every Section 8 limit, Section 9 value, LD50 and DOT entry has its row',
    T,
    async (cas) => {
      const t = await sheet(cas, 'us')
      const s16 = section(t, 16)
      const table = s16.slice(s16.indexOf('Source of each value printed on this sheet'))
      const s9 = section(t, 9)
      // Every Section 9 value printed with "(source: X)" is listed with X.
      for (const line of s9.split('\n')) {
        const m = /\(source: ([^)“]+?)(?:: “.*)?\)$/.exec(line)
        if (m) expect(table, line).toContain(m[1].trim())
      }
      const s11 = section(t, 11)
      const ld50 = /LD50 oral, rat: (\d+) mg\/kg/.exec(s11)
      if (ld50) expect(table).toContain(`LD50 oral, rat: ${ld50[1]} mg/kg`)
      const s14 = section(t, 14)
      const un = /\(a\) UN number\n(UN\d{4})/.exec(s14)
      if (un) expect(table).toContain(`${un[1]} `)
      expect(table).toContain('8.1')
    }
  )
})
