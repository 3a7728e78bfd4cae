import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { predict } from '../../workers/sds/domain/rnd/predict'
import { docxText, paragraphs, unzip } from './helpers/unzip'
import { app, base64ToBytes, newKey } from './helpers'

function rnd(format: 'us' | 'eu', key: string | null, body: unknown) {
  return app.request(
    `/api/v1/sds/rnd/${format}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    },
    env
  )
}

type Body = {
  code?: string
  error?: string
  document_base64?: string
  document_url?: string
  filename: string
  substance: { name: string; matched_by: string; harmonised_classification: boolean; cas: null }
  units_used: number
  prediction: {
    identity: { canonical_smiles: string; formula: string; molecular_weight: number; inchikey: null; inchi_note: string }
    properties: Record<
      string,
      { value: number | null; method: string; citation: string; uncertainty: { mean_absolute_error: number; n: number } | null }
    >
    structural_alerts: Array<{ id: string; sources: string[] }>
    analogues: Array<{
      name: string
      cas: string
      tanimoto: number
      used_for_read_across: boolean
      harmonised_classification: string[]
      ld50_oral_rat_mg_per_kg: number | null
    }>
    classification: Array<{ class: string; hazard_statement: string; basis: string[] }>
    handling: string
    known_substance: { cas: string } | null
  }
}

// A maleimide no knowledge-base substance resembles closely: the case the proxy is for.
const NOVEL = 'CC1=CC(=O)N(C1=O)c1ccc(cc1)C(F)(F)F'

// Each test does real structure work (and the machine may be shared): no 5 s default.
vi.setConfig({ testTimeout: 30_000 })

// The first use loads openchemlib (1 MB) and builds its key tables: not what the tests measure.
beforeAll(async () => {
  await predict({ smiles: 'CCO' }, 'us')
}, 60_000)

describe('R&D proxy: plans', () => {
  it('402 PLAN_REQUIRED for trial and standard keys; Pro and Enterprise get a sheet', async () => {
    for (const plan of ['trial', 'standard'] as const) {
      const { rawKey } = await newKey(plan, { credits: 10 })
      const res = await rnd('us', rawKey, { smiles: NOVEL })
      expect(res.status).toBe(402)
      const body = (await res.json()) as Body & { subscription_tier: string }
      expect(body.code).toBe('PLAN_REQUIRED')
      expect(body.subscription_tier).toBe(plan)
    }
    for (const plan of ['pro', 'enterprise'] as const) {
      const { rawKey } = await newKey(plan)
      expect((await rnd('eu', rawKey, { smiles: NOVEL, response_format: 'base64' })).status).toBe(200)
    }
    expect((await rnd('us', null, { smiles: NOVEL })).status).toBe(401)
  })

  it('a cancelled Pro key is SUBSCRIPTION_INACTIVE, and a refused structure uses no unit', async () => {
    const cancelled = await newKey('pro', { status: 'cancelled' })
    expect(((await (await rnd('us', cancelled.rawKey, { smiles: NOVEL })).json()) as Body).code).toBe('SUBSCRIPTION_INACTIVE')
    const { rawKey } = await newKey('pro')
    expect((await rnd('us', rawKey, { smiles: 'C1CC' })).status).toBe(422)
    const ok = (await (await rnd('us', rawKey, { smiles: NOVEL, response_format: 'base64' })).json()) as Body
    expect(ok.units_used).toBe(1)
  })
})

describe('R&D proxy: quota under concurrency', () => {
  it('a Pro key with 2 units left: of 6 parallel proxy requests exactly 2 succeed, the rest are QUOTA_EXCEEDED', async () => {
    const { rawKey, id } = await newKey('pro')
    const now = new Date()
    await env.DB.prepare('INSERT INTO sds_usage (key_id, period, used, updated_at) VALUES (?, ?, 48, ?)')
      .bind(id, now.toISOString().slice(0, 7), now.toISOString())
      .run()
    const answers = await Promise.all(Array.from({ length: 6 }, () => rnd('us', rawKey, { smiles: NOVEL, response_format: 'base64' })))
    const codes = await Promise.all(answers.map(async (r) => (r.status === 200 ? 200 : ((await r.json()) as Body).code)))
    expect(codes.filter((c) => c === 200)).toHaveLength(2)
    expect(codes.filter((c) => c === 'QUOTA_EXCEEDED')).toHaveLength(4)
    const used = await env.DB.prepare('SELECT used FROM sds_usage WHERE key_id = ?').bind(id).first<{ used: number }>()
    expect(used?.used).toBe(50)
  }, 60_000)
})

describe('R&D proxy: response', () => {
  it('same shape as the other generators plus prediction, with methods, citations and errors', async () => {
    const { rawKey } = await newKey('pro')
    const res = await rnd('us', rawKey, { smiles: NOVEL, name: 'ACME-1234', company_name: 'Acme Labs' })
    expect(res.status).toBe(200)
    const body = (await res.json()) as Body
    expect(body.document_url).toMatch(/^http:\/\/localhost:8787\/api\/v1\/documents\/[0-9a-f-]{36}\.docx\?expires=\d+&sig=/)
    expect(body.filename).toBe('acme-1234-proxy-SDS-US.docx')
    expect(body.substance).toMatchObject({ name: 'ACME-1234', cas: null, matched_by: 'smiles', harmonised_classification: false })
    const p = body.prediction
    expect(p.identity).toMatchObject({ formula: 'C12H8F3NO2', inchikey: null })
    expect(p.identity.molecular_weight).toBeCloseTo(255.19, 1)
    expect(p.identity.inchi_note).toMatch(/no InChI generator/)
    for (const key of ['log_p', 'log_s', 'polar_surface_area', 'boiling_point', 'flash_point']) {
      expect(p.properties[key].value).not.toBeNull()
      expect(p.properties[key].method.length).toBeGreaterThan(10)
    }
    expect(p.properties.boiling_point.citation).toMatch(/Joback.*Reid.*1987/)
    expect(p.properties.flash_point.citation).toMatch(/Satyanarayana.*1992/)
    expect(p.properties.boiling_point.uncertainty!.n).toBeGreaterThan(100)
    // The maleimide is a Michael acceptor (Aptula & Roberts 2006; Kazius et al. 2005).
    expect(p.structural_alerts.map((a) => a.id)).toContain('alpha_beta_unsaturated_carbonyl')
    expect(p.classification.map((c) => c.class)).toEqual(expect.arrayContaining(['Skin Sens. 1', 'Muta. 2']))
    expect(p.analogues).toHaveLength(3)
    expect(p.analogues.every((a) => a.tanimoto < 0.8 && !a.used_for_read_across)).toBe(true)
    expect(p.handling).toMatch(/1910\.1450/)
    expect(Array.isArray((p as unknown as { secondary_alerts: unknown[] }).secondary_alerts)).toBe(true)
    expect((p as unknown as { physical_screens: string[] }).physical_screens).toEqual([])
    expect(p.known_substance).toBeNull()

    const doc = await app.request(new URL(body.document_url!).pathname + new URL(body.document_url!).search, {}, env)
    expect(doc.status).toBe(200)
  })

  it('every page header carries the PROXY marking; Section 16 lists every method and analogue', async () => {
    const { rawKey } = await newKey('enterprise')
    const body = (await (
      await rnd('eu', rawKey, { smiles: 'CCOC(=O)C=C', name: 'Test acrylate', response_format: 'base64' })
    ).json()) as Body
    const bytes = base64ToBytes(body.document_base64!)
    const files = await unzip(bytes)
    const headers = [...files.keys()].filter((f) => /^word\/header\d*\.xml$/.test(f))
    expect(headers.length).toBeGreaterThan(0)
    // One section with one default header: Word repeats it on every page.
    const documentXml = await docxText(bytes)
    expect(documentXml.match(/<w:headerReference /g)?.length).toBe(1)
    for (const h of headers)
      expect(paragraphs(await docxText(bytes, h)).join(' ')).toContain('PROXY — predicted, not tested — for R&D use only')

    const text = paragraphs(documentXml)
    const s16 = text.slice(text.findIndex((t) => t.startsWith('SECTION 16')))
    const joined = s16.join('\n')
    for (const m of ['Joback', 'Satyanarayana', 'openchemlib', 'Kazius', 'Aptula', 'Benigni', 'Zhu']) expect(joined).toContain(m)
    for (const a of body.prediction.analogues) expect(joined).toContain(`${a.name} (${a.cas})`)
    // Read-across from ethyl acrylate (the same structure) is named, with its score.
    expect(body.prediction.known_substance?.cas).toBe('140-88-5')
    expect(text.join('\n')).toMatch(/handle it as a hazardous chemical/)
    expect(text.join('\n')).not.toMatch(/under the harmonised classification/)
    expect(text.join('\n')).toMatch(/No measured LD50 or LC50: the substance has not been tested/)
  })

  it('accepts a molfile', async () => {
    const { rawKey } = await newKey('pro')
    const molfile = [
      '',
      '  test',
      '',
      '  3  2  0  0  0  0  0  0  0  0999 V2000',
      '    0.0000    0.0000    0.0000 C   0  0  0  0  0  0  0  0  0  0  0  0',
      '    1.2990    0.7500    0.0000 C   0  0  0  0  0  0  0  0  0  0  0  0',
      '    2.5981    0.0000    0.0000 O   0  0  0  0  0  0  0  0  0  0  0  0',
      '  1  2  1  0',
      '  2  3  1  0',
      'M  END',
    ].join('\n')
    const body = (await (await rnd('us', rawKey, { molfile, response_format: 'base64' })).json()) as Body
    expect(body.substance.matched_by).toBe('molfile')
    expect(body.prediction.identity.formula).toBe('C2H6O')
    expect(body.prediction.identity.canonical_smiles).toBe('CCO')
  })
})

describe('R&D proxy: bad structures', () => {
  it('422 INVALID_STRUCTURE with the parser’s reason; VALIDATION_ERROR without exactly one structure', async () => {
    const { rawKey } = await newKey('pro')
    for (const [smiles, reason] of [
      ['C1CC', /ring closure/i],
      ['Xx', /unknown element|atom label/i],
      ['C(C)(C)(C)(C)C', /valence/],
      ['*CC', /query/],
      ['CC O', /whitespace/],
    ] as const) {
      const res = await rnd('us', rawKey, { smiles })
      expect(res.status).toBe(422)
      const body = (await res.json()) as Body
      expect(body.code).toBe('INVALID_STRUCTURE')
      expect(body.error).toMatch(reason)
    }
    expect(((await (await rnd('us', rawKey, { molfile: 'not a molfile' })).json()) as Body).code).toBe('INVALID_STRUCTURE')
    for (const body of [{}, { smiles: 'CCO', molfile: 'x' }, { smiles: 'CCO', chemical_identifier: '64-17-5' }]) {
      const res = await rnd('us', rawKey, body)
      expect(res.status).toBe(422)
      expect(((await res.json()) as Body).code).toBe('VALIDATION_ERROR')
    }
  })

  it('huge structures get a clear 413 before any expensive work', async () => {
    const { rawKey } = await newKey('pro')
    const cases = [
      'C'.repeat(1001),
      // 121 heavy atoms in 1,000 characters or fewer
      'C'.repeat(121),
      '('.repeat(41) + 'C' + ')'.repeat(41),
      'C('.repeat(45) + 'C' + ')'.repeat(45),
    ]
    for (const smiles of cases) {
      const res = await rnd('us', rawKey, { smiles })
      expect(res.status).toBe(413)
      expect(((await res.json()) as Body).code).toBe('STRUCTURE_TOO_LARGE')
    }
    const pad = (n: number) => String(n).padStart(3)
    const atoms = Array.from(
      { length: 500 },
      (_, i) => `${(i * 1.5).toFixed(4).padStart(10)}    0.0000    0.0000 C   0  0  0  0  0  0  0  0  0  0  0  0`
    )
    const bonds = Array.from({ length: 499 }, (_, i) => `${pad(i + 1)}${pad(i + 2)}  1  0`)
    const molfile = ['', '  chain', '', `${pad(500)}${pad(499)}  0  0  0  0  0  0  0  0999 V2000`, ...atoms, ...bonds, 'M  END'].join('\n')
    const declared = await rnd('us', rawKey, { molfile })
    expect(declared.status).toBe(413)
    expect(((await declared.json()) as Body).error).toMatch(/declares 500 atoms/)
    const big = await rnd('us', rawKey, { molfile: 'x'.repeat(70_000) })
    expect(big.status).toBe(413)
    const tooBig = await rnd('us', rawKey, { smiles: 'C', company_address: 'x'.repeat(100_000) })
    expect(tooBig.status).toBe(413)
    expect(((await tooBig.json()) as Body).code).toBe('PAYLOAD_TOO_LARGE')
  })
})

describe('R&D proxy: OpenAPI', () => {
  it('documents both endpoints with the prediction schema', async () => {
    const doc = (await (await app.request('/openapi.json', {}, env)).json()) as {
      paths: Record<string, unknown>
      components: { schemas: Record<string, unknown> }
    }
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/sds/rnd/us', '/api/v1/sds/rnd/eu']))
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['RndProxyRequest', 'RndProxyResponse', 'RndPrediction']))
  })
})
