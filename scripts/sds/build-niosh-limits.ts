/**
 * Builds `workers/sds/data/niosh-limits.json`: from every NIOSH Pocket Guide page with a CAS
 * number, the IDLH, the NIOSH REL and the OSHA PEL as the page prints them, the skin and eye
 * protection codes, and the NIOSH respirator recommendations (each concentration band with its
 * respirators and their assigned protection factors). Read with `git show` from the fetched
 * mirror harej/niosh (`source/npgdNNNN.html`, the cdc.gov pages as of 2015-10; US government
 * work, public domain per `source/LICENSE`).
 *
 * A page whose REL or PEL note says the limit "also applies to other X compounds (as X)" is
 * recorded as a group page for that element (`appliesToCompoundsOf`), so the sheet can apply it
 * to a compound through the element, with the conversion stated, on NIOSH's own words.
 *
 * Respirator texts repeat across pages; they are stored once (`respirators`) and referenced
 * by index, which keeps the file small enough to bundle.
 *
 *   npx tsx scripts/sds/build-niosh-limits.ts [--git <mirror git dir>]
 */
import { writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { casCheckDigitValid } from '../../workers/sds/domain/chem/identifiers'
import { NIOSH_COMMIT, nioshMirror } from './niosh-mirror'

const COMMIT = NIOSH_COMMIT
const OUT = resolve(join(import.meta.dirname, '../../workers/sds/data/niosh-limits.json'))

const git = nioshMirror(process.argv.slice(2))
const text = (html: string) =>
  html
    .replace(/<sup>3<\/sup>/g, '³')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&nbsp;/g, ' ')
    .replace(/&dagger;/g, '')
    .replace(/&#176;/g, '°')
    .replace(/&#\d+;|&[a-z]+;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

/** The text after `<h6>label</h6>` up to the next heading or the end of the cell. */
function field(html: string, label: RegExp): string {
  const m = new RegExp(`<h6>${label.source}</h6>([\\s\\S]*?)(?=<h6>|</td>)`).exec(html)
  return m ? text(m[1]).replace(/^[:*\s]+/, '') : ''
}

/** "Skin: Prevent skin contact" in the Personal Protection/Sanitation cell. */
function protection(html: string, what: string): string {
  const cell = /<h6>Personal Protection\/Sanitation<\/h6>([\s\S]*?)<\/td>/.exec(html)?.[1] ?? ''
  return text(new RegExp(`<strong>${what}:</strong>([^<]*)`).exec(cell)?.[1] ?? '')
}

const respirators: string[] = []
const respiratorIndex = new Map<string, number>()
const ref = (t: string) => {
  let i = respiratorIndex.get(t)
  if (i === undefined) {
    i = respirators.length
    respirators.push(t)
    respiratorIndex.set(t, i)
  }
  return i
}

/** [band, [respirator index…]] for each bold heading of the Respirator Recommendations cell. */
function respiratorBands(html: string): Array<[string, number[]]> {
  const cell = /<h6>Respirator Recommendations<\/h6>([\s\S]*?)<\/td>/.exec(html)?.[1] ?? ''
  const bands: Array<[string, number[]]> = []
  for (const m of cell.matchAll(/<strong>([\s\S]*?)<\/strong>\s*:?([\s\S]*?)(?=<strong>|$)/g)) {
    const band = text(m[1]).replace(/:$/, '')
    if (!band || /^(NIOSH|OSHA)$/.test(band)) continue
    const items = m[2]
      .split(/<br\s*\/?>/)
      .map((s) => text(s).replace(/^:\s*/, ''))
      .filter((s) => s.length > 3 && !/^(Click here|Important additional|See also)/i.test(s))
    if (items.length) bands.push([band, items.map(ref)])
  }
  return bands
}

type Row = {
  page: string
  name: string
  idlh: string
  /** Molecular (for an element page, atomic) weight as the page prints it. */
  mw: number | null
  rel: string
  pel: string
  skin: string
  eyes: string
  respirator: Array<[string, number[]]>
  appliesToCompoundsOf: string | null
}
const byCas: Record<string, Row> = {}
let pages = 0
for (const path of git('ls-tree', '--name-only', COMMIT, 'source/').split('\n')) {
  const id = /npgd(\d{4})\.html$/.exec(path)?.[1]
  if (!id) continue
  pages++
  const html = git('show', `${COMMIT}:${path}`)
  const name = text(/<title>[^<]*?Chemical Hazards -([^<]*)<\/title>/.exec(html)?.[1] ?? '')
  // Element pages print "7439-96-5 (metal)": the number is the element's; several numbers are a group page, skipped.
  const casCell = text(/<h6>CAS No\.<\/h6>([\s\S]*?)<\/td>/.exec(html)?.[1] ?? '')
  const cas = /^(\d{2,7}-\d{2}-\d)(?:\s*\((?:metal|elemental)\))?$/.exec(casCell)?.[1] ?? ''
  if (!casCheckDigitValid(cas) || byCas[cas]) continue
  const rel = field(html, /NIOSH REL/)
  const pel = field(html, /OSHA PEL/)
  // "The PEL also applies to other copper compounds (as Cu)", or a page named "Manganese compounds and fume (as Mn)".
  const group =
    /also applies to other (\w+) compounds \(as ([A-Z][a-z]?)\)/i.exec(`${rel} ${pel}`) ??
    /^(\w+) compounds\b.*\(as ([A-Z][a-z]?)\)$/i.exec(name)
  byCas[cas] = {
    page: `npgd${id}`,
    name,
    idlh: field(html, /IDLH/).replace(/\s*See: \S+$/, ''),
    mw: Number(/MW:\s*([\d.]+)/.exec(text(html))?.[1]) || null,
    rel,
    pel,
    skin: protection(html, 'Skin'),
    eyes: protection(html, 'Eyes'),
    respirator: respiratorBands(html),
    appliesToCompoundsOf: group ? group[2] : null,
  }
}
const sorted = Object.fromEntries(
  Object.keys(byCas)
    .sort()
    .map((k) => [k, byCas[k]])
)
const out = {
  source:
    'NIOSH Pocket Guide to Chemical Hazards (CDC/NIOSH, public domain): IDLH, NIOSH REL, OSHA PEL, personal protection and respirator recommendations of the page named, from the copy of the cdc.gov pages of October 2015 in harej/niosh (commit 2cce688).',
  respirators,
  byCas: sorted,
}
writeFileSync(OUT, `${JSON.stringify(out)}\n`)
const groups = Object.values(sorted).filter((r) => r.appliesToCompoundsOf)
console.log(
  `niosh-limits.json: ${Object.keys(sorted).length} pages of ${pages}; ${Object.values(sorted).filter((r) => r.respirator.length).length} with respirator bands; ${respirators.length} distinct respirator texts; group pages: ${groups.map((g) => `${g.appliesToCompoundsOf} (${g.page})`).join(', ')}`
)
