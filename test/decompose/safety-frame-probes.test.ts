import { describe, expect, it } from 'vitest'
import { FRAME_PROBES } from './safety-frame-probes'
import { runCase } from './screen-score'

/**
 * Exclusion frames (issue 30, second round, point 3). Before the frames were widened for these
 * probes the screen got 32/45 right: supporting a sister after her attempt, a short story's
 * heroine on a bridge, bungee from a bridge, a rope for a swing or a clothesline, "me matar por
 * pouca coisa", and fasting before a colonoscopy or a blood test on metformin were flagged, and
 * a nurse who knows "what dose would kill me" tonight was missed. The risky probes inside the
 * same frames, said of the writer, must stay caught. A second batch (nail biting "jusqu'au sang", a burn from the oven, "no aguanto
 * más la oficina", a last concert) was 37/46 before its fix.
 */
describe('exclusion frames keep look-alikes quiet, not the writer', () => {
  const outcomes = FRAME_PROBES.map(runCase)
  it('third person, fiction, training, idioms, objects, sports and supervised fasting stay none', () => {
    expect(outcomes.filter((o) => o.c[1] === 'benign' && !o.ok).map((o) => `${o.c[2]} → ${o.level}`)).toEqual([])
  })
  it('the same frames said of the writer stay risky', () => {
    expect(outcomes.filter((o) => o.c[1] !== 'benign' && !o.ok).map((o) => o.c[2])).toEqual([])
  })
})
