// Issue 39: a sheet is built and packed differently for speed, and must say exactly what it
// said. For a regression set of substances (US and EU, a solution, an R&D proxy sheet), the
// text of every DOCX part (test/sds/helpers/docx-parts-text.ts) is compared with the committed
// fixtures in test/sds/fixtures/docx-text/. When the CONTENT of a sheet is meant to change,
// regenerate them in one command and review the diff:
//
//   npx vitest run --project sds test/sds/docx-text.test.ts -u
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { base64ToBytes, makeApp, newKey, post } from './helpers'
import { docxPartsText } from './helpers/docx-parts-text'

const app = makeApp({ now: new Date('2026-03-02T10:00:00Z') })
const branding = {
  company_name: 'Regression Chemicals Ltd',
  company_address: '1 Fixture Road, Springfield',
  company_phone: '+1 555 0100',
  company_website: 'https://regression.example',
  company_email: 'sds@regression.example',
  emergency_phone: '+1 555 0199',
}

const SUBSTANCES: Array<[string, string]> = [
  ['acetone', '67-64-1'],
  ['formaldehyde', '50-00-0'],
  ['benzene', 'benzene'],
  ['sodium-hydroxide', 'sodium hydroxide'],
  ['ethanol', '64-17-5'],
  ['hydrogen-peroxide-30', 'hydrogen peroxide 30%'],
  ['sulfuric-acid', '7664-93-9'],
  ['toluene', 'toluene'],
]

async function documentOf(res: Response): Promise<Uint8Array> {
  expect(res.status).toBe(200)
  return base64ToBytes(((await res.json()) as { document_base64: string }).document_base64)
}

describe('the text of every DOCX part is unchanged for the regression set', () => {
  for (const j of ['us', 'eu'] as const) {
    for (const [slug, id] of SUBSTANCES) {
      it(`${slug} (${j})`, async () => {
        const { rawKey } = await newKey('enterprise')
        const bytes = await documentOf(await post(app, j, rawKey, { chemical_identifier: id, response_format: 'base64', ...branding }))
        await expect(await docxPartsText(bytes)).toMatchFileSnapshot(`fixtures/docx-text/${slug}-${j}.txt`)
      })
    }
    it(`R&D proxy sheet (${j})`, async () => {
      const { rawKey } = await newKey('enterprise')
      const res = await app.request(
        `/api/v1/sds/rnd/${j}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${rawKey}` },
          body: JSON.stringify({ smiles: 'CC1=CC(=O)N(C1=O)c1ccc(cc1)C(F)(F)F', name: 'RX-1', response_format: 'base64', ...branding }),
        },
        env
      )
      await expect(await docxPartsText(await documentOf(res))).toMatchFileSnapshot(`fixtures/docx-text/rnd-proxy-${j}.txt`)
    })
  }
})
