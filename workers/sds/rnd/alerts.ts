/**
 * Structural alerts: the SMARTS of data/alerts.json (each with its literature source) searched
 * in the molecule with openchemlib's substructure search. Fragments are parsed once per
 * isolate. A hit is a reason for concern that the proxy classification treats conservatively;
 * it is never presented as a test result.
 */
import alertsJson from './data/alerts.json'
import secondaryJson from './data/secondary-alerts.json'
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


export type SecondaryHit = { set: string; description: string }

let secondary: Array<{ set: string; description: string; fragment: Molecule }> | null = null

/**
 * The ChEMBL filter sets of data/secondary-alerts.json (CC BY-SA 3.0): shown as a labelled
 * secondary signal, never used to classify (they flag reactivity and assay interference).
 */
export function findSecondaryAlerts(ocl: OCL, mol: Molecule): SecondaryHit[] {
  if (!secondary) {
    const parser = new ocl.SmilesParser({ smartsMode: 'smarts' })
    secondary = (secondaryJson.rows as Array<[string, string, string]>).map(([set, description, smarts]) => {
      const fragment = parser.parseMolecule(smarts, { noCoordinates: true })
      fragment.setFragment(true)
      return { set, description, fragment }
    })
  }
  const searcher = new ocl.SSSearcher()
  const hits: SecondaryHit[] = []
  for (const s of secondary) {
    searcher.setMol(s.fragment, mol)
    if (searcher.isFragmentInMolecule()) hits.push({ set: s.set, description: s.description })
  }
  return hits
}

export const SECONDARY_SOURCE = secondaryJson.source
