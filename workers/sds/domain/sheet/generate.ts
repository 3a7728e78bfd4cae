/**
 * From a resolved substance to DOCX bytes: facts, then the US or EU sheet, then the layout.
 * Pure apart from the clock passed in.
 */
import type { Resolved } from '../chem/resolve'
import type { Jurisdiction } from '../ghs/phrases'
import { buildEuSheet } from './eu'
import { gatherFacts, type Branding, type Enrichment, type Facts } from './facts'
import type { Sheet } from './model'
import { renderDocx } from './render-docx'
import { buildUsSheet } from './us'

export const SHEET_VERSION = '1.0'

export type SheetBranding = Branding & { company_email?: string; emergency_phone?: string }

export function buildSheet(substance: Resolved, j: Jurisdiction, branding: SheetBranding, now: Date, enrichment: Enrichment = {}): Sheet {
  return sheetOf(gatherFacts(substance, j, enrichment), j, branding, now)
}

function sheetOf(facts: Facts, j: Jurisdiction, branding: SheetBranding, now: Date): Sheet {
  const input = { facts, branding, date: now.toISOString().slice(0, 10), version: SHEET_VERSION }
  return j === 'us' ? buildUsSheet(input) : buildEuSheet(input)
}

export async function generateDocx(
  substance: Resolved,
  j: Jurisdiction,
  branding: SheetBranding,
  now: Date,
  enrichment: Enrichment = {}
): Promise<{ bytes: Uint8Array; sheet: Sheet; facts: Facts; filename: string }> {
  const facts = gatherFacts(substance, j, enrichment)
  const sheet = sheetOf(facts, j, branding, now)
  const bytes = await renderDocx(sheet)
  return { bytes, sheet, facts, filename: documentFilename(sheet.productName, substance.record.cas, j) }
}

/** e.g. `acetone-67-64-1-SDS-US.docx` (DECISIONS.md). */
export function documentFilename(name: string, cas: string | null, j: Jurisdiction): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
  return `${[slug || 'substance', cas].filter(Boolean).join('-')}-SDS-${j.toUpperCase()}.docx`
}
