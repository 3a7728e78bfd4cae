import { beforeAll, describe, expect, it, vi } from 'vitest'
import { knowledge } from '../../workers/sds/domain/chem/knowledge'
import { findAlerts } from '../../workers/sds/domain/rnd/alerts'
import alertsJson from '../../workers/sds/domain/rnd/data/alerts.json'
import analogues from '../../workers/sds/domain/rnd/data/analogues.json'
import { jobackBoilingPoint } from '../../workers/sds/domain/rnd/joback'
import { loadOcl } from '../../workers/sds/domain/rnd/ocl'
import { flashPointFromBoiling } from '../../workers/sds/domain/rnd/predict-properties'
import { predict } from '../../workers/sds/domain/rnd/predict'

const mol = async (smiles: string) => {
  const ocl = await loadOcl()
  const m = ocl.Molecule.fromSmiles(smiles, { noCoordinates: true, noStereo: true })
  m.ensureHelperArrays(ocl.Molecule.cHelperRings)
  return m
}

// Each test does real structure work (and the machine may be shared): no 5 s default.
vi.setConfig({ testTimeout: 30_000 })

// The first use loads openchemlib (1 MB) and builds its key tables: not what the tests measure.
beforeAll(async () => {
  await predict({ smiles: 'CCO' }, 'eu')
}, 60_000)

describe('structural alerts (data/alerts.json)', () => {
  it('every alert matches the structures it lists and none of its counter-examples', async () => {
    const ocl = await loadOcl()
    for (const alert of alertsJson.alerts) {
      for (const s of alert.match)
        expect(
          findAlerts(ocl, await mol(s)).map((h) => h.id),
          `${alert.id} on ${s}`
        ).toContain(alert.id)
      for (const s of alert.no_match)
        expect(
          findAlerts(ocl, await mol(s)).map((h) => h.id),
          `${alert.id} on ${s}`
        ).not.toContain(alert.id)
      expect(alert.sources.length).toBeGreaterThan(0)
    }
  })

  it('p-nitroaniline raises the aromatic nitro and amine alerts (and the explosive-group screen); acetone and benzene none', async () => {
    const ocl = await loadOcl()
    expect(
      findAlerts(ocl, await mol('Nc1ccc(cc1)[N+](=O)[O-]'))
        .map((a) => a.id)
        .sort()
    ).toEqual(['aromatic_amine', 'aromatic_nitro', 'explosive_groups'])
    expect(findAlerts(ocl, await mol('CC(C)=O'))).toEqual([])
    expect(findAlerts(ocl, await mol('c1ccccc1'))).toEqual([])
  })
})

describe('boiling and flash point', () => {
  it('Joback and Satyanarayana-Rao land near the measured values of common solvents', async () => {
    // Measured: acetone 56 °C / −20 °C, toluene 111 °C / 4 °C, diethyl ether 35 °C / −45 °C.
    for (const [smiles, bp, fp] of [
      ['CC(C)=O', 56, -20],
      ['Cc1ccccc1', 111, 4],
      ['CCOCC', 35, -45],
    ] as const) {
      const tb = jobackBoilingPoint(await mol(smiles))
      if (!tb.ok) throw new Error(tb.reason)
      expect(Math.abs(tb.tb_k - 273.15 - bp)).toBeLessThan(10)
      expect(Math.abs(flashPointFromBoiling(tb.tb_k) - 273.15 - fp)).toBeLessThan(25)
    }
  })

  it('gives no estimate where no Joback group applies, rather than a wrong one', async () => {
    for (const s of ['OS(O)(=O)=O', '[Na+].[Cl-]', 'C[Si](C)(C)C', 'CP(C)C']) {
      const r = jobackBoilingPoint(await mol(s))
      expect(r.ok, s).toBe(false)
    }
  })
})

type Pool = Array<{ cas: string; smiles: string; classes: string }>

function pool(): Pool {
  const kb = knowledge()
  return (analogues.rows as Array<[string, string, number | null]>).flatMap(([cas]) => {
    const r = kb.byCas.get(cas)
    return r?.compound?.smiles && r.annex.length
      ? [{ cas, smiles: r.compound.smiles, classes: r.annex.flatMap((e) => e.classes).join('|') }]
      : []
  })
}

async function leaveOneOut(s: { cas: string; smiles: string }) {
  const r = await predict({ smiles: s.smiles }, 'eu', { exclude: new Set([s.cas]) })
  if (!r.ok) throw new Error(`${s.cas}: ${r.message}`)
  expect(r.prediction.analogues.map((a) => a.cas)).not.toContain(s.cas)
  return r.prediction
}

