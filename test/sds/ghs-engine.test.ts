import { describe, expect, it } from 'vitest'
import { resolveIdentifier } from '../../workers/sds/domain/chem/resolve'
import { knowledge } from '../../workers/sds/domain/chem/knowledge'
import { applyPictogramPrecedence, labelElements, parseH, signalWordOf } from '../../workers/sds/domain/ghs/engine'
import type { Pictogram } from '../../workers/sds/domain/ghs/allocation'

async function entryOf(identifier: string) {
  const r = await resolveIdentifier(identifier)
  if (!r.ok || !r.substance.entry) throw new Error(`${identifier} did not resolve to an Annex VI entry`)
  return r.substance.entry
}

type Expect = {
  id: string
  name: string
  eu: { pictograms: string; signal: string | null; h: string; euh?: string }
  us: { pictograms: string; signal: string | null; h: string; out?: string }
}

// Expected label elements worked out by hand from the Annex VI classification and the rules
// (allocation: GHS Rev. 7 / CLP Annex I; precedence: GHS §1.4.10.5.3, OSHA App. C.2, CLP Art. 26-27).
const TABLE: Expect[] = [
  {
    id: '67-64-1',
    name: 'acetone (flammable, eye irritant, narcotic; EUH066)',
    eu: { pictograms: 'GHS02 GHS07', signal: 'Danger', h: 'H225 H336 H319', euh: 'EUH066' },
    us: { pictograms: 'GHS02 GHS07', signal: 'Danger', h: 'H225 H336 H319' },
  },
  {
    id: '67-56-1',
    name: 'methanol (acute tox. 3 by three routes, combined)',
    eu: { pictograms: 'GHS02 GHS06 GHS08', signal: 'Danger', h: 'H225 H301+H311+H331 H370' },
    us: { pictograms: 'GHS02 GHS06 GHS08', signal: 'Danger', h: 'H225 H301+H311+H331 H370' },
  },
  {
    id: '71-43-2',
    name: 'benzene (carcinogen 1A, mutagen, aspiration)',
    eu: { pictograms: 'GHS02 GHS07 GHS08', signal: 'Danger', h: 'H225 H350 H340 H304 H372 H315 H319' },
    us: { pictograms: 'GHS02 GHS07 GHS08', signal: 'Danger', h: 'H225 H350 H340 H304 H372 H315 H319' },
  },
  {
    id: '1310-73-2',
    name: 'sodium hydroxide (corrosive)',
    eu: { pictograms: 'GHS05', signal: 'Danger', h: 'H314' },
    us: { pictograms: 'GHS05', signal: 'Danger', h: 'H314' },
  },
  {
    id: '7664-93-9',
    name: 'sulfuric acid (corrosive)',
    eu: { pictograms: 'GHS05', signal: 'Danger', h: 'H314' },
    us: { pictograms: 'GHS05', signal: 'Danger', h: 'H314' },
  },
  {
    id: '017-002-00-2',
    name: 'hydrogen chloride (gas under pressure, toxic, corrosive)',
    eu: { pictograms: 'GHS04 GHS05 GHS06', signal: 'Danger', h: 'H280 H331 H314' },
    us: { pictograms: 'GHS04 GHS05 GHS06', signal: 'Danger', h: 'H280 H331 H314' },
  },
  // EU: GHS06 removes GHS07 outright (CLP Art. 26(1)(b)); US: only where GHS07 is for acute toxicity.
  {
    id: '7782-50-5',
    name: 'chlorine (oxidising gas; precedence differs US/EU)',
    eu: { pictograms: 'GHS03 GHS04 GHS06 GHS09', signal: 'Danger', h: 'H270 H280 H331 H335 H315 H319 H400' },
    us: { pictograms: 'GHS03 GHS04 GHS06 GHS07', signal: 'Danger', h: 'H270 H280 H331 H335 H315 H319', out: 'H400' },
  },
  {
    id: '74-98-6',
    name: 'propane (flammable gas under pressure)',
    eu: { pictograms: 'GHS02 GHS04', signal: 'Danger', h: 'H220 H280' },
    us: { pictograms: 'GHS02 GHS04', signal: 'Danger', h: 'H220 H280' },
  },
  {
    id: '7664-41-7',
    name: 'ammonia, anhydrous (flam. gas 2 has no pictogram)',
    eu: { pictograms: 'GHS04 GHS05 GHS06 GHS09', signal: 'Danger', h: 'H221 H280 H331 H314 H400' },
    us: { pictograms: 'GHS04 GHS05 GHS06', signal: 'Danger', h: 'H221 H280 H331 H314', out: 'H400' },
  },
  // US keeps the exclamation mark for skin sensitisation next to the skull (App. C.2.3 only drops it for acute toxicity).
  {
    id: '50-00-0',
    name: 'formaldehyde (carcinogen 1B, corrosive, sensitiser)',
    eu: { pictograms: 'GHS05 GHS06 GHS08', signal: 'Danger', h: 'H350 H341 H301+H311+H331 H314 H317' },
    us: { pictograms: 'GHS05 GHS06 GHS07 GHS08', signal: 'Danger', h: 'H350 H341 H301+H311+H331 H314 H317' },
  },
  {
    id: '048-011-00-X',
    name: 'cadmium, pyrophoric (pyrophoric solid, CMR, fatal if inhaled)',
    eu: { pictograms: 'GHS02 GHS06 GHS08 GHS09', signal: 'Danger', h: 'H250 H350 H341 H361fd H330 H372 H410' },
    us: { pictograms: 'GHS02 GHS06 GHS08', signal: 'Danger', h: 'H250 H350 H341 H361 H330 H372', out: 'H400 H410' },
  },
  {
    id: '64-17-5',
    name: 'ethanol (flammable liquid 2)',
    eu: { pictograms: 'GHS02', signal: 'Danger', h: 'H225' },
    us: { pictograms: 'GHS02', signal: 'Danger', h: 'H225' },
  },
  {
    id: '108-88-3',
    name: 'toluene (reproductive 2, aspiration)',
    eu: { pictograms: 'GHS02 GHS07 GHS08', signal: 'Danger', h: 'H225 H361d H304 H336 H373 H315' },
    us: { pictograms: 'GHS02 GHS07 GHS08', signal: 'Danger', h: 'H225 H361 H304 H336 H373 H315' },
  },
  // GHS07 stays for acute tox. 4 next to corrosion: GHS05 only displaces it for irritation.
  {
    id: '7722-84-1',
    name: 'hydrogen peroxide (oxidising liquid 1, corrosive, harmful)',
    eu: { pictograms: 'GHS03 GHS05 GHS07', signal: 'Danger', h: 'H271 H302+H332 H314' },
    us: { pictograms: 'GHS03 GHS05 GHS07', signal: 'Danger', h: 'H271 H302+H332 H314' },
  },
  {
    id: '603-034-00-X',
    name: 'nitroglycerine (unstable explosive, fatal by three routes)',
    eu: { pictograms: 'GHS01 GHS06 GHS08 GHS09', signal: 'Danger', h: 'H200 H300+H310+H330 H373 H411' },
    us: { pictograms: 'GHS01 GHS06 GHS08', signal: 'Danger', h: 'H200 H300+H310+H330 H373', out: 'H411' },
  },
  {
    id: '082-013-00-1',
    name: 'lead powder (repr. 1A, lactation, aquatic)',
    eu: { pictograms: 'GHS08 GHS09', signal: 'Danger', h: 'H360FD H362 H410' },
    us: { pictograms: 'GHS08', signal: 'Danger', h: 'H360 H362', out: 'H400 H410' },
  },
  {
    id: '7439-97-6',
    name: 'mercury (fatal if inhaled, repr. 1B)',
    eu: { pictograms: 'GHS06 GHS08 GHS09', signal: 'Danger', h: 'H360D H330 H372 H410' },
    us: { pictograms: 'GHS06 GHS08', signal: 'Danger', h: 'H360 H330 H372', out: 'H400 H410' },
  },
  {
    id: '108-95-2',
    name: 'phenol (toxic, corrosive, mutagen 2)',
    eu: { pictograms: 'GHS05 GHS06 GHS08', signal: 'Danger', h: 'H341 H301+H311+H331 H373 H314' },
    us: { pictograms: 'GHS05 GHS06 GHS08', signal: 'Danger', h: 'H341 H301+H311+H331 H373 H314' },
  },
  {
    id: '64-19-7',
    name: 'acetic acid (Warning class with a Danger class gives Danger)',
    eu: { pictograms: 'GHS02 GHS05', signal: 'Danger', h: 'H226 H314' },
    us: { pictograms: 'GHS02 GHS05', signal: 'Danger', h: 'H226 H314' },
  },
  // Respiratory sensitiser: GHS08 displaces GHS07 for skin sens./irritation; in the US STOT SE 3 keeps it.
  {
    id: '584-84-9',
    name: 'toluene diisocyanate (respiratory sensitiser, fatal if inhaled)',
    eu: { pictograms: 'GHS06 GHS08', signal: 'Danger', h: 'H351 H330 H335 H315 H319 H334 H317 H412' },
    us: { pictograms: 'GHS06 GHS07 GHS08', signal: 'Danger', h: 'H351 H330 H335 H315 H319 H334 H317', out: 'H412' },
  },
  {
    id: '101-68-8',
    name: 'MDI (respiratory sensitiser, acute tox. 4 keeps GHS07)',
    eu: { pictograms: 'GHS07 GHS08', signal: 'Danger', h: 'H351 H332 H335 H373 H315 H319 H334 H317' },
    us: { pictograms: 'GHS07 GHS08', signal: 'Danger', h: 'H351 H332 H335 H373 H315 H319 H334 H317' },
  },
  // H314 covers H318 (CLP Art. 27); H410 covers H400.
  {
    id: '7681-52-9',
    name: 'sodium hypochlorite solution (corrosive, aquatic; EUH031)',
    eu: { pictograms: 'GHS05 GHS09', signal: 'Danger', h: 'H314 H410', euh: 'EUH031' },
    us: { pictograms: 'GHS05', signal: 'Danger', h: 'H314', out: 'H314 H400 H410'.replace('H314 ', '') },
  },
  {
    id: '630-08-0',
    name: 'carbon monoxide (flammable gas, repr. 1A, toxic if inhaled)',
    eu: { pictograms: 'GHS02 GHS04 GHS06 GHS08', signal: 'Danger', h: 'H220 H280 H360D H331 H372' },
    us: { pictograms: 'GHS02 GHS04 GHS06 GHS08', signal: 'Danger', h: 'H220 H280 H360 H331 H372' },
  },
  {
    id: '7722-64-7',
    name: 'potassium permanganate (oxidising solid 2)',
    eu: { pictograms: 'GHS03 GHS07 GHS08 GHS09', signal: 'Danger', h: 'H272 H361d H302 H410' },
    us: { pictograms: 'GHS03 GHS07 GHS08', signal: 'Danger', h: 'H272 H361 H302', out: 'H400 H410' },
  },
  {
    id: '302-01-2',
    name: 'hydrazine (flammable, carcinogen, toxic, corrosive, sensitiser)',
    eu: { pictograms: 'GHS02 GHS05 GHS06 GHS08 GHS09', signal: 'Danger', h: 'H226 H350 H301+H311+H331 H314 H317 H410' },
    us: { pictograms: 'GHS02 GHS05 GHS06 GHS07 GHS08', signal: 'Danger', h: 'H226 H350 H301+H311+H331 H314 H317', out: 'H400 H410' },
  },
  {
    id: '26628-22-8',
    name: 'sodium azide (fatal if swallowed; EUH032)',
    eu: { pictograms: 'GHS06 GHS09', signal: 'Danger', h: 'H300 H410', euh: 'EUH032' },
    us: { pictograms: 'GHS06', signal: 'Danger', h: 'H300', out: 'H400 H410' },
  },
  {
    id: '7439-93-2',
    name: 'lithium (water-reactive; EUH014)',
    eu: { pictograms: 'GHS02 GHS05', signal: 'Danger', h: 'H260 H314', euh: 'EUH014' },
    us: { pictograms: 'GHS02 GHS05', signal: 'Danger', h: 'H260 H314' },
  },
  {
    id: '75-09-2',
    name: 'dichloromethane (Warning only)',
    eu: { pictograms: 'GHS08', signal: 'Warning', h: 'H351' },
    us: { pictograms: 'GHS08', signal: 'Warning', h: 'H351' },
  },
  {
    id: '007-004-00-1',
    name: 'nitric acid > 70 % (oxidiser, fatal if inhaled; EUH071)',
    eu: { pictograms: 'GHS03 GHS05 GHS06', signal: 'Danger', h: 'H272 H330 H314', euh: 'EUH071' },
    us: { pictograms: 'GHS03 GHS05 GHS06', signal: 'Danger', h: 'H272 H330 H314' },
  },
  {
    id: '74-83-9',
    name: 'bromomethane (ozone depleting; OSHA has no remit)',
    eu: { pictograms: 'GHS04 GHS06 GHS08 GHS09', signal: 'Danger', h: 'H280 H341 H301+H331 H335 H373 H315 H319 H400 H420' },
    us: { pictograms: 'GHS04 GHS06 GHS07 GHS08', signal: 'Danger', h: 'H280 H341 H301+H331 H335 H373 H315 H319', out: 'H400 H420' },
  },
  {
    id: '94-36-0',
    name: 'dibenzoyl peroxide (organic peroxide type B: two pictograms)',
    eu: { pictograms: 'GHS01 GHS02 GHS07', signal: 'Danger', h: 'H241 H319 H317' },
    us: { pictograms: 'GHS01 GHS02 GHS07', signal: 'Danger', h: 'H241 H319 H317' },
  },
  {
    id: '127-18-4',
    name: 'tetrachloroethylene (Warning, aquatic chronic 2 without signal word)',
    eu: { pictograms: 'GHS08 GHS09', signal: 'Warning', h: 'H351 H411' },
    us: { pictograms: 'GHS08', signal: 'Warning', h: 'H351', out: 'H411' },
  },
]

