/**
 * Structural alerts: the SMARTS of data/alerts.json (each with its literature source) searched
 * in the molecule with openchemlib's substructure search. Fragments are parsed once per
 * isolate. A hit is a reason for concern that the proxy classification treats conservatively;
 * it is never presented as a test result.
 */
import alertsJson from './data/alerts.json'
import type { Molecule, OCL } from './ocl'

export type Endpoint = keyof typeof alertsJson.endpoints

export type AlertHit = {
  id: string
  name: string
  endpoints: Endpoint[]
  sources: string[]
}

type Compiled = { id: string; name: string; endpoints: Endpoint[]; sources: string[]; fragments: Molecule[] }

let compiled: Compiled[] | null = null

function compile(ocl: OCL): Compiled[] {
  if (compiled) return compiled
  const parser = new ocl.SmilesParser({ smartsMode: 'smarts' })
  compiled = alertsJson.alerts.map((a) => ({
    id: a.id,
    name: a.name,
    endpoints: a.endpoints as Endpoint[],
    sources: a.sources.map((s) => alertsJson.sources[s as keyof typeof alertsJson.sources]),
    fragments: a.smarts.map((s) => {
      const f = parser.parseMolecule(s, { noCoordinates: true })
      f.setFragment(true)
      return f
    }),
  }))
  return compiled
}

export function findAlerts(ocl: OCL, mol: Molecule): AlertHit[] {
  const searcher = new ocl.SSSearcher()
  const hits: AlertHit[] = []
  for (const a of compile(ocl)) {
    const hit = a.fragments.some((f) => {
      searcher.setMol(f, mol)
      return searcher.isFragmentInMolecule()
    })
    if (hit) hits.push({ id: a.id, name: a.name, endpoints: a.endpoints, sources: a.sources })
  }
  return hits
}

export const ALERT_ENDPOINTS = alertsJson.endpoints
export const ALERT_SOURCES = alertsJson.sources
