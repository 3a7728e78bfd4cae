/**
 * Writes one US and one EU sheet as DOCX with the worker's own modules (no server needed):
 *   npx tsx scripts/sds/render-sample.ts <out-dir> [identifier-us] [identifier-eu]
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { resolveIdentifier } from '../../workers/sds/domain/chem/resolve'
import { generateDocx } from '../../workers/sds/domain/sheet/generate'

const [out = 'test-results', us = 'acetone', eu = 'formaldehyde'] = process.argv.slice(2)
const branding = {
  company_name: 'Example Chemicals Ltd',
  company_address: '1 Example Street, Springfield, IL 62701, USA',
  company_phone: '+1 217 555 0100',
  company_website: 'https://chemicals.example',
  company_email: 'sds@chemicals.example',
}

mkdirSync(out, { recursive: true })
for (const [identifier, j] of [
  [us, 'us'],
  [eu, 'eu'],
] as const) {
  const r = await resolveIdentifier(identifier)
  if (!r.ok) throw new Error(`${identifier}: ${r.code} ${r.message}`)
  const started = performance.now()
  const { bytes, filename } = await generateDocx(r.substance, j, branding, new Date())
  writeFileSync(join(out, filename), bytes)
  console.log(`${join(out, filename)} (${bytes.length} bytes, ${(performance.now() - started).toFixed(0)} ms)`)
}
