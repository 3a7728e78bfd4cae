/**
 * Section 8.1 as printed: every limit value with the list it comes from, then the lists of the
 * sheet's jurisdiction that were checked in full and found no value, and those only partly in our
 * data (oel-lists.json), so "no limit in the list" is never confused with "list not checked".
 * ACGIH TLVs are never printed (copyrighted): the sheet says to consult them.
 */
import type { Limit } from '../chem/knowledge'
import type { Facts } from './facts'
import { noData, p, type Block } from './model'
import lists from './oel-lists.json'

type ListInfo = (typeof lists.us)[number]

/** The lists of the jurisdiction split by whether a row of the sheet comes from them. */
export function listsChecked(j: 'us' | 'eu', rows: Limit[]): { found: ListInfo[]; none: ListInfo[]; partial: ListInfo[] } {
  const found: ListInfo[] = []
  const none: ListInfo[] = []
  const partial: ListInfo[] = []
  for (const l of lists[j]) {
    if (rows.some((r) => r.list.includes(l.match))) found.push(l)
    else if (l.coverage === 'complete') none.push(l)
    else partial.push(l)
  }
  return { found, none, partial }
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
const longDate = (iso: string) => `${Number(iso.slice(8, 10))} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`

/**
 * A value whose list stops applying it on or before the sheet's date stays in the table, marked as
 * no longer applicable (the row's notes name what replaced it), and does not count as a value held.
 */
function current(rows: Limit[], date: string | undefined): Limit[] {
  if (!date) return rows
  return rows.map((x) =>
    x.until && x.until <= date ? { ...x, list: `NO LONGER APPLICABLE since ${longDate(x.until)} (shown for reference only): ${x.list}` } : x
  )
}
const applies = (x: Limit, date: string | undefined) => !(date && x.until && x.until <= date)

/** `date`: the sheet's date (ISO), against which dated values are judged; without it they print as listed. */
export function exposureLimitBlocks(f: Facts, date?: string): Block[] {
  const all = f.exposureLimits
  const l = all && { osha: current(all.osha, date), eu: current(all.eu, date), niosh: current(all.niosh, date) }
  const groups: Array<[Limit[], string]> =
    f.jurisdiction === 'us'
      ? [
          [l?.osha ?? [], ''],
          [l?.niosh ?? [], ''],
          [l?.eu ?? [], 'For information: '],
        ]
      : [
          [l?.eu ?? [], ''],
          [l?.osha ?? [], 'For information (US): '],
        ]
  const blocks: Block[] = []
  const table = groups.flatMap(([list, prefix]) => list.map((x) => [`${prefix}${x.list}`, x.substance, x.values, x.notes || '—']))
  if (table.length) blocks.push({ kind: 'table', header: ['List', 'Substance (as listed)', 'Limit values', 'Notes'], rows: table })
  const home = (f.jurisdiction === 'us' ? [...(all?.osha ?? []), ...(all?.niosh ?? [])] : (all?.eu ?? [])).filter((x) => applies(x, date))
  const { none, partial } = listsChecked(f.jurisdiction, home)
  const where = f.jurisdiction === 'us' ? 'US lists' : 'EU lists'
  // A national row (France, R4412-149) is printed on the EU sheet but is not an EU value.
  const directive = home.filter((x) => !x.list.startsWith('France:'))
  if (!directive.length)
    blocks.push(
      noData(
        `no ${f.jurisdiction === 'us' ? 'US' : 'EU'} limit value for this substance in the lists in our data${home.length ? ' (the French value above is a national limit, not the EU value)' : ''}.`
      )
    )
  if (none.length) blocks.push(p(`${where} checked in full, no value for this substance: ${none.map((x) => x.name).join('; ')}.`, 'note'))
  if (partial.length)
    blocks.push(
      p(
        `${where} NOT checked in full (only part of the list is in our data; a value may exist): ${partial.map((x) => `${x.name} (in our data: ${x.held})`).join('; ')}.`,
        'note'
      )
    )
  blocks.push(
    p(
      f.jurisdiction === 'us'
        ? 'ACGIH Threshold Limit Values are not reproduced (copyrighted): consult the current ACGIH TLV booklet. Check limits against the current 29 CFR 1910 Subpart Z before use.'
        : 'National limit values of the Member State of supply (e.g. TRGS 900, EH40) and DNEL/PNEC values are not in our data, except the French binding values of Code du travail art. R4412-149 in the version named: add them. Check EU values against the Official Journal before use.',
      'note'
    )
  )
  return blocks
}