describe('GHS engine: label elements for harmonised substances', () => {
  it('covers every pictogram, both signal words and the required hazard kinds', () => {
    const pictograms = new Set(TABLE.flatMap((t) => t.eu.pictograms.split(' ')))
    expect([...pictograms].sort()).toEqual(['GHS01', 'GHS02', 'GHS03', 'GHS04', 'GHS05', 'GHS06', 'GHS07', 'GHS08', 'GHS09'])
    expect(new Set(TABLE.map((t) => t.eu.signal))).toEqual(new Set(['Danger', 'Warning']))
    const h = TABLE.flatMap((t) => t.eu.h.split(/[ +]/))
    for (const code of ['H301', 'H311', 'H331', 'H314', 'H350', 'H410', 'H280']) expect(h).toContain(code)
    expect(TABLE.length).toBeGreaterThanOrEqual(25)
  })

  for (const t of TABLE) {
    it(`${t.id} ${t.name}`, async () => {
      const entry = await entryOf(t.id)
      const eu = labelElements(entry, 'eu')
      expect(eu.pictograms.join(' ')).toBe(t.eu.pictograms)
      expect(eu.signalWord).toBe(t.eu.signal)
      expect(eu.hazardStatements.map((s) => s.code).join(' ')).toBe(t.eu.h)
      expect(eu.supplementalStatements.map((s) => s.code).join(' ')).toBe(t.eu.euh ?? '')
      const us = labelElements(entry, 'us')
      expect(us.pictograms.join(' ')).toBe(t.us.pictograms)
      expect(us.signalWord).toBe(t.us.signal)
      expect(us.hazardStatements.map((s) => s.code).join(' ')).toBe(t.us.h)
      expect(us.outOfScope.map((o) => o.statement?.code).join(' ')).toBe(t.us.out ?? '')
      expect(us.supplementalStatements).toEqual([])
    })
  }
})

