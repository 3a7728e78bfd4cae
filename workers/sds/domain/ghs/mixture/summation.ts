import rules from '../rules/mixture.json'
import { parseScls, type Scl } from '../concentration'
import { abbrOf, categoryOf, hCode } from '../pairs'
import type { MixtureClass, MixtureComponent } from './types'

/**
 * The additive health classes: skin corrosion/irritation, serious eye damage/irritation (CLP
 * Annex I Tables 3.2.3, 3.3.3) and STOT SE 3. Each ingredient counts against its own limit,
 * its specific concentration limit where Annex VI gives one and the generic limit otherwise,
 * and the mixture is classified when Σ Ci / limiti ≥ 1 (3.2.3.3.5, 3.3.3.3.5), which is the
 * generic tables' arithmetic written once: 10 × ΣSkin Corr. 1 + ΣSkin Irrit. 2 ≥ 10 is
 * Σ Ci/1 + Σ Ci/10 ≥ 1.
 */

const SUBCATEGORIES = ['1A', '1B', '1C', '1'] as const
type Sub = (typeof SUBCATEGORIES)[number]

type Term = { name: string; c: number; limit: number; why: string }

function total(terms: Term[]): number {
  return terms.reduce((s, t) => s + t.c / t.limit, 0)
}

function explain(terms: Term[]): string {
  return terms.map((t) => `${t.name} ${t.c} % / ${t.limit} % (${t.why})`).join(' + ')
}

/** An ingredient counts from 1 %, or from its own lower specific limit (CLP Annex I 3.2.3.3.1). */
function relevant(c: MixtureComponent, scls: Scl[]): boolean {
  const lowest = Math.min(rules.relevantAtLeast.value, ...scls.map((s) => s.lo ?? Number.POSITIVE_INFINITY))
  return c.concentration >= lowest
}

function lowestBand(scls: Scl[], test: (s: Scl) => boolean): number | null {
  const los = scls.filter(test).map((s) => s.lo ?? 0)
  return los.length ? Math.min(...los) : null
}

function classOf(c: MixtureComponent, abbr: string): string | null {
  const p = c.pairs.find((x) => abbrOf(x) === abbr)
  return p ? categoryOf(p) : null
}

/** Order of severity: a 1A ingredient also counts towards 1B and 1C; a plain "1" only towards "1". */
function countsTowards(own: string, target: Sub): boolean {
  if (own === '1' || target === '1') return target === '1'
  return SUBCATEGORIES.indexOf(own as Sub) <= SUBCATEGORIES.indexOf(target)
}

