/**
 * Section 4.1 first aid by route, decided from the hazard statements of the classification by
 * the rules of first-aid-rules.json (GHS Rev. 7 Annex 3 / CLP Annex IV response statements for
 * the classes concerned), with the NIOSH Pocket Guide's first aid where our data has it. A route
 * no class concerns says so, rather than passing general advice off as derived. Pure.
 */
import type { Statement } from '../ghs/engine'
import { P_PHRASES, phraseText } from '../ghs/phrases'
import { fillStatement } from './placeholders'
import rules from './first-aid-rules.json'
import { hCodes } from './codes'
import type { Facts } from './facts'
import { p, type Block } from './model'

export type Route = 'inhalation' | 'skin' | 'eyes' | 'ingestion'
export const ROUTES: Route[] = ['inhalation', 'skin', 'eyes', 'ingestion']

export type RouteAid = {
  /** Response statements the classification calls for on this route, in rule order. */
  statements: Statement[]
  /** The hazard statements that decided them. */
  because: string[]
  niosh: string | null
}

export function firstAidByRoute(f: Facts): Record<Route, RouteAid> {
  const codes = hCodes(f)
  const out = {} as Record<Route, RouteAid>
  for (const route of ROUTES) {
    const hits = rules.routes[route].filter((r) => r.h.some((h) => codes.has(h)))
    const pCodes = [...new Set(hits.flatMap((r) => r.p))]
    const dropped = new Set(pCodes.flatMap((c) => (rules.supersedes as Record<string, string[]>)[c] ?? []))
    const statements = pCodes
      .filter((c) => !dropped.has(c))
      .map((code) => fillStatement({ code, text: phraseText(P_PHRASES, code, f.jurisdiction) ?? code }))
    const because = [...new Set(hits.flatMap((r) => r.h.filter((h) => codes.has(h))))]
    const key = rules.nioshRoutes[route] as 'breathing' | 'skin' | 'eye' | 'swallow'
    out[route] = { statements, because, niosh: f.niosh?.firstAid[key] ?? null }
  }
  return out
}

/** The blocks of one route: the statements with the hazard statements behind them, or why there are none. */
export function firstAidBlocks(route: Route, aid: RouteAid): Block[] {
  const blocks: Block[] = aid.statements.length
    ? [{ kind: 'statements', title: `Decided by ${aid.because.join(', ')} (Section 2)`, items: aid.statements }]
    : [p(rules.noClass[route])]
  if (aid.niosh) blocks.push(p(`NIOSH Pocket Guide to Chemical Hazards, first aid for this substance: ${aid.niosh}.`))
  return blocks
}

/** Section 16: the rule source, when any route was decided by the classification. */
export function firstAidSources(f: Facts): string[] {
  const aid = firstAidByRoute(f)
  return ROUTES.some((r) => aid[r].statements.length) ? [`Section 4 (first aid by route): ${rules.sources[f.jurisdiction]}.`] : []
}
