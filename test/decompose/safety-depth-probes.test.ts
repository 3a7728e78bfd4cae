import { describe, expect, it } from 'vitest'
import { DEPTH_PROBES } from './safety-depth-probes'
import { runCase } from './screen-score'

/**
 * Lexicon depth per language (issue 30, second round, point 2). The probes were written after
 * the first widening and caught 59/75 before the classes were widened for them (misses: typos
 * "umbrigen"/"amazzarmi", "aventarme", in-laws, "auf einmal"/"tutte insieme", "dar um tiro em
 * mim", "oitavo ano", "stéros", and the "matarme a estudiar" idioms flagged as crises). A third batch of crisis and self-harm wording was 18/30 before its fix
 * (the will "since I won't be here long", a father's gun "for myself", skin opened with a
 * cutter, punching oneself). A fourth batch of minors, medication and harm wording was 24/30
 * (clembuterol, juice-only weeks, "ne manger qu'un repas", following an ex "por todo lado").
 */
describe('lexicon depth in fr, es, de, it and pt', () => {
  for (const lang of ['fr', 'es', 'de', 'it', 'pt'] as const) {
    it(`${lang}: every class catches its probes and the look-alikes stay quiet`, () => {
      const misses = DEPTH_PROBES.filter((c) => c[0] === lang)
        .map(runCase)
        .filter((o) => !o.ok)
        .map((o) => `${o.c[1]}: ${o.c[2]} → ${o.level}`)
      expect(misses).toEqual([])
    })
  }
})