export function skinAndEye(components: MixtureComponent[]): { classes: MixtureClass[]; notes: string[] } {
  const classes: MixtureClass[] = []
  const notes: string[] = []
  const corrosive: Array<{ c: MixtureComponent; sub: string; scls: Scl[] }> = []
  const irritant: Array<{ c: MixtureComponent; scls: Scl[] }> = []
  const eyeDamage: Array<{ c: MixtureComponent; scls: Scl[] }> = []
  const eyeIrritant: Array<{ c: MixtureComponent; scls: Scl[] }> = []
  for (const c of components) {
    const scls = parseScls(c.limits)
    if (!relevant(c, scls)) continue
    const corr = classOf(c, 'Skin Corr.')
    if (corr) corrosive.push({ c, sub: corr, scls })
    else if (classOf(c, 'Skin Irrit.')) irritant.push({ c, scls })
    if (classOf(c, 'Eye Dam.') || corr) eyeDamage.push({ c, scls })
    else if (classOf(c, 'Eye Irrit.')) eyeIrritant.push({ c, scls })
  }

  // Skin corrosion, by sub-category: the first target whose sum reaches 1.
  let skinCorrosive = false
  for (const target of SUBCATEGORIES) {
    const terms: Term[] = []
    for (const { c, sub, scls } of corrosive) {
      const fromScl = lowestBand(scls, (s) => s.cls.startsWith('Skin Corr.') && countsTowards(s.cls.replace('Skin Corr. ', ''), target))
      if (fromScl !== null) terms.push({ name: c.name, c: c.concentration, limit: fromScl, why: 'specific concentration limit' })
      else if (countsTowards(sub, target) && !scls.some((s) => s.cls.startsWith('Skin Corr.')))
        terms.push({ name: c.name, c: c.concentration, limit: rules.skin.corrosion.generic, why: 'generic limit' })
    }
    if (terms.length && total(terms) >= 1) {
      skinCorrosive = true
      const scl = terms.some((t) => t.why === 'specific concentration limit')
      classes.push({
        cls: target === '1' ? 'Skin Corr. 1' : `Skin Corr. ${target}`,
        h: rules.skin.corrosion.h,
        basis: scl ? 'specific concentration limit' : 'summation',
        detail: `Σ Ci/limit = ${round(total(terms))} ≥ 1: ${explain(terms)} (${rules.skin.cite})`,
      })
      break
    }
  }
  if (!skinCorrosive) {
    const terms: Term[] = [
      ...corrosive.map(({ c, scls }) => {
        const scl = lowestBand(scls, (s) => s.cls.startsWith('Skin Irrit.'))
        return scl !== null
          ? { name: c.name, c: c.concentration, limit: scl, why: 'specific concentration limit' }
          : { name: c.name, c: c.concentration, limit: rules.skin.irritation.genericForCorrosive, why: 'generic limit for a corrosive' }
      }),
      ...irritant.map(({ c, scls }) => {
        const scl = lowestBand(scls, (s) => s.cls.startsWith('Skin Irrit.'))
        return scl !== null
          ? { name: c.name, c: c.concentration, limit: scl, why: 'specific concentration limit' }
          : { name: c.name, c: c.concentration, limit: rules.skin.irritation.genericForIrritant, why: 'generic limit' }
      }),
    ]
    if (terms.length && total(terms) >= 1)
      classes.push({
        cls: rules.skin.irritation.class,
        h: rules.skin.irritation.h,
        basis: terms.some((t) => t.why === 'specific concentration limit') ? 'specific concentration limit' : 'summation',
        detail: `Σ Ci/limit = ${round(total(terms))} ≥ 1: ${explain(terms)} (${rules.skin.cite})`,
      })
    else if (terms.length) notes.push(`Skin irritation: Σ Ci/limit = ${round(total(terms))} < 1 (${explain(terms)}): not classified.`)
  }

  // Eye: a corrosive mixture is Eye Dam. 1 (its H314 covers H318 on the label).
  const damageTerms: Term[] = eyeDamage.map(({ c, scls }) => {
    const scl = lowestBand(scls, (s) => s.cls.startsWith('Eye Dam.'))
    return scl !== null
      ? { name: c.name, c: c.concentration, limit: scl, why: 'specific concentration limit' }
      : { name: c.name, c: c.concentration, limit: rules.eye.damage.generic, why: 'generic limit' }
  })
  if (skinCorrosive || (damageTerms.length && total(damageTerms) >= 1)) {
    classes.push({
      cls: rules.eye.damage.class,
      h: rules.eye.damage.h,
      basis: skinCorrosive
        ? 'summation'
        : damageTerms.some((t) => t.why === 'specific concentration limit')
          ? 'specific concentration limit'
          : 'summation',
      detail: skinCorrosive
        ? `The mixture is corrosive to skin, which implies serious eye damage (${rules.eye.cite}).`
        : `Σ Ci/limit = ${round(total(damageTerms))} ≥ 1: ${explain(damageTerms)} (${rules.eye.cite})`,
    })
    return { classes, notes }
  }
  const irritationTerms: Term[] = [
    ...eyeDamage.map(({ c, scls }) => {
      const scl = lowestBand(scls, (s) => s.cls.startsWith('Eye Irrit.'))
      return scl !== null
        ? { name: c.name, c: c.concentration, limit: scl, why: 'specific concentration limit' }
        : {
            name: c.name,
            c: c.concentration,
            limit: rules.eye.irritation.genericForDamage,
            why: 'generic limit for eye damage or a corrosive',
          }
    }),
    ...eyeIrritant.map(({ c, scls }) => {
      const scl = lowestBand(scls, (s) => s.cls.startsWith('Eye Irrit.'))
      return scl !== null
        ? { name: c.name, c: c.concentration, limit: scl, why: 'specific concentration limit' }
        : { name: c.name, c: c.concentration, limit: rules.eye.irritation.genericForIrritant, why: 'generic limit' }
    }),
  ]
  if (irritationTerms.length && total(irritationTerms) >= 1)
    classes.push({
      cls: rules.eye.irritation.class,
      h: rules.eye.irritation.h,
      basis: irritationTerms.some((t) => t.why === 'specific concentration limit') ? 'specific concentration limit' : 'summation',
      detail: `Σ Ci/limit = ${round(total(irritationTerms))} ≥ 1: ${explain(irritationTerms)} (${rules.eye.cite})`,
    })
  else if (irritationTerms.length) notes.push(`Eye irritation: Σ Ci/limit = ${round(total(irritationTerms))} < 1: not classified.`)
  return { classes, notes }
}

/** STOT SE 3: respiratory irritation (H335) and narcotic effects (H336) added separately, 20 % each. */
export function stotSe3(components: MixtureComponent[]): MixtureClass[] {
  const out: MixtureClass[] = []
  for (const h of ['H335', 'H336']) {
    const terms: Term[] = []
    for (const c of components) {
      if (!c.pairs.some((p) => abbrOf(p) === 'STOT SE' && hCode(p) === h)) continue
      const scl = lowestBand(parseScls(c.limits), (s) => s.cls.startsWith('STOT SE 3') && s.h.startsWith(h))
      terms.push({
        name: c.name,
        c: c.concentration,
        limit: scl ?? rules.stotSe3.generic,
        why: scl !== null ? 'specific concentration limit' : 'generic limit',
      })
    }
    if (terms.length && total(terms) >= 1)
      out.push({
        cls: 'STOT SE 3',
        h,
        basis: terms.some((t) => t.why === 'specific concentration limit') ? 'specific concentration limit' : 'summation',
        detail: `Σ Ci/limit = ${round(total(terms))} ≥ 1: ${explain(terms)} (${rules.stotSe3.cite})`,
      })
  }
  return out
}

function round(x: number): number {
  return Number(x.toPrecision(3))
}
