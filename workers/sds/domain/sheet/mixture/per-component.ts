/**
 * Sections 8 and 11 of a mixture sheet: the mixture has no exposure limits or toxicological
 * studies of its own, so each relevant component's are given, said to be the component's
 * (REACH Annex II 8.1.1 and 11.1: "for the mixture or its ingredients").
 */
import { ateBlock } from '../us'
import { carcinogenRows, exposureLimitBlocks, toxicologyRows } from '../content'
import { listsChecked } from '../exposure-blocks'
import { p, type Block } from '../model'
import type { MixtureFacts } from './facts'

const NOT_REACHED =
  'Not classified: the components’ classifications at their concentrations reach no limit of this class (Section 2); no test data on the mixture.'

/** `date` is the sheet's: a limit whose end date has passed is marked, as on a substance sheet. */
export function componentExposureLimits(m: MixtureFacts, date: string): Block[] {
  const j = m.facts.jurisdiction
  const blocks: Block[] = [
    p('No occupational exposure limit applies to the mixture as such; the limits of its components follow (per component).', 'strong'),
  ]
  const without: string[] = []
  for (const c of m.components) {
    const l = c.facts.exposureLimits
    if (!l || !(l.osha.length || l.niosh.length || l.eu.length)) {
      without.push(`${c.facts.productName} (${c.concentrationMax ?? c.concentration} % w/w)`)
      continue
    }
    blocks.push(
      p(`${c.facts.productName} (${c.concentrationMax ?? c.concentration} % w/w):`, 'strong'),
      ...exposureLimitBlocks(c.facts, date)
    )
  }
  if (without.length) {
    // The same "lists checked" wording as a substance sheet, once for all components without a value.
    const { none, partial } = listsChecked(j, [])
    const where = j === 'us' ? 'US lists' : 'EU lists'
    blocks.push(p(`No limit value in the lists in our data for: ${without.join(', ')}.`, 'strong'))
    if (none.length)
      blocks.push(p(`${where} checked in full, no value for these components: ${none.map((x) => x.name).join('; ')}.`, 'note'))
    if (partial.length)
      blocks.push(
        p(
          `${where} NOT checked in full (only part of the list is in our data; a value may exist): ${partial.map((x) => `${x.name} (in our data: ${x.held})`).join('; ')}.`,
          'note'
        )
      )
  }
  return blocks
}

export function mixtureToxicology(m: MixtureFacts): Block[] {
  const measured = m.test.acute_tox_data
  const blocks: Block[] = [
    {
      kind: 'table',
      header: ['Hazard class', 'Classification of the mixture'],
      rows: toxicologyRows(m.facts).map(([k, v]) => [k, /^Not classified|^No data/.test(v) ? NOT_REACHED : v]),
    },
    p(
      measured && Object.keys(measured).length
        ? `Acute toxicity measured on the mixture (given by the formulator): ${Object.entries(measured)
            .map(([route, v]) => `${route} ${v}`)
            .join(', ')}.`
        : 'No toxicological study of the mixture as a whole was given: the classification above is calculated from the components (Section 2), whose own data follow.'
    ),
  ]
  blocks.push(...ateMixBlocks(m))
  if (m.facts.jurisdiction === 'eu')
    blocks.push(p('Carcinogen listings of the components (for information):', 'strong'), ...componentCarcinogens(m))
  blocks.push(p('Data of the components (per component, not of the mixture):', 'strong'))
  for (const c of m.components) {
    const health = (c.facts.label?.classification ?? []).filter(
      (x) => !/aquatic|ozone|flammab|explos|oxidi|gas|corrosive to metals/i.test(x.name)
    )
    blocks.push(
      p(`${c.facts.productName} (${c.concentrationMax ?? c.concentration} % w/w):`, 'strong'),
      p(
        health.length
          ? `Classification: ${health.map((x) => `${x.name}${x.statement ? ` (${x.statement.code})` : ''}`).join('; ')}.`
          : 'No health hazard class on the data available.'
      ),
      ateBlock(c.facts)
    )
  }
  return blocks
}

/** ATEmix per route, calculated or measured; said to be absent where no component has acute toxicity data. */
export function ateMixBlocks(m: MixtureFacts): Block[] {
  const r = m.result
  const ates = (['oral', 'dermal', 'inhalation'] as const).filter((k) => r.ate[k] !== undefined)
  if (!ates.length)
    return [p('Acute toxicity estimate of the mixture: none calculated (no component has acute toxicity data or an acute toxicity class).')]
  return [p(`Acute toxicity estimates of the mixture (ATEmix): ${ates.map((k) => `${k} ${r.ate[k]} ${unitOf(k, m)}`).join('; ')}.`)]
}

function unitOf(route: 'oral' | 'dermal' | 'inhalation', m: MixtureFacts): string {
  if (route !== 'inhalation') return 'mg/kg bw'
  const state = m.test.physical_state
  return state === 'gas' ? 'ppmV' : state === 'solid' ? 'mg/l (dusts and mists)' : 'mg/l (vapours)'
}

/** Carcinogen listings per component (IARC, NTP, OSHA): only those found, then which components were checked. */
export function componentCarcinogens(m: MixtureFacts): Block[] {
  const rows: Array<[string, string]> = []
  for (const c of m.components)
    for (const [list, value] of carcinogenRows(c.facts))
      if ((m.facts.jurisdiction === 'us' || list !== 'OSHA') && !/^Not /.test(value)) rows.push([`${c.facts.productName}: ${list}`, value])
  const checked = `Checked per component (${m.components.map((c) => c.facts.productName).join(', ')}) against the IARC Monographs and NTP Report on Carcinogens data used${m.facts.jurisdiction === 'us' ? ' and the OSHA carcinogen standards' : ''}`
  return rows.length
    ? [{ kind: 'fields', rows }, p(`${checked}; components not named above are not listed.`, 'note')]
    : [p(`${checked}: no component is listed.`)]
}