describe('GHS engine: statement texts', () => {
  it('uses the Rev. 7 US wording and the CLP British wording', async () => {
    const acetone = await entryOf('67-64-1')
    expect(labelElements(acetone, 'us').hazardStatements[0]).toEqual({ code: 'H225', text: 'Highly flammable liquid and vapor.' })
    expect(labelElements(acetone, 'eu').hazardStatements[0]).toEqual({ code: 'H225', text: 'Highly flammable liquid and vapour.' })
    expect(labelElements(acetone, 'eu').supplementalStatements[0].text).toBe('Repeated exposure may cause skin dryness or cracking.')
  })

  it('combines acute toxicity statements of one severity (GHS A3.1.2)', async () => {
    const h = labelElements(await entryOf('67-56-1'), 'us').hazardStatements.find((s) => s.code === 'H301+H311+H331')
    expect(h?.text).toBe('Toxic if swallowed, in contact with skin or if inhaled.')
  })

  it('fills in target organs and a proven route, and maps CLP-only codes for the US', async () => {
    const benzene = labelElements(await entryOf('71-43-2'), 'eu').hazardStatements.find((s) => s.code === 'H372')
    expect(benzene?.text).toBe('Causes damage to organs through prolonged or repeated exposure.')
    const ethyleneOxide = labelElements(await entryOf('75-21-8'), 'eu').hazardStatements.find((s) => s.code === 'H372')
    expect(ethyleneOxide?.text).toBe('Causes damage to organs (nervous system) through prolonged or repeated exposure.')
    const nickelDihydroxide = await entryOf('12054-48-7')
    expect(labelElements(nickelDihydroxide, 'eu').hazardStatements.map((s) => s.code)).toContain('H350i')
    const us = labelElements(nickelDihydroxide, 'us').hazardStatements.find((s) => s.code === 'H350')
    expect(us?.text).toBe('May cause cancer by inhalation.')
    const lead = labelElements(await entryOf('082-013-00-1'), 'us').hazardStatements.find((s) => s.code === 'H360')
    expect(lead?.text).toBe('May damage fertility. May damage the unborn child.')
  })

  it('keeps P310-P315 with their Rev. 7 texts for the US and British spelling for the EU', async () => {
    const us = labelElements(await entryOf('1310-73-2'), 'us').precautionary.response
    expect(us.find((p) => p.code === 'P310')?.text).toBe('Immediately call a POISON CENTER/doctor/…')
    const eu = labelElements(await entryOf('1310-73-2'), 'eu').precautionary.response
    expect(eu.find((p) => p.code === 'P310')?.text).toBe('Immediately call a POISON CENTRE/doctor/…')
  })
})

