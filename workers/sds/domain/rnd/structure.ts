/**
 * From a submitted structure (SMILES or MDL molfile) to a checked molecule and its identity.
 * Every bound is checked before the parser runs where it can be (length, branch depth) and
 * right after it where it cannot (atom count), so no input costs more than the limits allow.
 * Pure apart from the lazily loaded parser.
 */
import { hillFormula, parseFormula } from '../chem/identifiers'
import { MAX_BRANCH_DEPTH, MAX_HEAVY_ATOMS, MAX_MOLFILE_BYTES, MAX_SMILES_LENGTH } from './limits'
import type { Molecule, OCL } from './ocl'

export type StructureInput = { smiles?: string; molfile?: string }

export type Identity = {
  canonical_smiles: string
  /** openchemlib's canonical identifier (idcode, no stereo): equal for equal constitutions. */
  idcode: string
  formula: string
  molecular_weight: number
  heavy_atoms: number
  /** openchemlib has no InChI generator; null with the reason in `inchi_note`. */
  inchi: null
  inchikey: null
  inchi_note: string
  fragments: number
}

export type Parsed = { ok: true; mol: Molecule; identity: Identity } | { ok: false; status: 413 | 422; code: string; message: string }

const INCHI_NOTE =
  'Not computed: openchemlib (the structure toolkit used) has no InChI generator, and no other InChI implementation is bundled.'

/** Deepest nesting of SMILES branches, one pass, so a parser never meets an unbounded depth. */
export function branchDepth(smiles: string): number {
  let depth = 0
  let max = 0
  for (let i = 0; i < smiles.length; i++) {
    const ch = smiles.charCodeAt(i)
    if (ch === 40) max = Math.max(max, ++depth)
    else if (ch === 41) depth--
  }
  return max
}

/**
 * The atom count a molfile declares: V2000 in the first three columns of its fourth line (the
 * counts line, CTfile format), V3000 after `M  V30 COUNTS`. Read by position, no pattern over
 * the whole text; 0 when the file declares nothing readable (the parser then decides).
 */
export function declaredAtoms(molfile: string): number {
  const lines = molfile.split('\n', 4)
  if (lines.length === 4 && lines[3].includes('V2000')) return Number.parseInt(lines[3].slice(0, 3), 10) || 0
  const at = molfile.indexOf('M  V30 COUNTS ')
  if (at >= 0)
    return (
      Number.parseInt(
        molfile
          .slice(at + 14, at + 24)
          .trim()
          .split(' ')[0],
        10
      ) || 0
    )
  return 0
}

function fail(status: 413 | 422, code: string, message: string): Parsed {
  return { ok: false, status, code, message }
}

/** The parser's own words, shortened and without the Java class name it prefixes. */
function reason(err: unknown): string {
  const raw = err instanceof Error ? err.message : String(err)
  return (
    raw
      .replace(/^Class\$\S+:\s*/, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 200) || 'the parser gave no reason'
  )
}

export function parseStructure(ocl: OCL, input: StructureInput): Parsed {
  let mol: Molecule
  if (input.smiles !== undefined) {
    const smiles = input.smiles.trim()
    if (smiles.length > MAX_SMILES_LENGTH)
      return fail(413, 'STRUCTURE_TOO_LARGE', `smiles has ${smiles.length} characters; at most ${MAX_SMILES_LENGTH} are accepted.`)
    if (/\s/.test(smiles))
      return fail(422, 'INVALID_STRUCTURE', 'smiles must not contain whitespace (send the structure only, without a name).')
    if (branchDepth(smiles) > MAX_BRANCH_DEPTH)
      return fail(413, 'STRUCTURE_TOO_LARGE', `smiles nests branches more than ${MAX_BRANCH_DEPTH} deep.`)
    try {
      mol = ocl.Molecule.fromSmiles(smiles, { noCoordinates: true, noStereo: true })
    } catch (err) {
      return fail(422, 'INVALID_STRUCTURE', `The SMILES could not be parsed: ${reason(err)}.`)
    }
  } else if (input.molfile !== undefined) {
    if (new TextEncoder().encode(input.molfile).length > MAX_MOLFILE_BYTES)
      return fail(413, 'STRUCTURE_TOO_LARGE', `molfile is over ${MAX_MOLFILE_BYTES / 1024} KiB.`)
    // A molfile declares its atom count; refuse a large one before parsing.
    const declared = declaredAtoms(input.molfile)
    if (declared > MAX_HEAVY_ATOMS * 3)
      return fail(413, 'STRUCTURE_TOO_LARGE', `molfile declares ${declared} atoms; at most ${MAX_HEAVY_ATOMS} heavy atoms are accepted.`)
    try {
      mol = ocl.Molecule.fromMolfile(input.molfile)
    } catch (err) {
      return fail(422, 'INVALID_STRUCTURE', `The molfile could not be parsed: ${reason(err)}.`)
    }
  } else {
    return fail(422, 'VALIDATION_ERROR', 'Send the structure as smiles or molfile.')
  }

  mol.ensureHelperArrays(ocl.Molecule.cHelperRings)
  const heavy = mol.getAtoms()
  if (heavy === 0)
    return fail(
      422,
      'INVALID_STRUCTURE',
      'The structure could not be read: the parser found no atoms (for a molfile, check its counts line and atom block).'
    )
  if (heavy > MAX_HEAVY_ATOMS)
    return fail(
      413,
      'STRUCTURE_TOO_LARGE',
      `The structure has ${heavy} heavy atoms; at most ${MAX_HEAVY_ATOMS} are accepted (the proxy methods are for small molecules).`
    )
  if (mol.isFragment())
    return fail(
      422,
      'INVALID_STRUCTURE',
      'The structure contains query features (an any-atom *, A or Q, atom lists); send a defined structure.'
    )
  for (let a = 0; a < mol.getAllAtoms(); a++) {
    const z = mol.getAtomicNo(a)
    // 0 is a query/unknown atom, above 118 openchemlib's pseudo atoms (R groups, A, X).
    if (z === 0 || z > 118)
      return fail(422, 'INVALID_STRUCTURE', 'The structure contains a query or pseudo atom (R group, A, X or *); send a defined structure.')
  }
  const abnormal = [...Array(heavy).keys()].find((a) => mol.getAtomAbnormalValence(a) !== -1 || mol.getFreeValence(a) < 0)
  if (abnormal !== undefined)
    return fail(422, 'INVALID_STRUCTURE', `Atom ${abnormal + 1} (${mol.getAtomLabel(abnormal)}) has an impossible valence.`)

  const mf = mol.getMolecularFormula()
  const counts = parseFormula(mf.formula)
  return {
    ok: true,
    mol,
    identity: {
      canonical_smiles: mol.toIsomericSmiles(),
      idcode: mol.getIDCode(),
      formula: counts ? hillFormula(counts) : mf.formula,
      molecular_weight: Math.round(mf.relativeWeight * 100) / 100,
      heavy_atoms: heavy,
      inchi: null,
      inchikey: null,
      inchi_note: INCHI_NOTE,
      fragments: mol.getFragments().length,
    },
  }
}