describe('leave-one-out on classified knowledge-base substances', () => {
  it('known mutagens and sensitisers, taken out of the knowledge base, still raise their signals', async () => {
    const cases: Array<[string, string, string[]]> = [
      ['aniline', '62-53-3', ['Muta.', 'Carc.']],
      ['2-nitrotoluene', '88-72-2', ['Muta.', 'Carc.']],
      ['propylene oxide', '75-56-9', ['Muta.', 'Carc.']],
      ['ethyl acrylate', '140-88-5', ['Skin Sens.', 'Flam. Liq.']],
      ['N-nitrosodimethylamine', '62-75-9', ['Muta.', 'Carc.']],
    ]
    const kb = knowledge()
    for (const [name, cas, expected] of cases) {
      const p = await leaveOneOut({ cas, smiles: kb.byCas.get(cas)!.compound!.smiles })
      expect(
        p.classification.map((c) => c.abbr),
        name
      ).toEqual(expect.arrayContaining(expected))
    }
  })

  it('read-across lends the classes of a close analogue: methyl acrylate for ethyl acrylate', async () => {
    const kb = knowledge()
    const p = await leaveOneOut({ cas: '140-88-5', smiles: kb.byCas.get('140-88-5')!.compound!.smiles })
    const methyl = p.analogues.find((a) => a.cas === '96-33-3')!
    expect(methyl.tanimoto).toBeGreaterThanOrEqual(0.8)
    expect(methyl.close).toBe(true)
    const skinSens = p.classification.find((c) => c.abbr === 'Skin Sens.')!
    expect(skinSens.basis.join(' ')).toMatch(/read-across from methyl acrylate/)
    // The acute oral class comes from the lowest LD50 of the close analogues (allyl acetate, 130 mg/kg: category 3).
    expect(p.classification.find((c) => c.abbr === 'Acute Tox.' && c.h === 'H301')?.basis.join(' ')).toMatch(/LD50 \d+(\.\d+)? mg\/kg/)
  })

  it('over a sample of the pool, mutagens are flagged far more often than non-mutagens, and flammable liquids almost always', async () => {
    // Every 5th classified substance, a deterministic sample of ~110.
    const sample = pool().filter((_, i) => i % 5 === 0)
    const count = { muta: [0, 0], other: [0, 0], flam: [0, 0] }
    for (const s of sample) {
      const got = new Set((await leaveOneOut(s)).classification.map((c) => c.abbr))
      const flagged = got.has('Muta.') || got.has('Carc.')
      const bucket = /Muta\.|Carc\./.test(s.classes) ? count.muta : count.other
      bucket[0]++
      if (flagged) bucket[1]++
      if (/Flam\. Liq\./.test(s.classes)) {
        count.flam[0]++
        if (got.has('Flam. Liq.') || got.has('Flam. Gas')) count.flam[1]++
      }
    }
    const rate = ([n, hit]: number[]) => hit / n
    expect(count.muta[0]).toBeGreaterThan(10)
    expect(rate(count.muta)).toBeGreaterThan(0.5)
    expect(rate(count.muta)).toBeGreaterThan(2 * rate(count.other))
    expect(rate(count.flam)).toBeGreaterThan(0.85)
  }, 60_000)

  it('a substance with no alert and no close analogue gets no invented health class', async () => {
    const p = await predict({ smiles: 'OC(=O)C1CCCCC1C(O)=O' }, 'eu')
    if (!p.ok) throw new Error(p.message)
    expect(p.prediction.alerts).toEqual([])
    expect(p.prediction.classification.filter((c) => c.kind === 'health')).toEqual([])
  })

  it('an organic peroxide is classified Org. Perox. (Type A as a precaution) and gets the explosive screen', async () => {
    const r = await predict({ smiles: 'CCCCCCCC(=O)OO' }, 'eu')
    if (!r.ok) throw new Error(r.message)
    expect(r.prediction.classification.find((c) => c.abbr === 'Org. Perox.')).toMatchObject({
      clp: 'Org. Perox. A',
      h: 'H240',
      kind: 'physical',
    })
    expect(r.prediction.screens.join(' ')).toMatch(/explosive properties.*Appendix 6.*oxygen balance: -\d+/is)
    // The ChEMBL filters see the peroxide too, as a secondary signal only.
    expect(r.prediction.secondary_alerts.map((a) => a.description.toLowerCase()).join(' ')).toMatch(/peroxide/)
  })

  it('a structure that is a knowledge-base substance reads across from itself only', async () => {
    const r = await predict({ smiles: 'CCO' }, 'us')
    if (!r.ok) throw new Error(r.message)
    expect(r.prediction.known_substance?.cas).toBe('64-17-5')
    expect(r.prediction.analogues.filter((a) => a.close).map((a) => a.cas)).toEqual(['64-17-5'])
    // Propargyl alcohol (Tanimoto 0.88 on this coarse fingerprint) lends nothing.
    expect(r.prediction.classification.map((c) => c.abbr)).not.toContain('Skin Corr.')
  })
})