describe('GHS engine: precautionary statements', () => {
  it('allocates by hazard type and sorts prevention, response, storage, disposal', async () => {
    const p = labelElements(await entryOf('67-64-1'), 'us').precautionary
    expect(p.prevention.map((s) => s.code)).toEqual(['P210', 'P233', 'P240', 'P241', 'P242', 'P243', 'P261', 'P264', 'P271', 'P280'])
    expect(p.response.map((s) => s.code)).toEqual(['P303+P361+P353', 'P304+P340', 'P305+P351+P338', 'P312', 'P337+P313', 'P370+P378'])
    expect(p.storage.map((s) => s.code)).toEqual(['P403+P233', 'P403+P235', 'P405'])
    expect(p.disposal.map((s) => s.code)).toEqual(['P501'])
  })

  it('corrosives get the H314 set', async () => {
    const p = labelElements(await entryOf('1310-73-2'), 'eu').precautionary
    expect(p.prevention.map((s) => s.code)).toEqual(['P260', 'P264', 'P280'])
    expect(p.response.map((s) => s.code)).toEqual([
      'P301+P330+P331',
      'P303+P361+P353',
      'P304+P340',
      'P305+P351+P338',
      'P310',
      'P321',
      'P363',
    ])
  })

  it('de-duplicates: P260 over P261, P310 over P312 and P301+P312, P311 over P312', async () => {
    const methanol = labelElements(await entryOf('67-56-1'), 'us').precautionary
    const codes = Object.values(methanol)
      .flat()
      .map((s) => s.code)
    expect(codes).toContain('P260')
    expect(codes).not.toContain('P261')
    expect(codes).toContain('P311')
    expect(codes).not.toContain('P312')
    expect(new Set(codes).size).toBe(codes.length)
    const peroxide = Object.values(labelElements(await entryOf('7722-84-1'), 'eu').precautionary)
      .flat()
      .map((s) => s.code)
    expect(peroxide).toContain('P310')
    expect(peroxide).not.toContain('P301+P312')
  })

  it('gives gases under pressure P410+P403 and ozone depleters P502 (EU only)', async () => {
    expect(labelElements(await entryOf('74-98-6'), 'us').precautionary.storage.map((s) => s.code)).toEqual(['P410+P403'])
    expect(labelElements(await entryOf('74-83-9'), 'eu').precautionary.disposal.map((s) => s.code)).toEqual(['P501', 'P502'])
    expect(labelElements(await entryOf('74-83-9'), 'us').precautionary.disposal.map((s) => s.code)).toEqual(['P501'])
  })
})

