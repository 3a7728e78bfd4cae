/**
 * PubChem PUG REST / PUG-View client through the injectable fetcher (shared/http-fetcher.ts).
 * PUG-View records nest `Section[]` by `TOCHeading`, each with `Information[]` whose `Value`
 * holds `StringWithMarkup[].String` or `Number[]` with `Unit`; a hand-written walk of that tree
 * replaces a JSONPath dependency.
 */
import type { HttpFetcher } from '../../../../shared/http-fetcher'

export const PUBCHEM = 'https://pubchem.ncbi.nlm.nih.gov'

export type PugSection = {
  TOCHeading?: string
  Section?: PugSection[]
  Information?: Array<{ Name?: string; Value?: { StringWithMarkup?: Array<{ String?: string }>; Number?: number[]; Unit?: string } }>
}

export async function cidForCas(fetcher: HttpFetcher, cas: string): Promise<number | null> {
  const res = await fetcher(`${PUBCHEM}/rest/pug/compound/name/${encodeURIComponent(cas)}/cids/JSON`)
  if (!res.ok) return null
  const body = (await res.json()) as { IdentifierList?: { CID?: number[] } }
  return body.IdentifierList?.CID?.[0] ?? null
}

export async function pugView(fetcher: HttpFetcher, cid: number, heading: string): Promise<PugSection | null> {
  const res = await fetcher(`${PUBCHEM}/rest/pug_view/data/compound/${cid}/JSON?heading=${encodeURIComponent(heading)}`)
  if (!res.ok) return null
  const body = (await res.json()) as { Record?: PugSection }
  return body.Record ?? null
}

export function findSection(root: PugSection, heading: string): PugSection | null {
  if (root.TOCHeading === heading) return root
  for (const s of root.Section ?? []) {
    const hit = findSection(s, heading)
    if (hit) return hit
  }
  return null
}

function strings(section: PugSection | null): string[] {
  return (section?.Information ?? []).flatMap((i) => [
    ...(i.Value?.StringWithMarkup ?? []).map((s) => s.String ?? ''),
    ...(i.Value?.Number ?? []).map((n) => `${n} ${i.Value?.Unit ?? ''}`.trim()),
  ])
}

/** First temperature stated in °C, or in °F converted; ranges take their first value. */
export function parseTemperature(text: string): number | null {
  const m = /(-?\d+(?:\.\d+)?)\s*(?:(?:to|-|–)\s*-?\d+(?:\.\d+)?\s*)?°\s*([CF])/i.exec(text.replace(/deg\s*/i, '°'))
  if (!m) return null
  const v = Number(m[1])
  return Math.round((m[2].toUpperCase() === 'F' ? ((v - 32) * 5) / 9 : v) * 10) / 10
}

const PROPERTY_HEADINGS = {
  melting_point_c: 'Melting Point',
  boiling_point_c: 'Boiling Point',
  flash_point_c: 'Flash Point',
  autoignition_c: 'Autoignition Temperature',
} as const

export type ExperimentalTemperatures = Partial<Record<keyof typeof PROPERTY_HEADINGS, number>>

/** Temperatures from the "Experimental Properties" section: the most common stated value wins. */
export function experimentalTemperatures(record: PugSection): ExperimentalTemperatures {
  const out: ExperimentalTemperatures = {}
  for (const [key, heading] of Object.entries(PROPERTY_HEADINGS) as Array<[keyof typeof PROPERTY_HEADINGS, string]>) {
    const values = strings(findSection(record, heading))
      .map(parseTemperature)
      .filter((v): v is number => v !== null)
    if (!values.length) continue
    const counts = new Map<number, number>()
    for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1)
    out[key] = [...counts.entries()].sort((a, b) => b[1] - a[1] || values.indexOf(a[0]) - values.indexOf(b[0]))[0][0]
  }
  return out
}

/**
 * Hazard statements as PubChem aggregates them from notifications to the ECHA C&L Inventory,
 * e.g. "H225 (100%): Highly Flammable liquid and vapor". Notified, never harmonised.
 */
export function notifiedHazardStatements(record: PugSection): string[] {
  const section = findSection(record, 'GHS Classification')
  const lines = (section?.Information ?? [])
    .filter((i) => i.Name === 'GHS Hazard Statements')
    .flatMap((i) => (i.Value?.StringWithMarkup ?? []).map((s) => s.String ?? ''))
  const seen = new Set<string>()
  const out: string[] = []
  for (const line of lines) {
    const m = /^(H\d{3}[A-Za-z]*(?:\+H\d{3})*)\s*(\([\d.]+%\))?/.exec(line.trim())
    if (!m || seen.has(m[1])) continue
    seen.add(m[1])
    out.push(m[2] ? `${m[1]} ${m[2]}` : m[1])
  }
  return out
}
