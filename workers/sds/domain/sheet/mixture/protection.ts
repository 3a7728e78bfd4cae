/**
 * Section 8.2 of a mixture sheet: the substance rules (protection.ts) applied to the mixture and
 * its components together. Eyes and hands follow the strictest eye and skin class of the mixture
 * or any component, named; respiratory protection is each component's own (its limit values and
 * the NIOSH Pocket Guide page are the component's), or the mixture's where no component needs one.
 */
import { hCodes } from '../codes'
import type { Block } from '../model'
import { p } from '../model'
import { type ProtectionInput, protectionRows } from '../protection'
import { protectionInputOf } from '../content'
import rules from '../protection-rules.json'
import type { ComponentFacts, MixtureFacts } from './facts'

const EYE_SKIN = new Set([...rules.eyes.flatMap((r) => r.when), ...rules.skinClasses])

const componentInput = (c: ComponentFacts): ProtectionInput => protectionInputOf(c.facts)

const name = (c: ComponentFacts) => `${c.facts.productName} (${c.engine.concentration} %)`

export function mixtureProtectionBlocks(m: MixtureFacts): Block[] {
  const j = m.facts.jurisdiction
  const from = new Map<string, string[]>()
  const add = (code: string, who: string) => {
    if (EYE_SKIN.has(code)) from.set(code, [...(from.get(code) ?? []), who])
  }
  for (const code of hCodes(m.facts)) add(code, 'the mixture')
  for (const c of m.components) for (const code of hCodes(c.facts)) add(code, name(c))
  const mixture = protectionRows({
    jurisdiction: j,
    cas: null,
    names: [m.productName],
    codes: new Set([...hCodes(m.facts), ...from.keys()]),
    state: m.test.physical_state ?? null,
    elements: [],
    boilingC: null,
    npg: null,
    hasLimit: false,
    limit: null,
    // A glove chart rates pure chemicals; for a mixture the glove maker's data decide.
    gloves: null,
  })
  const forMixture = (text: string) =>
    text.replace(/against this substance/g, 'against the mixture and each component').replace(/for this substance/g, 'for each component')
  const [eyes, hands] = mixture.map(([what, rec, rule]): [string, string, string] => [what, forMixture(rec), rule])
  const respiratory = m.components
    .map((c) => [c, protectionRows(componentInput(c))[2]] as const)
    .filter(([, row]) => !/^Not required under normal use/.test(row[1]))
    .map(([c, [what, rec, rule]]): [string, string, string] => [`${what}: ${name(c)}`, rec, rule])
  const rows = [eyes, hands, ...(respiratory.length ? respiratory : [mixture[2]])]
  const basis = [...from.entries()].map(([code, who]) => `${code} (${who.join(', ')})`)
  return [
    { kind: 'table', header: ['Protection', 'Recommendation', 'Rule'], rows },
    p(
      basis.length
        ? `Eyes and hands: selected on the strictest eye and skin classes of the mixture and its components: ${basis.join('; ')}. Respiratory protection per component where its limit value or classification calls for it (Section 8.1).`
        : 'Eyes and hands: neither the mixture nor any component has an eye or skin class. Respiratory protection per component where its limit value or classification calls for it (Section 8.1).',
      'note'
    ),
  ]
}

/** Puts the mixture's protection table where the substance builder put its own. */
export function withMixtureProtection(blocks: Block[], m: MixtureFacts): Block[] {
  const at = blocks.findIndex((b) => b.kind === 'table' && b.header[0] === 'Protection')
  const mine = mixtureProtectionBlocks(m)
  return at < 0 ? [...blocks, ...mine] : [...blocks.slice(0, at), ...mine, ...blocks.slice(at + 1)]
}
