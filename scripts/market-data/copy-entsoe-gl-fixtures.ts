/**
 * Copies the real ENTSO-E load and generation documents (A65, A75) used by
 * test/market-data/load-generation.test.ts from electricitymaps/electricitymaps-contrib,
 * byte for byte, at the pinned commit (data/SOURCES.md, market-data). They are verbatim
 * Transparency Platform answers saved by that project as parser mocks.
 * Run: `npx tsx scripts/market-data/copy-entsoe-gl-fixtures.ts <git dir of the repository>`
 * (a clone's `.git`, or the snapshot the `fetch` tool brings).
 */
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const COMMIT = 'b354f28aad434182bf591c51481e7eded62306cf'
const FOLDER = 'electricitymap/contrib/parsers/tests/mocks/ENTSOE'
const FILES: Record<string, string> = {
  'DK-DK1_consumption.xml': 'entsoe-a65-dk1-actual-load-2023-12-28.xml',
  'DK-DK2_consumption_forecast.xml': 'entsoe-a65-dk2-load-forecast-2023-12-28.xml',
  'FI_production.xml': 'entsoe-a75-fi-generation-2025-10-21.xml',
  'SE-SE4_production.xml': 'entsoe-a75-se4-generation-2025-10-20.xml',
}

const gitDir = process.argv[2]
if (!gitDir) throw new Error('usage: copy-entsoe-gl-fixtures.ts <git dir of electricitymaps/electricitymaps-contrib>')
const out = join(dirname(fileURLToPath(import.meta.url)), '../../test/market-data/fixtures')
for (const [source, target] of Object.entries(FILES)) {
  const bytes = execFileSync('git', ['--git-dir', gitDir, 'show', `${COMMIT}:${FOLDER}/${source}`])
  writeFileSync(join(out, target), bytes)
  console.log(`${target}: ${bytes.length} bytes from ${FOLDER}/${source}`)
}
