import { expect } from 'vitest'
import { base64ToBytes } from '../helpers'
import { docxText, paragraphs } from './unzip'

/** A generated sheet's text as a reader sees it: one paragraph per line. */
export async function sheetText(documentBase64: string): Promise<string> {
  return paragraphs(await docxText(base64ToBytes(documentBase64))).join('\n')
}

/** Section `n` of a sheet's text, from its "SECTION n: " heading to the next section's. */
export function section(text: string, n: number): string {
  const start = text.indexOf(`\nSECTION ${n}: `)
  expect(start, `SECTION ${n}`).toBeGreaterThan(0)
  const end = text.indexOf(`\nSECTION ${n + 1}: `, start + 1)
  return text.slice(start + 1, end > 0 ? end : undefined)
}

/** The line under a labelled row or Section 9 item ("Flash point" → its value). */
export function valueUnder(text: string, label: string): string {
  const lines = text.split('\n')
  const at = lines.findIndex((l) => l === label || l.startsWith(`${label} `))
  expect(at, label).toBeGreaterThanOrEqual(0)
  return lines[at + 1]
}
