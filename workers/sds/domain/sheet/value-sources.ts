/**
 * Section 16's per-value source list (issue 15: "every value has its source in Section 16"):
 * one row per value the sheet prints from data or rules, with the section it is in and where it
 * comes from. Built from the same functions the sections use, so the list cannot drift from the
 * sheet. Pure.
 */
import { SOURCES } from '../chem/knowledge'
import { extinguishing, usSpelling } from './content'
import { firstAidByRoute, firstAidSources, ROUTES } from './first-aid'
import type { Facts } from './facts'
import { section9 } from './properties'
import { reactiveClasses, reactivitySources } from './reactivity'

const firstPart = (s: string) => s.split(';')[0].split(' via ')[0].trim()

export function valueSourceRows(f: Facts): string[][] {
  const rows: string[][] = []
  const add = (where: string, value: string, source: string) => rows.push([where, value, source])

  if (f.cas)
    add(
      '1, 3',
      `CAS ${f.cas}${f.ec.length ? `, EC ${f.ec.join(', ')}` : ''}`,
      f.annex && !f.classification.group
        ? 'CLP Annex VI Table 3'
        : f.pubchemCid
          ? firstPart(SOURCES.identifiers)
          : (f.listedIn ?? 'identifier as resolved')
    )
  if (f.formula)
    add(
      '1, 3',
      `Formula ${f.formula}${f.molecularWeight ? `, ${f.molecularWeight} g/mol` : ''}`,
      f.pubchemCid
        ? firstPart(SOURCES.identifiers)
        : f.pubchemCid === 0
          ? 'our common-names table (PubChem records)'
          : 'calculated from the formula'
    )

  for (const pair of f.classification.pairs)
    add(
      '2',
      `${pair.cls}${pair.h ? `: ${pair.h}` : ''}`,
      `${pair.by === 'supplier' ? 'Classification by the supplier from data: ' : ''}${pair.basis}`
    )
  if (f.classification.concentration !== null)
    add(
      '2',
      `Classification at ${f.classification.concentration} % in water`,
      'CLP Annex VI specific concentration limits / ATEs / M-factors where given, otherwise the generic limits of CLP Annex I'
    )

  const aid = firstAidByRoute(f)
  const aidSource = firstAidSources(f)[0]
    ?.replace(/^Section 4 \(first aid by route\): /, '')
    .replace(/\.$/, '')
  for (const r of ROUTES) {
    if (aid[r].statements.length && aidSource)
      add('4.1', `${r}: ${aid[r].statements.map((s) => s.code).join(', ')} (from ${aid[r].because.join(', ')})`, aidSource)
    if (aid[r].niosh) add('4.1', `${r}: ${aid[r].niosh}`, 'NIOSH Pocket Guide to Chemical Hazards')
  }

  const media = extinguishing(f)
  if (media.source) add('5.1', media.suitable, media.source)

  const classes = reactiveClasses(f)
  if (classes.length) {
    const refs = reactivitySources(f).map((s) => s.replace(/^Sections 7 and 10 \([^)]*\): /, '').split(':')[0])
    add(
      '7, 10',
      `Reactive class: ${classes.map((c) => c.name).join(', ')} (incompatibilities, handling, storage, reactivity)`,
      refs.join('; ')
    )
  }
  if (f.niosh?.incompatibilities) add('7.2, 10.5', f.niosh.incompatibilities, 'NIOSH Pocket Guide to Chemical Hazards')
  if (f.niosh?.personalProtection) add('8.2', f.niosh.personalProtection, 'NIOSH Pocket Guide to Chemical Hazards')

  const l = f.exposureLimits
  for (const x of [...(l?.osha ?? []), ...(l?.eu ?? []), ...(l?.niosh ?? [])]) add('8.1', `${x.substance}: ${x.values}`, x.list)

  for (const item of section9(f)) {
    const value = `${item.item}: ${item.value ?? item.text.split(' (source:')[0]}`
    if (item.source) add('9.1', f.jurisdiction === 'us' ? usSpelling(value) : value, item.source)
  }
  if (f.molecularWeight) add('9.2', `Molecular weight ${f.molecularWeight} g/mol`, firstPart(SOURCES.identifiers))

  if (f.ld50Oral) add('11', `LD50 oral, rat: ${f.ld50Oral.value} mg/kg`, firstPart(f.ld50Oral.source))
  const ate = f.annex?.limits?.split('\n').filter((x) => /ATE/i.test(x)) ?? []
  for (const a of ate) add('11', a, `CLP Annex VI index no. ${f.annex?.index}`)
  if (f.carcinogens.iarc) add('11', `IARC Group ${f.carcinogens.iarc.group}`, firstPart(SOURCES.iarc))
  if (f.carcinogens.ntp) add('11', `NTP RoC: ${f.carcinogens.ntp.listing}`, firstPart(SOURCES.ntp))
  if (f.properties?.log_kow != null)
    add(
      '12.3',
      `log Kow ${f.properties.log_kow}`,
      f.enriched?.keys.includes('log_kow') ? f.enriched.source : 'Wikidata (CC0) via CalebBell/chemicals'
    )

  const e = f.transport?.entry
  if (e)
    add(
      '14',
      `${e.id} ${e.name}, class ${e.hazardClass}${e.pg ? `, PG ${e.pg}` : ''}`,
      `US DOT Hazardous Materials Table, 49 CFR 172.101 (eCFR of 2026-06-01), ${f.transport?.how === 'generic' ? 'the n.o.s. entry of the class the classification gives' : 'checked against this sheet'}${f.jurisdiction === 'eu' ? '; ADR 2025 Table A codes; IMDG/IATA not checked' : ''}`
    )
  if (!e)
    for (const c of f.transport?.candidates ?? [])
      add('14', `${c.id} ${c.name} (candidate)`, 'US DOT Hazardous Materials Table, 49 CFR 172.101 (eCFR of 2026-06-01)')

  const li = f.listings ?? {}
  const reg = SOURCES.regulatory
  const lists: Array<[string | undefined, string, string]> =
    f.jurisdiction === 'us'
      ? [
          [li.tsca, 'TSCA Inventory', reg.tsca],
          [li.prop65, 'Proposition 65', reg.prop65],
          [li.ntp15, 'NTP RoC', reg.ntp15],
        ]
      : [
          [li.svhc, 'Candidate List', reg.svhc],
          [li.xiv, 'Annex XIV', reg.xiv],
          [li.xvii, 'Annex XVII', reg.xvii],
        ]
  for (const [value, label, source] of lists) if (f.cas && value) add('15', `${label}: ${value}`, source)
  return rows
}
