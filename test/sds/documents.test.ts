import { describe, expect, it } from 'vitest'
import { resolveIdentifier } from '../../workers/sds/domain/chem/resolve'
import { documentFilename, generateDocx } from '../../workers/sds/domain/sheet/generate'
import { docxText, paragraphs, unzip } from './helpers/unzip'

const BRANDING = {
  company_name: 'Acme Chemicals Inc.',
  company_address: '1 Main St, Springfield, IL 62701, USA',
  company_phone: '+1 217 555 0100',
  company_website: 'https://acme.example',
}
const NOW = new Date('2026-03-04T10:00:00Z')

async function make(identifier: string, j: 'us' | 'eu', branding: Record<string, string> = BRANDING) {
  const r = await resolveIdentifier(identifier)
  if (!r.ok) throw new Error(r.code)
  const out = await generateDocx(r.substance, j, branding, NOW)
  const files = await unzip(out.bytes)
  const xml = await docxText(out.bytes)
  const header = [...files.keys()].filter((k) => /word\/header\d*\.xml/.test(k)).map((k) => new TextDecoder().decode(files.get(k)))
  const footer = [...files.keys()].filter((k) => /word\/footer\d*\.xml/.test(k)).map((k) => new TextDecoder().decode(files.get(k)))
  return { ...out, files, xml, paras: paragraphs(xml), header: header.join(''), footer: footer.join('') }
}

function indexOfPara(paras: string[], text: string, from = 0): number {
  return paras.findIndex((p, i) => i >= from && p.startsWith(text))
}

// OSHA 29 CFR 1910.1200 Appendix D, Table D.1 headings.
const US_SECTIONS = [
  'SECTION 1: Identification',
  'SECTION 2: Hazard(s) identification',
  'SECTION 3: Composition/information on ingredients',
  'SECTION 4: First-aid measures',
  'SECTION 5: Fire-fighting measures',
  'SECTION 6: Accidental release measures',
  'SECTION 7: Handling and storage',
  'SECTION 8: Exposure controls/personal protection',
  'SECTION 9: Physical and chemical properties',
  'SECTION 10: Stability and reactivity',
  'SECTION 11: Toxicological information',
  'SECTION 12: Ecological information',
  'SECTION 13: Disposal considerations',
  'SECTION 14: Transport information',
  'SECTION 15: Regulatory information',
  'SECTION 16: Other information, including date of preparation or last revision',
]

// REACH Annex II as amended by (EU) 2020/878, Part B: every subsection.
const EU_SUBSECTIONS = [
  '1.1.',
  '1.2.',
  '1.3.',
  '1.4.',
  '2.1.',
  '2.2.',
  '2.3.',
  '3.1.',
  '3.2.',
  '4.1.',
  '4.2.',
  '4.3.',
  '5.1.',
  '5.2.',
  '5.3.',
  '6.1.',
  '6.2.',
  '6.3.',
  '6.4.',
  '7.1.',
  '7.2.',
  '7.3.',
  '8.1.',
  '8.2.',
  '9.1.',
  '9.2.',
  '9.2.1.',
  '9.2.2.',
  '10.1.',
  '10.2.',
  '10.3.',
  '10.4.',
  '10.5.',
  '10.6.',
  '11.1.',
  '11.2.',
  '11.2.1.',
  '11.2.2.',
  '12.1.',
  '12.2.',
  '12.3.',
  '12.4.',
  '12.5.',
  '12.6.',
  '12.7.',
  '13.1.',
  '14.1.',
  '14.2.',
  '14.3.',
  '14.4.',
  '14.5.',
  '14.6.',
  '14.7.',
  '15.1.',
  '15.2.',
]

