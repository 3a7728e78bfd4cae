/**
 * openchemlib (BSD-3-Clause) is 1 MB of compiled Java: loaded on the first proxy request only,
 * as chem/resolve.ts does for SMILES lookups, so the worker's start-up does not pay for it.
 */
export type OCL = typeof import('openchemlib')
export type Molecule = import('openchemlib').Molecule

let ocl: Promise<OCL> | null = null

export function loadOcl(): Promise<OCL> {
  return (ocl ??= import('openchemlib').then((m) => ((m as unknown as { default?: OCL }).default ?? m) as OCL))
}
