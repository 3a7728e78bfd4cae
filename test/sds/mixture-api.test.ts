// Issue 33: a formulator's own mixture through POST /api/v1/sds/{us,eu}: the request shape, its
// 4xx answers, one unit per sheet, and the classification object of every answer.
import { describe, expect, it } from 'vitest'
import { app, newKey, post, usage } from './helpers'
import { section, sheetText } from './helpers/sheet-text'

type HazardClass = { class: string; category: string | null; h_code: string | null; basis: string; detail?: string }
type Classification = {
  hazard_classes: HazardClass[]
  signal_word: string | null
  pictograms: string[]
  h_statements: Array<{ code: string; text: string }>
  p_statements: Array<{ code: string; text: string }>
  ate?: { oral: number | null; dermal: number | null; inhalation: number | null }
}
type Answer = {
  classification: Classification
  document_base64: string
  mixture?: { remainder: number; components: unknown[] }
  substance?: unknown
}

const T = { timeout: 60_000 }
const caustic = {
  product_name: 'Drain cleaner 2.5',
  components: [
    { identifier: '1310-73-2', concentration: 1, unit: '% w/w' },
    { identifier: 'potassium hydroxide', concentration: 1.5, unit: '% w/w' },
    { identifier: 'water', concentration: 97.5, unit: '% w/w' },
  ],
}
const methanol = {
  product_name: 'Methanol 20 % in water',
  components: [
    { identifier: 'methanol', concentration: 20, unit: '% w/w' },
    { identifier: '7732-18-5', concentration: 80, unit: '% w/w' },
  ],
}

async function ask(format: 'us' | 'eu', body: Record<string, unknown>, key?: string): Promise<Response> {
  const rawKey = key ?? (await newKey('enterprise')).rawKey
  return post(app, format, rawKey, { ...body, response_format: 'base64' })
}

async function ok(format: 'us' | 'eu', body: Record<string, unknown>): Promise<Answer & { text: string }> {
  const res = await ask(format, body)
  const json = (await res.json()) as Answer
  expect(res.status, JSON.stringify(json).slice(0, 400)).toBe(200)
  return { ...json, text: await sheetText(json.document_base64) }
}

const cls = (c: Classification) => c.hazard_classes.map((h) => `${h.class} ${h.category ?? '-'}|${h.h_code ?? '-'}|${h.basis}`)

describe('mixtures through the API: common mixtures checked by hand', () => {
  it('1 % NaOH + 1.5 % KOH in water (EU): each under its Skin Corr. SCL, together Σ Ci/SCLi = 1.25: Skin Corr. 1B by SCL', T, async () => {
    const r = await ok('eu', caustic)
    expect(cls(r.classification)).toContain('Skin Corr. 1B|H314|SCL')
    expect(r.classification.signal_word).toBe('Danger')
    expect(r.classification.pictograms).toContain('GHS05')
    expect(r.classification.h_statements.map((h) => h.code)).toContain('H314')
    expect(r.classification.p_statements.map((p) => p.code)).toContain('P280')
    expect(r.mixture?.remainder).toBe(0)
    const s2 = section(r.text, 2)
    expect(s2).toContain('Skin Corr. 1B')
    expect(s2).toMatch(/specific concentration limit/)
    expect(section(r.text, 1)).toContain('Drain cleaner 2.5')
    const s3 = section(r.text, 3)
    expect(s3).toContain('1310-73-2')
    expect(s3).toContain('1310-58-3')
    expect(s3).toMatch(/Skin Corr\. 1A[\s\S]*C ≥ 5 %/)
  })

  it(
    '20 % methanol in water (EU): ATEmix oral 500 mg/kg from Acute Tox. 3’s converted value, Acute Tox. 4 by the additivity formula',
    T,
    async () => {
      const r = await ok('eu', methanol)
      expect(r.classification.ate).toEqual({ oral: 500, dermal: 1500, inhalation: 15 })
      expect(cls(r.classification)).toEqual(
        expect.arrayContaining([
          'Acute Tox. 4|H302|additivity formula',
          'STOT SE 1|H370|SCL',
          'Flam. Liq. -|-|not classified because data lacking',
        ])
      )
      expect(section(r.text, 9)).toMatch(/\(h\) Flash point\s*Not determined for the mixture/)
      expect(section(r.text, 11)).toMatch(/ATEmix\): oral 500 mg\/kg/)
    }
  )

  it('a flash point given classifies the mixture (test data, CLP Art. 9) and Section 9 prints it', T, async () => {
    const r = await ok('eu', { ...methanol, flash_point_c: 38, initial_boiling_point_c: 82, physical_state: 'liquid' })
    expect(cls(r.classification)).toContain('Flam. Liq. 3|H226|test data')
    expect(section(r.text, 9)).toMatch(/38 °C \(test data given\)/)
  })

  it('the mixture’s own LD50 decides over the formula', T, async () => {
    const r = await ok('eu', { ...methanol, acute_tox_data: { oral: 2500 } })
    expect(cls(r.classification).some((c) => c.includes('H302'))).toBe(false)
    expect(r.classification.ate?.oral).toBe(2500)
  })

  it('US sheet: aquatic classes stay off the label and the HazCom section 2(d) gives the unknown-toxicity share', T, async () => {
    const r = await ok('us', {
      product_name: 'Zinc bath',
      components: [
        { identifier: 'zinc sulphate', concentration: 30, unit: '% w/w' },
        { identifier: 'water', concentration: 70, unit: '% w/w' },
      ],
    })
    expect(r.classification.hazard_classes.some((h) => h.class.startsWith('Aquatic'))).toBe(false)
    expect(r.classification.pictograms).not.toContain('GHS09')
    expect(section(r.text, 12)).toMatch(/Section 12|not adopted|OSHA/)
  })
})

