/**
 * Every "…" left in a precautionary statement after our data has filled what it can (P378, P501)
 * becomes a labelled placeholder saying what the supplier must specify (placeholders.json), so no
 * sheet prints a bare "…" a reader could take for text.
 */
import type { LabelElements, Statement } from '../ghs/engine'
import table from './placeholders.json'

type Entry = { what?: string; drop?: string }
const byCode = table.byCode as Record<string, Entry>

export function fillStatement(s: Statement): Statement {
  const entries = s.code.split('+').map((c) => byCode[c] ?? {})
  let text = s.text
  for (const e of entries) if (e.drop) text = text.replace(e.drop, '').replace(/([^.!])$/, '$1.')
  const what = entries.find((e) => e.what)?.what ?? table.default
  // A bracketed fill already made ("[… to be completed by the supplier: …]") is left alone.
  text = text.replace(/(?<!\[)…(?![^[]*\])/g, table.format.replace('{what}', what))
  return text === s.text ? s : { ...s, text }
}

export function fillPlaceholders(label: LabelElements | null): LabelElements | null {
  if (!label) return label
  const pr = label.precautionary
  return {
    ...label,
    precautionary: {
      prevention: pr.prevention.map(fillStatement),
      response: pr.response.map(fillStatement),
      storage: pr.storage.map(fillStatement),
      disposal: pr.disposal.map(fillStatement),
    },
  }
}