describe('GHS engine: precedence rules in isolation', () => {
  const reasons = (o: Partial<Record<Pictogram, string[]>>) => new Map(Object.entries(o).map(([k, v]) => [k as Pictogram, new Set(v)]))

  it('skull displaces the exclamation mark for acute toxicity only (US) or always (EU)', () => {
    expect(applyPictogramPrecedence(reasons({ GHS06: ['Acute Tox.'], GHS07: ['Acute Tox.'] }), 'us')).toEqual(['GHS06'])
    expect(applyPictogramPrecedence(reasons({ GHS06: ['Acute Tox.'], GHS07: ['STOT SE'] }), 'us')).toEqual(['GHS06', 'GHS07'])
    expect(applyPictogramPrecedence(reasons({ GHS06: ['Acute Tox.'], GHS07: ['STOT SE'] }), 'eu')).toEqual(['GHS06'])
  })

  it('corrosion displaces it for irritation, not for sensitisation', () => {
    expect(applyPictogramPrecedence(reasons({ GHS05: ['Skin Corr.'], GHS07: ['Skin Irrit.', 'Eye Irrit.'] }), 'us')).toEqual(['GHS05'])
    expect(applyPictogramPrecedence(reasons({ GHS05: ['Eye Dam.'], GHS07: ['Skin Sens.'] }), 'us')).toEqual(['GHS05', 'GHS07'])
  })

  it('health hazard for respiratory sensitisation displaces it for skin sensitisation and irritation', () => {
    expect(applyPictogramPrecedence(reasons({ GHS08: ['Resp. Sens.'], GHS07: ['Skin Sens.', 'Skin Irrit.'] }), 'us')).toEqual(['GHS08'])
    expect(applyPictogramPrecedence(reasons({ GHS08: ['Carc.'], GHS07: ['Skin Sens.'] }), 'us')).toEqual(['GHS07', 'GHS08'])
  })

  it('Danger displaces Warning', () => {
    expect(signalWordOf(['Warning', 'Danger', null])).toBe('Danger')
    expect(signalWordOf(['Warning', null])).toBe('Warning')
    expect(signalWordOf([null])).toBeNull()
  })

  it('parses Annex VI hazard statement codes with organs, routes and notes', () => {
    expect(parseH('H372 (nervous system) **')).toMatchObject({ code: 'H372', organs: 'nervous system', routeNotExcluded: true })
    expect(parseH('H370 (upper respiratory tract) (Inhalation)')).toMatchObject({ organs: 'upper respiratory tract', route: 'inhalation' })
    expect(parseH('H360Df')).toMatchObject({ code: 'H360Df' })
    expect(parseH('H361d ***')).toMatchObject({ code: 'H361d', reproGeneral: true })
  })
})