describe('classes never added: each component at its own limit, its listings per component', () => {
  it(
    'EU: benzene 0.1 % in toluene: Carc. 1A by the generic limit; Section 11 names benzene’s IARC listing; US Section 15 its OSHA standard',
    T,
    async () => {
      const body = {
        product_name: 'Toluene, technical',
        components: [
          { identifier: 'toluene', concentration: 99.9, unit: '% w/w' },
          { identifier: 'benzene', concentration: 0.1, unit: '% w/w' },
        ],
      }
      const eu = await ok('eu', body)
      expect(cls(eu.classification)).toContain('Carc. 1A|H350|generic limit')
      expect(section(eu.text, 11)).toMatch(/benzene: IARC/)
      const us = await ok('us', body)
      expect(cls(us.classification)).toContain('Carc. 1A|H350|generic limit')
      expect(section(us.text, 11)).toMatch(/benzene: OSHA[\s\S]*1910\.1028/)
    }
  )
})

describe('substance answers gain the classification object too', () => {
  it('acetone (EU): harmonised entry classes, and flash point-based classes on the entry', T, async () => {
    const r = await ok('eu', { chemical_identifier: '67-64-1' })
    expect(cls(r.classification)).toEqual(
      expect.arrayContaining(['Flam. Liq. 2|H225|harmonised entry', 'Eye Irrit. 2|H319|harmonised entry'])
    )
    expect(r.classification.signal_word).toBe('Danger')
    expect(r.substance).toBeDefined()
  })

  it('sodium hydroxide 1 % (EU): the class reached by its SCL says SCL', T, async () => {
    const r = await ok('eu', { chemical_identifier: 'sodium hydroxide', concentration: 1 })
    expect(cls(r.classification)).toEqual(expect.arrayContaining(['Skin Irrit. 2|H315|SCL']))
  })
})