describe('US document (OSHA Appendix D)', () => {
  it('has the 16 sections in order, 12-15 marked non-mandatory', async () => {
    const d = await make('67-64-1', 'us')
    let at = 0
    for (const heading of US_SECTIONS) {
      const i = indexOfPara(d.paras, heading, at)
      expect(i, heading).toBeGreaterThanOrEqual(at)
      at = i + 1
      if (/SECTION 1[2-5]:/.test(heading)) expect(d.paras[i + 1]).toMatch(/^Non-mandatory/)
    }
    for (const item of [
      '(a) Product identifier used on the label',
      '(e) Emergency phone number',
      '(d) Hazards not otherwise classified'.replace(
        '(d) Hazards not otherwise classified',
        '(c) Describe any hazards not otherwise classified'
      ),
    ])
      expect(d.paras.some((p) => p.startsWith(item))).toBe(true)
  })

  it('carries the label elements with their texts and the pictograms as PNG images', async () => {
    const d = await make('67-64-1', 'us')
    const text = d.paras.join('\n')
    expect(text).toContain('Signal word: Danger')
    expect(text).toContain('Highly flammable liquid and vapor.')
    expect(text).toContain('May cause drowsiness or dizziness.')
    expect(text).toContain('Causes serious eye irritation.')
    expect(text).toContain('Keep away from heat, hot surfaces, sparks, open flames and other ignition sources. No smoking.')
    expect(text).toContain('GHS02 (Flame), GHS07 (Exclamation mark)')
    const media = [...d.files.keys()].filter((k) => k.startsWith('word/media/'))
    expect(media).toHaveLength(2)
    for (const m of media) expect([...d.files.get(m)!.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG')
    // Tables repeat their header row on every page.
    expect(d.xml).toContain('<w:tblHeader/>')
  })

  it('applies the branding in the header and Section 1, with the draft notice and dates', async () => {
    const d = await make('67-64-1', 'us')
    expect(d.header).toContain('Acme Chemicals Inc.')
    expect(d.header).toContain('https://acme.example')
    const text = d.paras.join('\n')
    expect(text).toContain('1 Main St, Springfield, IL 62701, USA')
    expect(text).toContain('+1 217 555 0100')
    expect(text).toMatch(/DRAFT, to be reviewed by a competent person/)
    expect(text).toContain('Date of preparation: 2026-03-04')
    expect(d.footer).toMatch(/PAGE/)
    expect(d.footer).toMatch(/NUMPAGES/)
    expect(d.filename).toBe('acetone-67-64-1-SDS-US.docx')
  })

  it('lists carcinogens in Section 11 (IARC, NTP, OSHA) and sources in Section 16', async () => {
    const d = await make('50-00-0', 'us')
    const text = d.paras.join('\n')
    expect(text).toMatch(/IARC\s*Group 1/)
    expect(text).toContain('Known to be a human carcinogen')
    expect(text).toContain('29 CFR 1910.1048 (formaldehyde)')
    const s16 = indexOfPara(d.paras, 'SECTION 16')
    expect(d.paras.slice(s16).join('\n')).toContain('Annex VI Part 3 Table 3')
    // US keeps the exclamation mark for skin sensitisation beside the skull (App. C.2.3).
    expect(text).toContain('GHS05 (Corrosion), GHS06 (Skull and crossbones), GHS07 (Exclamation mark), GHS08 (Health hazard)')
  })

  // Issue 14: a substance that meets no criterion says so, with the data judged and what is missing.
  it('says a substance without harmonised classification is not classified on the data judged, what is missing, and that the supplier must classify it', async () => {
    const d = await make('glycerol', 'us')
    const text = d.paras.join('\n')
    expect(text).toContain(
      'Not classified as hazardous under the OSHA Hazard Communication Standard (29 CFR 1910.1200, Appendices A and B), on the data available to us.'
    )
    expect(text).toContain('has no harmonised classification in CLP Annex VI Table 3')
    expect(text).toMatch(/Data judged: .*oral LD50 \(rat\) [\d.]+ mg\/kg .*above 2000 mg\/kg/)
    expect(text).toContain('Not in our data (not judged):')
    expect(text).toContain('the supplier must classify it under 29 CFR 1910.1200(d)')
    expect(text).not.toMatch(/no hazards|not hazardous\./i)
  })
})

describe('EU document (REACH Annex II, 2020/878)', () => {
  it('has every subsection 1.1 to 15.2 and section 16 in order, none blank', async () => {
    const d = await make('50-00-0', 'eu')
    let at = 0
    for (const n of EU_SUBSECTIONS) {
      const i = indexOfPara(d.paras, n, at)
      expect(i, n).toBeGreaterThanOrEqual(at)
      // The paragraph after a heading has content (REACH Annex II 0.4: no blank subsections).
      expect(
        d.paras
          .slice(i + 1, i + 4)
          .join('')
          .trim().length,
        n
      ).toBeGreaterThan(0)
      at = i + 1
    }
    expect(indexOfPara(d.paras, 'SECTION 16: Other information', at)).toBeGreaterThan(at)
  })

  it('has the date of compilation on page 1 and "Page x of y" in the footer', async () => {
    const d = await make('50-00-0', 'eu')
    const first = d.paras.slice(0, 12).join('\n')
    expect(first).toContain('Date of compilation: 2026-03-04')
    expect(d.footer).toMatch(/Page[\s\S]*PAGE[\s\S]* of [\s\S]*NUMPAGES/)
  })

  it('gives the CLP classification, label elements and EUH statements with CLP wording', async () => {
    const d = await make('67-64-1', 'eu')
    const text = d.paras.join('\n')
    expect(text).toContain('Flam. Liq. 2')
    expect(text).toContain('Highly flammable liquid and vapour.')
    expect(text).toContain('EUH066')
    expect(text).toContain('Repeated exposure may cause skin dryness or cracking.')
    expect(text).toContain('1.3. Details of the supplier of the safety data sheet')
    expect(text).toContain('E-mail address of the competent person responsible for the SDS')
    expect(text).toContain('1.4. Emergency telephone number')
  })

  it('shows the supplier e-mail and emergency number when given', async () => {
    const d = await make('67-64-1', 'eu', { ...BRANDING, company_email: 'sds@acme.example', emergency_phone: '+44 20 7946 0000 (24 h)' })
    const text = d.paras.join('\n')
    expect(text).toContain('sds@acme.example')
    expect(text).toContain('+44 20 7946 0000 (24 h)')
  })

  it('keeps a valid document when branding carries characters XML cannot hold', async () => {
    const d = await make('67-64-1', 'eu', { company_name: 'Bad\u0000Name\u0007 & <Co>' })
    expect(d.header).toContain('BadName &amp; &lt;Co&gt;')
  })
})

describe('document file names', () => {
  it('slug, CAS and format', () => {
    expect(documentFilename('Acetone', '67-64-1', 'us')).toBe('acetone-67-64-1-SDS-US.docx')
    expect(documentFilename('sulphuric acid', '7664-93-9', 'eu')).toBe('sulphuric-acid-7664-93-9-SDS-EU.docx')
    expect(documentFilename('β-propiolactone', null, 'eu')).toBe('propiolactone-SDS-EU.docx')
  })
})