describe('GHS engine against the whole of Annex VI Table 3', () => {
  // The 54 of 4,400 entries (1.2 %) whose label columns in the consolidated table disagree with
  // their own classification, each checked by hand: e.g. Repr. 1B printed without a signal word
  // (052-001-00-0), Expl. 1.1 labelled "Warning" (609-011-00-0), GHS07 left off for skin
  // sensitisation beside a non-respiratory GHS08 (611-006-00-3; 102 comparable entries keep it),
  // GHS04 left off for some gases under Note U. The engine follows the rules there.
  const KNOWN_TABLE_INCONSISTENCIES = [
    '015-177-00-X',
    '016-001-00-4',
    '016-078-00-4',
    '028-018-00-4',
    '052-001-00-0',
    '052-002-00-6',
    '053-002-01-6',
    '602-023-00-7',
    '602-024-00-2',
    '602-035-00-2',
    '602-061-00-4',
    '602-069-00-8',
    '602-091-00-8',
    '603-023-00-X',
    '603-048-00-6',
    '603-093-00-1',
    '603-142-00-7',
    '603-167-00-3',
    '604-021-00-1',
    '604-024-00-8',
    '604-056-00-2',
    '607-223-00-8',
    '607-285-00-6',
    '607-313-00-7',
    '607-321-00-0',
    '607-378-00-1',
    '607-696-00-0',
    '608-028-00-0',
    '609-011-00-0',
    '609-012-00-6',
    '609-013-00-1',
    '609-020-00-X',
    '609-068-00-1',
    '611-006-00-3',
    '611-049-00-8',
    '611-057-00-1',
    '612-106-00-X',
    '612-114-00-3',
    '612-171-00-4',
    '612-177-00-7',
    '613-041-00-X',
    '613-043-01-8',
    '613-046-00-7',
    '613-056-00-1',
    '613-068-00-7',
    '613-073-00-4',
    '613-168-00-0',
    '613-179-00-0',
    '613-199-00-X',
    '616-025-00-0',
    '616-117-00-0',
    '616-143-00-2',
    '648-154-00-3',
    '648-155-00-9',
  ]

  it('reproduces the label pictograms, signal word and hazard statements of every consistent entry', () => {
    const disagreements: string[] = []
    const all = knowledge().records.flatMap((r) => r.annex)
    const seen = new Set<string>()
    for (const entry of all) {
      if (seen.has(entry.index)) continue
      seen.add(entry.index)
      const l = labelElements(entry, 'eu')
      const pics = [...entry.pictograms].sort().join(' ') === l.pictograms.join(' ')
      const signal = (entry.signal ?? null) === l.signalWord
      const expected = new Set(entry.hLabel.map((h) => parseH(h)?.code).filter(Boolean))
      const got = new Set(l.hazardStatements.flatMap((s) => s.code.split('+')).filter((c) => c !== 'H280' || expected.has('H280')))
      const h = [...expected].sort().join() === [...got].sort().join()
      if (!(pics && signal && h)) disagreements.push(entry.index)
    }
    expect(seen.size).toBe(4400)
    expect(disagreements.sort()).toEqual(KNOWN_TABLE_INCONSISTENCIES)
  })
})