describe('mixtures: every bad request is a clear 422 and costs nothing', () => {
  const bad = async (body: Record<string, unknown>) => {
    const { rawKey } = await newKey('pro')
    const res = await ask('eu', body, rawKey)
    const json = (await res.json()) as { code: string; error: string; component?: number; issues?: Array<{ path: string }> }
    const used = ((await (await usage(app, rawKey)).json()) as { units_used: number }).units_used
    return { status: res.status, json, used }
  }

  it('an unknown component is named, by position and identifier', T, async () => {
    const r = await bad({
      product_name: 'X',
      components: [
        { identifier: 'water', concentration: 50 },
        { identifier: 'unobtainium-zz', concentration: 5 },
      ],
    })
    expect(r).toMatchObject({ status: 422, json: { code: 'CHEMICAL_NOT_FOUND', component: 1 }, used: 0 })
    expect(r.json.error).toContain('components[1] ("unobtainium-zz")')
  })

  it('a total over 100 %', T, async () => {
    const r = await bad({
      product_name: 'X',
      components: [
        { identifier: 'water', concentration: 60 },
        { identifier: 'methanol', concentration: 45 },
      ],
    })
    expect(r).toMatchObject({ status: 422, json: { code: 'VALIDATION_ERROR' }, used: 0 })
    expect(r.json.error).toMatch(/105 %/)
  })

  it('one component, 51 components', T, async () => {
    const one = await bad({ product_name: 'X', components: [{ identifier: 'water', concentration: 50 }] })
    expect(one).toMatchObject({ status: 422, json: { code: 'VALIDATION_ERROR' }, used: 0 })
    expect(one.json.error).toMatch(/at least 2/)
    const many = await bad({ product_name: 'X', components: Array.from({ length: 51 }, () => ({ identifier: 'water', concentration: 1 })) })
    expect(many).toMatchObject({ status: 422, json: { code: 'VALIDATION_ERROR' }, used: 0 })
    expect(many.json.error).toMatch(/at most 50/)
  })

  it('both chemical_identifier and components; neither; components without product_name', T, async () => {
    const both = await bad({ chemical_identifier: 'acetone', ...methanol })
    expect(both).toMatchObject({ status: 422, json: { code: 'VALIDATION_ERROR', issues: [{ path: 'chemical_identifier' }] } })
    expect(both.json.error).toMatch(/not both/)
    const neither = await bad({ product_name: 'X' })
    expect(neither).toMatchObject({ status: 422, json: { code: 'VALIDATION_ERROR' } })
    const nameless = await bad({ components: methanol.components })
    expect(nameless).toMatchObject({ status: 422, json: { code: 'VALIDATION_ERROR', issues: [{ path: 'product_name' }] } })
  })

  it('a range upside down, a unit other than % w/w, the same substance twice, a component that is itself a mixture', T, async () => {
    const range = await bad({
      product_name: 'X',
      components: [
        { identifier: 'water', concentration: 50, concentration_max: 40 },
        { identifier: 'methanol', concentration: 5 },
      ],
    })
    expect(range).toMatchObject({ status: 422, json: { issues: [{ path: 'components.0.concentration_max' }] } })
    const unit = await bad({
      product_name: 'X',
      components: [
        { identifier: 'water', concentration: 50, unit: 'mol/l' },
        { identifier: 'methanol', concentration: 5 },
      ],
    })
    expect(unit).toMatchObject({ status: 422, json: { code: 'VALIDATION_ERROR' } })
    const twice = await bad({
      product_name: 'X',
      components: [
        { identifier: 'methanol', concentration: 5 },
        { identifier: '67-56-1', concentration: 5 },
      ],
    })
    expect(twice.json.error).toMatch(/same substance as components\[0\]/)
    const nested = await bad({
      product_name: 'X',
      components: [
        { identifier: 'acetone and methanol', concentration: 5 },
        { identifier: 'water', concentration: 5 },
      ],
    })
    expect(nested).toMatchObject({ status: 422, json: { code: 'VALIDATION_ERROR' } })
  })

  it('test data with a substance, concentration with a mixture', T, async () => {
    const a = await bad({ chemical_identifier: 'acetone', flash_point_c: -20 })
    expect(a).toMatchObject({ status: 422, json: { issues: [{ path: 'flash_point_c' }] } })
    const b = await bad({ ...methanol, concentration: 20 })
    expect(b).toMatchObject({ status: 422, json: { issues: [{ path: 'concentration' }] } })
  })

  it('a mixture named in chemical_identifier points to the components shape', T, async () => {
    const r = await bad({ chemical_identifier: 'acetone 50% water 50%' })
    expect(r).toMatchObject({ status: 422, json: { code: 'MIXTURE_NOT_SUPPORTED' } })
    expect(r.json.error).toMatch(/product_name and components/)
  })
})

describe('a mixture costs one unit', () => {
  it('a pro key: one mixture sheet is one unit', T, async () => {
    const { rawKey } = await newKey('pro')
    const res = await ask('us', methanol, rawKey)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ units_used: 1 })
  })
})

describe('a 10-component mixture (the bench scenario’s) gives one sheet listing every component', () => {
  const ten = [
    ['acetone', 20],
    ['ethanol', 10],
    ['methanol', 5],
    ['propan-2-ol', 5],
    ['ethylene glycol', 5],
    ['toluene', 3],
    ['sodium hydroxide', 1],
    ['potassium hydroxide', 1],
    ['formaldehyde', 0.5],
    ['water', 49.5],
  ].map(([identifier, concentration]) => ({ identifier, concentration, unit: '% w/w' }))

  it('EU: every component in Section 3.2 and in Section 11, the flammability left to a flash point', T, async () => {
    const r = await ok('eu', { product_name: 'Bench cleaner 10', components: ten })
    expect(r.mixture?.components).toHaveLength(10)
    const s3 = section(r.text, 3)
    for (const cas of [
      '67-64-1',
      '64-17-5',
      '67-56-1',
      '67-63-0',
      '107-21-1',
      '108-88-3',
      '1310-73-2',
      '1310-58-3',
      '50-00-0',
      '7732-18-5',
    ])
      expect(s3).toContain(cas)
    expect(cls(r.classification)).toContain('Flam. Liq. -|-|not classified because data lacking')
    expect(section(r.text, 11).match(/% w\/w\):/g)).toHaveLength(10)
  })
})

describe('quota under concurrency: mixtures take units exactly', () => {
  it('a standard key with 3 credits and 6 parallel mixture requests: 3 sheets, 3 × 402', T, async () => {
    const { rawKey } = await newKey('standard', { credits: 3 })
    const answers = await Promise.all(Array.from({ length: 6 }, () => ask('eu', methanol, rawKey)))
    const statuses = answers.map((a) => a.status).sort()
    expect(statuses).toEqual([200, 200, 200, 402, 402, 402])
    const used = ((await (await usage(app, rawKey)).json()) as { units_used: number }).units_used
    expect(used).toBe(3)
  })
})
