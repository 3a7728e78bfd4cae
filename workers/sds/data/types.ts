/**
 * Shapes of the committed data files, shared by the data build (scripts/sds/build-data.ts)
 * and the worker that reads them.
 */

/** One Annex VI row (CLP Regulation (EC) No 1272/2008, Annex VI Table 3). */
export type AnnexEntry = {
  index: string
  names: string[]
  /** Group entries: the name of each CAS number ("mono-methylamine [1] di-methylamine [2]"). */
  casNames: Record<string, string> | null
  description: string | null
  ec: string[]
  cas: string[]
  classes: string[]
  hClass: string[]
  pictograms: string[]
  signal: string | null
  hLabel: string[]
  euh: string[]
  limits: string | null
  notes: string | null
  atp: string | null
}
