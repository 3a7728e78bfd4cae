/**
 * The document model: what a sheet says, in sections and subsections, independent of DOCX.
 * Builders (us.ts, eu.ts) fill it; render-docx.ts lays it out.
 */
import type { Pictogram } from '../ghs/allocation'
import type { Statement } from '../ghs/engine'
import type { Jurisdiction } from '../ghs/phrases'

export type Block =
  | { kind: 'p'; text: string; style?: 'note' | 'strong' }
  /** Two-column table (item, information) with a repeating header row. */
  | { kind: 'fields'; rows: Array<[string, string]> }
  /** Code and text of H, EUH or P statements. */
  | { kind: 'statements'; title: string; items: Statement[] }
  | { kind: 'pictograms'; codes: Pictogram[] }
  | { kind: 'table'; header: string[]; rows: string[][] }

export type Subsection = { heading: string; blocks: Block[] }

export type Section = {
  number: number
  title: string
  /** US sections 12-15: "non-mandatory" under 29 CFR 1910.1200 Appendix D. */
  note?: string
  subsections: Subsection[]
}

export type Sheet = {
  jurisdiction: Jurisdiction
  /** "Safety Data Sheet" plus the regulation it follows. */
  title: string
  regulation: string
  productName: string
  /** The first line of the header: the company's name, or the product name without branding. */
  headerLine: string
  companyLines: string[]
  /** ISO date (YYYY-MM-DD) of compilation = revision date of this version. */
  date: string
  version: string
  draftNotice: string
  /** A marking repeated in the header of every page (the R&D proxy sheet's "PROXY …"). */
  banner?: string
  sections: Section[]
}

export const NO_DATA = 'No data available'

/** "No data available" with the reason, as REACH Annex II 0.4 wants for every empty subsection. */
export function noData(reason: string): Block {
  return { kind: 'p', text: `${NO_DATA}: ${reason}` }
}

export const p = (text: string, style?: 'note' | 'strong'): Block => ({ kind: 'p', text, style })
