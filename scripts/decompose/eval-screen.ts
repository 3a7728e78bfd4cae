// The safety screen's part of `npm run eval:decompose` (issue 30 §3): recall and precision per
// class and per language, on the six development sets (tuned on; the fourth is the former frozen
// v3) and the two frozen sets (written before the rules they measure, never tuned on; v4 written
// without reading the rules at all) separately. Recall: risky inputs that got their category at their
// level (test/decompose/screen-score.ts); precision: of the inputs the screen put in a class,
// the share that belong there; benign: the false-alarm rate.
import { DEV } from '../../test/decompose/screen-dev'
import { DEV2 } from '../../test/decompose/screen-dev2'
import { DEV3 } from '../../test/decompose/screen-dev3'
import { FROZEN } from '../../test/decompose/screen-frozen'
import { FROZEN_V4 } from '../../test/decompose/screen-frozen-v4'
import { DEV4 } from '../../test/decompose/screen-dev4'
import { DEV5 } from '../../test/decompose/screen-dev5'
import { DEV6 } from '../../test/decompose/screen-dev6'
import { score, type Row } from '../../test/decompose/screen-score'
import type { ScreenCase } from '../../test/decompose/screen-cases'

const LANGS = ['en', 'fr', 'es', 'de', 'it', 'pt']
const CLASSES = ['suicide', 'self-harm', 'harm-others', 'minor-substances', 'medication-restriction', 'benign']

const fmt = (x: number, n: number) => (n === 0 ? '—' : (x / n).toFixed(2))

function table(name: string, cases: ScreenCase[]) {
  const { rows, outcomes } = score(cases)
  const get = (key: string): Row | undefined => rows.find((r) => r.key === key)
  console.log(
    `\nSafety screen, ${name}: ${cases.filter((c) => c[1] !== 'benign').length} risky, ${cases.filter((c) => c[1] === 'benign').length} benign`
  )
  console.log(`| class | n | recall | precision | ${LANGS.map((l) => `${l} recall`).join(' | ')} |`)
  console.log(`|---|---:|---:|---:|${LANGS.map(() => '---:').join('|')}|`)
  for (const cls of CLASSES) {
    const r = get(cls)
    if (!r) continue
    const perLang = LANGS.map((l) => {
      const x = get(`${cls} ${l}`)
      return x ? fmt(x.caught, x.n) : '—'
    })
    const recall = cls === 'benign' ? `false alarms ${fmt(r.n - r.caught, r.n)}` : fmt(r.caught, r.n)
    console.log(`| ${cls} | ${r.n} | ${recall} | ${cls === 'benign' ? '—' : fmt(r.rightFlags, r.flagged)} | ${perLang.join(' | ')} |`)
  }
  const crisis = outcomes.filter((o) => o.c[1] === 'suicide' || o.c[1] === 'self-harm')
  console.log(`crisis + self-harm recall ${fmt(crisis.filter((o) => o.ok).length, crisis.length)} (target ≥ 0.98 on the frozen set)`)
  return outcomes.filter((o) => !o.ok)
}

export function evalScreen() {
  const devMisses = table('development set (tuned on)', DEV)
  if (devMisses.length) console.log(`Development misses: ${devMisses.map((o) => `${o.c[2]} → ${o.level}`).join('; ')}`)
  const dev2Misses = table('second development set (tuned on)', DEV2)
  if (dev2Misses.length) console.log(`Second development set misses: ${dev2Misses.map((o) => `${o.c[2]} → ${o.level}`).join('; ')}`)
  const dev3Misses = table('third development set (tuned on)', DEV3)
  if (dev3Misses.length) console.log(`Third development set misses: ${dev3Misses.map((o) => `${o.c[2]} → ${o.level}`).join('; ')}`)
  const dev5Misses = table('fifth development set (tuned on)', DEV5)
  if (dev5Misses.length) console.log(`Fifth development set misses: ${dev5Misses.map((o) => `${o.c[2]} → ${o.level}`).join('; ')}`)
  const dev6Misses = table('sixth development set (tuned on)', DEV6)
  if (dev6Misses.length) console.log(`Sixth development set misses: ${dev6Misses.map((o) => `${o.c[2]} → ${o.level}`).join('; ')}`)
  const frozenMisses = table('FROZEN test set (never tuned on)', FROZEN)
  // The misses are counted, not listed: reading them would be tuning on the frozen set.
  console.log(`Frozen misses: ${frozenMisses.length} (not listed on purpose)`)
  // The former frozen v3, demoted to development after three measurements: its misses are listed.
  const dev4Misses = table('fourth development set (former frozen v3, tuned on)', DEV4)
  if (dev4Misses.length) console.log(`Fourth development set misses: ${dev4Misses.map((o) => `${o.c[2]} → ${o.level}`).join('; ')}`)
  const v4Misses = table('FROZEN v4 test set (written blind, never tuned on)', FROZEN_V4)
  console.log(`Frozen v4 misses: ${v4Misses.length} (not listed on purpose)`)
}