describe('phrase library', () => {
  it('has a text for every statement the allocation tables can produce, in both wordings', async () => {
    const { PRECAUTIONS, CLASS_OF_H } = await import('../../workers/sds/domain/ghs/allocation')
    const { H_PHRASES, P_PHRASES, EUH_PHRASES, phraseText } = await import('../../workers/sds/domain/ghs/phrases')
    for (const set of Object.values(PRECAUTIONS))
      for (const code of Object.values(set).flat()) {
        expect(phraseText(P_PHRASES, code, 'us'), code).toBeTruthy()
        expect(phraseText(P_PHRASES, code, 'eu'), code).toBeTruthy()
      }
    for (const h of Object.keys(CLASS_OF_H)) expect(H_PHRASES[h], h).toBeDefined()
    // Every H and EUH code printed anywhere in Annex VI has a text.
    const codes = new Set(
      knowledge()
        .records.flatMap((r) => r.annex)
        .flatMap((e) => [...e.hClass, ...e.hLabel].map((h) => parseH(h)?.code).filter(Boolean))
    )
    for (const code of codes) expect(H_PHRASES[code!], code).toBeDefined()
    const euh = new Set(
      knowledge()
        .records.flatMap((r) => r.annex)
        .flatMap((e) => e.euh)
    )
    for (const code of euh) if (/^EUH/.test(code)) expect(EUH_PHRASES[code], code).toBeDefined()
  })
})
