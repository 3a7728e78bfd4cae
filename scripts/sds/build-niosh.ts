/**
 * Builds `workers/sds/data/niosh-npg.json`: the physical description of every NIOSH Pocket Guide
 * page with a CAS number, for Section 9 (a)-(c). Read with `git show` from the fetched mirror
 * harej/niosh (`source/npgdNNNN.html`, the cdc.gov pages as of 2015-10; US government work,
 * public domain per `source/LICENSE`). Only the name, CAS number and physical description are
 * kept; the sheet cites the page (npgdNNNN) and the copy's date.
 *
 *   npx tsx scripts/sds/build-niosh.ts [--git <mirror git dir>]
 */
import { writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { casCheckDigitValid } from '../../workers/sds/domain/chem/identifiers'
import { NIOSH_COMMIT, nioshMirror } from './niosh-mirror'

const COMMIT = NIOSH_COMMIT
const OUT = resolve(join(import.meta.dirname, '../../workers/sds/data/niosh-npg.json'))

const git = nioshMirror(process.argv.slice(2))
const text = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&nbsp;/g, ' ')
    .replace(/&#\d+;|&[a-z]+;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

const byCas: Record<string, [string, string, string]> = {}
let pages = 0
for (const path of git('ls-tree', '--name-only', COMMIT, 'source/').split('\n')) {
  const id = /npgd(\d{4})\.html$/.exec(path)?.[1]
  if (!id) continue
  pages++
  const html = git('show', `${COMMIT}:${path}`)
  const name = text(/<title>[^<]*?Chemical Hazards -([^<]*)<\/title>/.exec(html)?.[1] ?? '')
  const cas = text(/<h6>CAS No\.<\/h6>([\s\S]*?)<\/td>/.exec(html)?.[1] ?? '')
  const description = text(/<h6>Physical Description<\/h6>([\s\S]*?)<\/td>/.exec(html)?.[1] ?? '')
  // One page per substance; a page listing several CAS numbers, or none, is a group: skipped.
  if (!casCheckDigitValid(cas) || !description || byCas[cas]) continue
  byCas[cas] = [`npgd${id}`, name, description]
}
const sorted = Object.fromEntries(
  Object.keys(byCas)
    .sort()
    .map((k) => [k, byCas[k]])
)
const out = {
  source:
    'NIOSH Pocket Guide to Chemical Hazards (CDC/NIOSH, public domain), physical description of the page named, from the copy of the cdc.gov pages of October 2015 in harej/niosh (commit 2cce688).',
  columns: ['page', 'name', 'description'],
  byCas: sorted,
}
writeFileSync(OUT, `${JSON.stringify(out)}\n`)
console.log(`niosh-npg.json: ${Object.keys(sorted).length} substances with a description, of ${pages} pages`)
