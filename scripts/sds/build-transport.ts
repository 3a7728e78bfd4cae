/**
 * Builds `workers/sds/data/dangerous-goods.json` (Section 14) from public sources:
 *
 * - the complete 49 CFR 172.101 Hazardous Materials Table (every packing-group row) as parsed from
 *   the eCFR of 2026-06-01 by andretaki/hazmat-cfr-mcp (`src/data/hmt-generated.ts`, MIT; the
 *   table itself is US federal regulation, public domain);
 * - the language-independent codes of ADR 2025 Table A (class, classification code, packing group,
 *   labels, tunnel code, hazard identification number) from the Norwegian DSB text converted by
 *   Freeyolo/ADRRIDOnline (`source/docs/ADRRID2025/Del3Tabell/TabellAnohead.csv`); the Norwegian
 *   names are not kept;
 * - CAS numbers joined to entries by the staged name match (`../shared/data/sds/transport/
 *   cas_to_un_by_name_match.csv`) and our own list of named entries the match misses
 *   (`scripts/sds/transport-named.json`).
 *
 * Reads the fetched mirrors with `git show` at pinned commits, so the output is reproducible:
 *
 *   npx tsx scripts/sds/build-transport.ts [--hmt <git dir>] [--adr <git dir>] [--from <shared sds dir>]
 */
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import rules from '../../workers/sds/domain/sheet/transport-rules.json'

const args = process.argv.slice(2)
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(name)
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback
}
const HMT_GIT = opt('--hmt', '/work/.mirror/andretaki+hazmat-cfr-mcp/repo')
const ADR_GIT = opt('--adr', '/work/.mirror/Freeyolo+ADRRIDOnline/repo')
const FROM = resolve(opt('--from', join(import.meta.dirname, '../../../shared/data/sds')))
const OUT = resolve(join(import.meta.dirname, '../../workers/sds/data/dangerous-goods.json'))

const HMT_COMMIT = 'c733ac6df766a466802a5c2dc69d6c3cd3d5e762'
const ADR_COMMIT = '1901d2be8dd85eff7df8244a6906867ae4089ea7'

const show = (gitDir: string, commit: string, path: string) =>
  execFileSync('git', ['--git-dir', gitDir, 'show', `${commit}:${path}`], { encoding: 'utf8', maxBuffer: 64 << 20 })

type HmtRow = {
  idNumber?: string
  properShippingName: string
  hazardClass: string
  forbidden: boolean
  symbols: string[]
  packingGroup?: string
  labels: string[]
}

/** [id, proper shipping name, class, packing group, labels, column 1 symbols] */
type Row = [string, string, string, string, string, string]

function readHmt(): Row[] {
  const text = show(HMT_GIT, HMT_COMMIT, 'src/data/hmt-generated.ts')
  const rows: Row[] = []
  // One JSON object per line inside the exported array.
  for (const line of text.split('\n')) {
    const t = line.trim().replace(/,$/, '')
    if (!t.startsWith('{')) continue
    const r = JSON.parse(t) as HmtRow
    if (!r.idNumber || r.forbidden) continue
    rows.push([r.idNumber, r.properShippingName.trim(), r.hazardClass, r.packingGroup ?? '', r.labels.join(', '), r.symbols.join('')])
  }
  return rows
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (ch === '"') quoted = false
      else field += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') {
      row.push(field)
      field = ''
    } else if (ch === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else if (ch !== '\r') field += ch
  }
  if (field || row.length) rows.push([...row, field])
  return rows
}

const readStaged = (file: string) => {
  const [header, ...body] = parseCsv(readFileSync(join(FROM, file), 'utf8'))
  return body.filter((r) => r.length > 1).map((r) => Object.fromEntries(header.map((h, i) => [h.trim(), (r[i] ?? '').trim()])))
}

