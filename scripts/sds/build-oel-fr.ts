/**
 * Builds `workers/sds/data/oel-fr.json`: the table of binding occupational exposure limits of the
 * French Labour Code, article R4412-149, as held by etalab/codes-juridiques-francais (Licence
 * Ouverte; the text is law). France transposes the EU indicative lists (2000/39/EC, 2006/15/EC,
 * 2009/161/EU …) through this article, but the article names no directive per row and France may
 * set a value stricter than the EU's (toluene 20 ppm here against 50 ppm in 2006/15/EC's title
 * entry), so the rows are French values and are labelled as such, never as the EU value.
 *
 * Rows with a CAS number go to `byCas`; rows for a group without one ("Plomb métallique et ses
 * composés") to `groups` by their French name, for exposure-groups.json to apply through the
 * element. Observations ("Peau (7)") are kept; footnote numbers are dropped.
 *
 *   npx tsx scripts/sds/build-oel-fr.ts [--git <mirror git dir>]
 */
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { casCheckDigitValid } from '../../workers/sds/domain/chem/identifiers'

const FR_REPO = 'etalab/codes-juridiques-francais'
const FR_COMMIT = '8ef2d24fa4cef8b396888397dd11b75f9c8ff6c4'
/** The commit's date: the version of the article the rows are read from. */
const FR_VERSION = '11 May 2012'
const PATH =
  'codes-en-vigueur/code-du-travail/partie-reglementaire/quatrieme-partie/livre-iv/titre-ier/chapitre-ii/section-4/sous-section-1/article-r4412-149.md'
const OUT = resolve(join(import.meta.dirname, '../../workers/sds/data/oel-fr.json'))

const args = process.argv.slice(2)
const at = args.indexOf('--git')
const dir = at >= 0 && args[at + 1] ? args[at + 1] : '/work/.mirror/etalab+codes-juridiques-francais/repo'
const source = execFileSync('git', ['--git-dir', dir, 'show', `${FR_COMMIT}:${PATH}`], { encoding: 'utf8' })

const cellText = (html: string) =>
  html
    .replace(/<br\s*\/?>/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

/** "1 210" → "1210", "7,6" → "7.6"; "-" and blanks are no value. */
const num = (s: string) => {
  const t = s.replace(/\s/g, '').replace(',', '.')
  return /^\d+(\.\d+)?$/.test(t) ? t : ''
}
/** The table's names split words across lines ("Tétra hydrofurane", "Dichlo rométhane"). */
const name = (s: string) =>
  s
    .replace(/\s*\(\d+\)\s*$/, '')
    .replace(/\.$/, '')
    .trim()

type FrRow = { name: string; ec: string; cas: string; values: string; skin: boolean; notes: string }

const rows: FrRow[] = []
for (const tr of source.match(/<tr>[\s\S]*?<\/tr>/g) ?? []) {
  const cells = [...tr.matchAll(/<td[^>]*?(?:\/>|>([\s\S]*?)<\/td>)/g)].map((m) => cellText(m[1] ?? ''))
  if (cells.length !== 11) continue
  const [n, ec, cas, twaMg, twaPpm, twaF, stelMg, stelPpm, stelF, obs, transitional] = cells
  if (!n || n === 'DÉNOMINATION') continue
  const part = (mg: string, ppm: string, f: string) =>
    [num(mg) && `${num(mg)} mg/m³`, num(ppm) && `${num(ppm)} ppm`, num(f) && `${num(f)} fibres/cm³`].filter(Boolean).join(' / ')
  const values = [
    part(twaMg, twaPpm, twaF) && `8 h ${part(twaMg, twaPpm, twaF)}`,
    part(stelMg, stelPpm, stelF) && `short-term (15 min) ${part(stelMg, stelPpm, stelF)}`,
  ]
    .filter(Boolean)
    .join('; ')
  if (!values) continue
  const skin = /peau/i.test(obs)
  const other = obs && !skin && obs !== '-' ? `Observation in the article: "${obs}".` : ''
  const trans = transitional && transitional !== '-' ? `Transitional measure in the article: "${transitional}".` : ''
  rows.push({
    name: name(n),
    ec: /^\d{3}-\d{3}-\d$/.test(ec) ? ec : '',
    cas: casCheckDigitValid(cas) ? cas : '',
    values: skin ? `${values}; notation "peau" (skin)` : values,
    skin,
    notes: [other, trans].filter(Boolean).join(' '),
  })
}
if (rows.length < 80) throw new Error(`expected the full table (about 84 rows), read ${rows.length}`)

const byCas: Record<string, FrRow[]> = {}
const groups: Record<string, FrRow[]> = {}
for (const r of rows) (r.cas ? (byCas[r.cas] ??= []) : (groups[r.name] ??= [])).push(r)
const sorted = <T>(o: Record<string, T>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)))

writeFileSync(
  OUT,
  `${JSON.stringify({
    source: {
      repository: FR_REPO,
      path: PATH,
      commit: FR_COMMIT,
      version: FR_VERSION,
      licence: 'Licence Ouverte (Etalab); the text is French law',
    },
    rows: rows.length,
    byCas: sorted(byCas),
    groups: sorted(groups),
  })}\n`
)
console.log(`oel-fr.json: ${rows.length} rows, ${Object.keys(byCas).length} CAS numbers, ${Object.keys(groups).length} groups`)
