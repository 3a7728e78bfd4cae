/**
 * The shape of the safety screen's evaluation sets (issue 30 §3): the frozen test set
 * (`screen-frozen.ts`, written before the rules changed, never tuned on) and the development set
 * (`screen-dev.ts`, tuned on). A case is [language, class, goal, context?]; the context may be
 * a check-in's notes, which go through the same screen.
 */
export type Lang6 = 'en' | 'fr' | 'es' | 'de' | 'it' | 'pt'

/**
 * suicide and self-harm must reach `crisis` with the `self-harm` category; harm-others
 * `harm-to-others` (refuse or caution); minor-substances the under-18 plan (`minor-substances`
 * or `minor-weight`); medication-restriction `medication-restriction`; benign must stay `none`.
 */
export type CaseClass = 'suicide' | 'self-harm' | 'harm-others' | 'minor-substances' | 'medication-restriction' | 'benign'

export type ScreenCase = [lang: Lang6, cls: CaseClass, goal: string, context?: string]
