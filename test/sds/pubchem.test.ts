import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { replayFetcher } from '../../shared/http-fetcher'
import {
  experimentalTemperatures,
  notifiedHazardStatements,
  parseTemperature,
  type PugSection,
} from '../../workers/sds/domain/pubchem/client'
import experimental179 from './fixtures/pubchem-179-experimental.json'
import ghs179 from './fixtures/pubchem-179-ghs.json'
import cids from './fixtures/pubchem-cids-7646-69-7.json'
import experimental24758 from './fixtures/pubchem-24758-experimental.json'
import { base64ToBytes, makeApp, newKey, post } from './helpers'
import { docxText, paragraphs } from './helpers/unzip'

const VIEW = 'https://pubchem.ncbi.nlm.nih.gov/rest/pug_view/data/compound'
const answer = (body: unknown) => ({ body: JSON.stringify(body) })

function pubchem() {
  return replayFetcher([
    [`${VIEW}/179/JSON?heading=Experimental%20Properties`, answer(experimental179)],
    [`${VIEW}/179/JSON?heading=GHS%20Classification`, answer(ghs179)],
    ['https://pubchem.ncbi.nlm.nih.gov/rest/pug/compound/name/7646-69-7/cids/JSON', answer(cids)],
    [`${VIEW}/24758/JSON?heading=Experimental%20Properties`, answer(experimental24758)],
  ])
}

async function sheetText(res: Response): Promise<string> {
  expect(res.status).toBe(200)
  const body = (await res.json()) as { document_base64: string }
  return paragraphs(await docxText(base64ToBytes(body.document_base64))).join('\n')
}

describe('PubChem PUG-View parsing', () => {
  it('reads temperatures in °C and °F, ranges and numbers', () => {
    expect(parseTemperature('148 °C')).toBe(148)
    expect(parseTemperature('122 °F (NTP, 1992)')).toBe(50)
    expect(parseTemperature('298 to 300 °F at 760 mmHg')).toBe(147.8)
    expect(parseTemperature('no temperature')).toBeNull()
    expect(experimentalTemperatures(experimental179.Record as PugSection)).toEqual({
      melting_point_c: 15,
      boiling_point_c: 148,
      flash_point_c: 50,
    })
  })

  it('reads notified hazard statements with their share of notifications', () => {
    expect(notifiedHazardStatements(ghs179.Record as PugSection)).toEqual(['H226 (92.3%)', 'H319 (7.7%)'])
  })
})

describe('live enrichment (PUBCHEM_ENRICHMENT=true)', () => {
  it('fills missing properties and labels notified GHS data as not harmonised, cached in KV', async () => {
    const fetcher = pubchem()
    const app = makeApp({ now: new Date() }, fetcher)
    const { rawKey } = await newKey('enterprise')
    const body = { chemical_identifier: '513-86-0', response_format: 'base64' }
    const text = await sheetText(await post(app, 'us', rawKey, body, { PUBCHEM_ENRICHMENT: 'true' }))
    expect(text).toContain('has no harmonised classification')
    expect(text).toMatch(/NOT a harmonised classification[^\n]*H226 \(92\.3%\), H319 \(7\.7%\)/)
    expect(text).toMatch(/\(d\) Melting point\/freezing point\n15 °C \(source: PubChem PUG-View/)
    expect(text).toMatch(/\(h\) Flash point\n50 °C/)
    expect(fetcher.calls).toHaveLength(2)
    // The second sheet is served from the KV cache.
    await sheetText(await post(app, 'eu', rawKey, body, { PUBCHEM_ENRICHMENT: 'true' }))
    expect(fetcher.calls).toHaveLength(2)
  })

  it('finds the CID by CAS for substances outside the identifier set', async () => {
    const fetcher = pubchem()
    const app = makeApp({ now: new Date() }, fetcher)
    const { rawKey } = await newKey('enterprise')
    const text = await sheetText(
      await post(app, 'eu', rawKey, { chemical_identifier: '7646-69-7', response_format: 'base64' }, { PUBCHEM_ENRICHMENT: 'true' })
    )
    expect(text).toMatch(/Melting point\/freezing point\n800 °C/)
    expect(text).not.toContain('NOT a harmonised classification')
    expect(fetcher.calls[0]).toBe('GET https://pubchem.ncbi.nlm.nih.gov/rest/pug/compound/name/7646-69-7/cids/JSON')
  })

  it('never fails a generation when PubChem fails, and stays off unless enabled', async () => {
    const failing = replayFetcher([[/pubchem/, () => ({ status: 503, body: 'busy' })]])
    const { rawKey } = await newKey('enterprise')
    const text = await sheetText(
      await post(
        makeApp({ now: new Date() }, failing),
        'us',
        rawKey,
        { chemical_identifier: '513-86-0', response_format: 'base64' },
        { PUBCHEM_ENRICHMENT: 'true' }
      )
    )
    expect(text).toContain('has no harmonised classification')
    const off = replayFetcher([])
    await sheetText(
      await post(makeApp({ now: new Date() }, off), 'us', rawKey, { chemical_identifier: 'acetoin', response_format: 'base64' })
    )
    expect(off.calls).toHaveLength(0)
    // wrangler.toml ships it switched off.
    expect((env as unknown as Record<string, unknown>).PUBCHEM_ENRICHMENT).toBe('false')
  })
})
