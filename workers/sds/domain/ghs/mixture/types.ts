import type { Pair, Route } from '../pairs'

/** One ingredient as the engine needs it: its own classification and its Annex VI limits column. */
export type MixtureComponent = {
  name: string
  /** % w/w used for classification: the upper end of a declared range (the worst case). */
  concentration: number
  /** The ingredient's classification (harmonised, group or supplier pairs). */
  pairs: Pair[]
  /** Annex VI "Specific Conc. Limits, M-factors and ATEs" text, or null. */
  limits: string | null
  /** No usable acute toxicity information for the ingredient (CLP Annex I 3.1.3.6.2.3): true for every route, or the routes lacking. */
  acuteUnknown?: boolean | Route[]
  /** The ingredient's own LD50/LC50 per route (mg/kg; inhalation in the unit of the mixture's form), where known. */
  acuteData?: Partial<Record<Route, number>>
}

/** What the formulator measured on the mixture itself; it decides before any calculation (CLP Art. 6(1), 9). */
export type MixtureTestData = {
  flash_point_c?: number
  initial_boiling_point_c?: number
  ph?: number
  kinematic_viscosity_40c?: number
  acute_tox?: Partial<Record<Route, number>>
}

export type Basis =
  | 'test data'
  | 'additivity formula'
  | 'summation'
  | 'specific concentration limit'
  | 'generic concentration limit'
  | 'extreme pH'

export type MixtureClass = {
  /** Class and category as CLP prints them, e.g. "Skin Corr. 1B". */
  cls: string
  h: string | null
  basis: Basis
  /** The calculation in words, with the paragraph it follows. */
  detail: string
}

export type MixtureClassification = {
  classes: MixtureClass[]
  /** ATEmix per route, where any ingredient has acute toxicity data (Section 11 gives it). */
  ate: Partial<Record<Route, number>>
  /** What was not classified and why (missing test data, below every limit). */
  notes: string[]
  /** Classes an ingredient points to that need data on the mixture itself, not given (flash point, viscosity). */
  lacking: Array<{ cls: string; detail: string }>
}
