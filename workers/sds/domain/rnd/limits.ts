/**
 * Bounds on a submitted structure, so that every request costs at most a fixed amount of CPU
 * (parse, ring perception, 512-key fingerprint, alert search and read-across all grow with
 * the atom count). 120 heavy atoms is above any small-molecule R&D compound a proxy sheet is
 * meant for (Joback's method and the alerts are small-molecule methods anyway).
 */
export const MAX_SMILES_LENGTH = 1000
export const MAX_MOLFILE_BYTES = 64 * 1024
export const MAX_HEAVY_ATOMS = 120
/** Branch depth of a SMILES string, counted in one pass before the parser sees it. */
export const MAX_BRANCH_DEPTH = 40
export const MAX_NAME_LENGTH = 200
