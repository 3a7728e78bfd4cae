import rules from '../rules/mixture.json'
import { abbrOf, categoryOf } from '../pairs'
import type { MixtureClass, MixtureComponent } from './types'

/**
 * M-factors of an ingredient, acute and chronic. Annex VI prints "M=10" for both, or
 * "M(acute)=…; M(chronic)=…" since ATP 10 (CLP Art. 10(2)).
 */
export function mFactors(limits: string | null): { acute: number; chronic: number } {
  const text = limits ?? ''
  const acute = /M\s*\(\s*acute\s*\)\s*=\s*(\d{1,6})/i.exec(text)
  const chronic = /M\s*\(\s*chronic\s*\)\s*=\s*(\d{1,6})/i.exec(text)
  const both = /(?:^|[^)\w])M\s*=\s*(\d{1,6})/.exec(text)
  const fallback = both ? Number(both[1]) : 1
  return { acute: acute ? Number(acute[1]) : fallback, chronic: chronic ? Number(chronic[1]) : fallback }
}

/** The summation method with M-factors (CLP Annex I 4.1.3.5.5, Tables 4.1.1 and 4.1.2). */
export function aquatic(components: MixtureComponent[]): { classes: MixtureClass[]; notes: string[] } {
  const classes: MixtureClass[] = []
  const notes: string[] = []
  const t = rules.aquatic.threshold
  const sum = (abbr: string, cat: string, useM: 'acute' | 'chronic' | null) =>
    components
      .filter((c) => c.pairs.some((p) => abbrOf(p) === abbr && categoryOf(p) === cat))
      .reduce((s, c) => s + c.concentration * (useM ? mFactors(c.limits)[useM] : 1), 0)

  const acute1 = sum('Aquatic Acute', '1', 'acute')
  if (acute1 >= t)
    classes.push({
      cls: 'Aquatic Acute 1',
      h: 'H400',
      basis: 'summation',
      detail: `Σ Acute 1 × M = ${round(acute1)} % ≥ 25 % (${rules.aquatic.cite})`,
    })

  const c1 = sum('Aquatic Chronic', '1', 'chronic')
  const c2 = sum('Aquatic Chronic', '2', null)
  const c3 = sum('Aquatic Chronic', '3', null)
  const c4 = sum('Aquatic Chronic', '4', null)
  const chronic: Array<[string, string, number, string]> = [
    ['Aquatic Chronic 1', 'H410', c1, 'Σ Chronic 1 × M'],
    ['Aquatic Chronic 2', 'H411', 10 * c1 + c2, '10 × Σ Chronic 1 × M + Σ Chronic 2'],
    ['Aquatic Chronic 3', 'H412', 100 * c1 + 10 * c2 + c3, '100 × Σ Chronic 1 × M + 10 × Σ Chronic 2 + Σ Chronic 3'],
    // Table 4.1.2's last row adds the classified concentrations as they are: no M-factor.
    ['Aquatic Chronic 4', 'H413', sum('Aquatic Chronic', '1', null) + c2 + c3 + c4, 'Σ Chronic 1 + 2 + 3 + 4 (no M-factor)'],
  ]
  const hit = chronic.find(([, , value]) => value >= t)
  if (hit)
    classes.push({ cls: hit[0], h: hit[1], basis: 'summation', detail: `${hit[3]} = ${round(hit[2])} % ≥ 25 % (${rules.aquatic.cite})` })
  else if (c1 + c2 + c3 + c4 > 0) notes.push(`Aquatic chronic: every sum of CLP Table 4.1.2 is under 25 %: not classified.`)
  return { classes, notes }
}

/** Four decimals: enough to show 26.01 % as the worked examples print it, no float noise. */
function round(x: number): number {
  return Math.round(x * 1e4) / 1e4
}
