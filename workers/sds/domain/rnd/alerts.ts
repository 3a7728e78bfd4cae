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

type Fragment = { mol: Molecule; index: number[] }
type Compiled = { id: string; name: string; endpoints: Endpoint[]; sources: string[]; fragments: Fragment[] }

/**
 * Fragments are parsed and given their 512-key index once per isolate; the index lets the
 * searcher reject most alerts by comparing bits before any atom-by-atom matching.
 */
function fragment(ocl: OCL, parser: InstanceType<OCL['SmilesParser']>, smarts: string): Fragment {
  const mol = parser.parseMolecule(smarts, { noCoordinates: true })
  mol.setFragment(true)
  return { mol, index: new ocl.SSSearcherWithIndex().createIndex(mol) }
}

function searcher(ocl: OCL, mol: Molecule, index: number[] | undefined) {
  const s = new ocl.SSSearcherWithIndex()
  s.setMolecule(mol, index ?? mol.getIndex())
  return (f: Fragment) => {
    s.setFragment(f.mol, f.index)
    return s.isFragmentInMolecule()
  }
}

let compiled: Compiled[] | null = null

function compile(ocl: OCL): Compiled[] {
  if (compiled) return compiled
  const parser = new ocl.SmilesParser({ smartsMode: 'smarts' })
  compiled = alertsJson.alerts.map((a) => ({
    id: a.id,
    name: a.name,
    endpoints: a.endpoints as Endpoint[],
    sources: a.sources.map((s) => alertsJson.sources[s as keyof typeof alertsJson.sources]),
    fragments: a.smarts.map((s) => fragment(ocl, parser, s)),
  }))
  return compiled
}

export function findAlerts(ocl: OCL, mol: Molecule, index?: number[]): AlertHit[] {
  const contains = searcher(ocl, mol, index)
  const hits: AlertHit[] = []
  for (const a of compile(ocl)) {
    if (a.fragments.some(contains)) hits.push({ id: a.id, name: a.name, endpoints: a.endpoints, sources: a.sources })
  }
  return hits
}

export const ALERT_ENDPOINTS = alertsJson.endpoints
export const ALERT_SOURCES = alertsJson.sources

export type SecondaryHit = { set: string; description: string }

let secondary: Array<{ set: string; description: string; fragment: Fragment }> | null = null

/**
 * The ChEMBL filter sets of data/secondary-alerts.json (CC BY-SA 3.0): shown as a labelled
 * secondary signal, never used to classify (they flag reactivity and assay interference).
 */
export function findSecondaryAlerts(ocl: OCL, mol: Molecule, index?: number[]): SecondaryHit[] {
  if (!secondary) {
    const parser = new ocl.SmilesParser({ smartsMode: 'smarts' })
    secondary = (secondaryJson.rows as Array<[string, string, string]>).map(([set, description, smarts]) => ({
      set,
      description,
      fragment: fragment(ocl, parser, smarts),
    }))
  }
  const contains = searcher(ocl, mol, index)
  const hits: SecondaryHit[] = []
  for (const s of secondary) {
    if (contains(s.fragment)) hits.push({ set: s.set, description: s.description })
  }
  return hits
}

export const SECONDARY_SOURCE = secondaryJson.source