/** [class, classification code, packing group, labels, tunnel restriction code, hazard identification no.] by UN number. */
function readAdr(): Record<string, Array<[string, string, string, string, string, string]>> {
  const text = show(ADR_GIT, ADR_COMMIT, 'source/docs/ADRRID2025/Del3Tabell/TabellAnohead.csv')
  const [, ...body] = parseCsv(text)
  const out: Record<string, Array<[string, string, string, string, string, string]>> = {}
  const one = (s: string) => s.replace(/\s+/g, ' ').trim()
  for (const r of body) {
    if (r.length < 24 || !/^\d{4}$/.test(r[0].trim())) continue
    // Column (5): labels one per line; "(+13)"/"(+15)" are RID shunting marks, not labels.
    const labels = r[5]
      .split('\n')
      .map((x) =>
        x
          .replace(/\(\+\d+\)/g, '')
          .replace(/^\+/, '')
          .trim()
      )
      .filter(Boolean)
      .join(', ')
    // Column (15): transport category, then the tunnel code in brackets.
    const tunnel = /\(([A-E](?:\/[A-E])?|-)\)/.exec(r[17])?.[1] ?? ''
    const row: [string, string, string, string, string, string] = [one(r[2]), one(r[3]), one(r[4]), labels, tunnel, one(r[23])]
    const list = (out[`UN${r[0].trim()}`] ??= [])
    if (!list.some((x) => x.join('|') === row.join('|'))) list.push(row)
  }
  return out
}

const firstWord = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9 ]/g, ' ')
    .trim()
    .split(/\s+/)[0]

function main() {
  const hmt = readHmt()
  const byId = new Map<string, number[]>()
  for (const [i, r] of hmt.entries()) byId.set(r[0], [...(byId.get(r[0]) ?? []), i])
  const byCas: Record<string, number[]> = {}
  const add = (cas: string, idx: number[]) => {
    const list = (byCas[cas] ??= [])
    for (const i of idx) if (!list.includes(i)) list.push(i)
  }
  // Every row of a matched number whose name is the matched substance's (all packing groups and
  // strengths), not the other names sharing the number ("Battery fluid, acid" beside sulfuric acid).
  for (const r of readStaged('transport/cas_to_un_by_name_match.csv')) {
    if (!r.cas || !r.id_number) continue
    const rows = byId.get(r.id_number) ?? []
    const w = firstWord(r.hmt_proper_shipping_name)
    add(
      r.cas,
      rows.filter((i) => firstWord(hmt[i][1]) === w)
    )
  }
  const named = JSON.parse(readFileSync(join(import.meta.dirname, 'transport-named.json'), 'utf8')) as {
    entries: Array<{ cas: string; ids: string[]; firstWord?: string }>
  }
  for (const e of named.entries)
    for (const id of e.ids) {
      const rows = byId.get(id)
      if (!rows) throw new Error(`transport-named.json: ${id} is not in the table`)
      add(
        e.cas,
        rows.filter((i) => !e.firstWord || firstWord(hmt[i][1]) === e.firstWord)
      )
    }
  for (const g of rules.generic.entries) {
    const rows = byId.get(g.id)
    if (!rows || !rows.every((i) => hmt[i][2] === g.class)) throw new Error(`transport-rules.json: ${g.id} is not a class ${g.class} entry`)
  }
  for (const list of Object.values(byCas)) list.sort((a, b) => a - b)
  const adr = readAdr()
  const sorted = Object.fromEntries(
    Object.keys(byCas)
      .sort()
      .map((k) => [k, byCas[k]])
  )
  const out = {
    source:
      'US DOT Hazardous Materials Table, 49 CFR 172.101, every row as in the eCFR of 2026-06-01 (parsed by andretaki/hazmat-cfr-mcp, commit c733ac6); CAS numbers joined to entries by name and by our list of named entries (scripts/sds/transport-named.json).',
    adrSource:
      'ADR 2025 Table A (UNECE), codes only (class, classification code, packing group, labels, tunnel code, hazard identification number), from the Norwegian DSB text as converted by Freeyolo/ADRRIDOnline (commit 1901d2b); the English proper shipping names of ADR are not in our data.',
    columns: ['id', 'name', 'class', 'pg', 'labels', 'symbols'],
    adrColumns: ['class', 'code', 'pg', 'labels', 'tunnel', 'hazardNo'],
    hmt,
    byCas: sorted,
    adr: Object.fromEntries(
      Object.keys(adr)
        .sort()
        .map((k) => [k, adr[k]])
    ),
  }
  const text = JSON.stringify(out)
  writeFileSync(OUT, text + '\n')
  console.log(
    `dangerous-goods.json: ${hmt.length} table rows, ${Object.keys(sorted).length} CAS, ${Object.keys(adr).length} ADR numbers, ${(text.length / 1024).toFixed(0)} KiB`
  )
}

main()
