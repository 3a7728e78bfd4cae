import criteria from '../rules/criteria.json'
import rules from '../rules/mixture.json'
import { atConcentration, familyOf, type Form } from '../concentration'
import { parseClass } from '../engine'
import { abbrOf, kindOf } from '../pairs'
import type { Jurisdiction } from '../phrases'
import { acuteToxicity } from './acute'
import { aquatic } from './environment'
import { skinAndEye, stotSe3 } from './summation'
import type { MixtureClass, MixtureClassification, MixtureComponent, MixtureTestData } from './types'

/** Classes taken ingredient by ingredient at its generic or specific limit, never added (CLP Annex I 3.4-3.9). */
const PER_INGREDIENT = new Set(['skin-sens', 'resp-sens', 'muta', 'carc', 'repr', 'lact', 'stot-se', 'stot-re'])

/**
 * A mixture's classification from its ingredients (CLP Annex I Parts 2-4 for the EU sheet;
 * GHS Rev. 7 as adopted by OSHA for the US sheet): test data on the mixture first, then the
 * additivity formula (acute toxicity), the summation methods (skin, eye, STOT SE 3, aquatic),
 * and each ingredient's own generic or specific limit for the classes that are not added.
 * Physical hazards only from test data: no calculation gives a mixture's flash point.
 */
export function classifyMixture(
  components: MixtureComponent[],
  test: MixtureTestData,
  j: Jurisdiction,
  inhalationForm: Form = 'vapour'
): MixtureClassification {
  const classes: MixtureClass[] = []
  const notes: string[] = []
  const lacking: MixtureClassification['lacking'] = []

  classes.push(...physical(components, test, j, notes, lacking))

  const acute = acuteToxicity(components, test, inhalationForm)
  classes.push(...acute.classes)
  notes.push(...acute.notes)

  const ph = test.ph
  const extreme = ph !== undefined && (ph <= rules.extremePh.atMost || ph >= rules.extremePh.atLeast)
  if (extreme) {
    const detail = `pH ${ph} (${rules.extremePh.cite})`
    classes.push(
      { cls: 'Skin Corr. 1', h: 'H314', basis: 'extreme pH', detail },
      { cls: 'Eye Dam. 1', h: 'H318', basis: 'extreme pH', detail }
    )
  } else {
    const skinEye = skinAndEye(components)
    classes.push(...skinEye.classes)
    notes.push(...skinEye.notes)
  }
  classes.push(...stotSe3(components))
  classes.push(...perIngredient(components, inhalationForm))
  classes.push(...aspiration(components, test, notes, lacking))

  const env = aquatic(components)
  if (j === 'us') {
    if (env.classes.length)
      notes.push(
        `Environmental hazards (${env.classes.map((c) => c.cls).join(', ')}) by the GHS summation method are given in Section 12; OSHA's HazCom did not adopt them for the label.`
      )
  } else {
    classes.push(...env.classes)
    notes.push(...env.notes)
  }
  return { classes: mostSevere(classes), ate: acute.ate, notes, lacking }
}

function physical(
  components: MixtureComponent[],
  test: MixtureTestData,
  j: Jurisdiction,
  notes: string[],
  lacking: MixtureClassification['lacking']
): MixtureClass[] {
  const flammableIngredient = components.some((c) => c.pairs.some((p) => abbrOf(p) === 'Flam. Liq.'))
  const fp = test.flash_point_c
  if (fp === undefined) {
    if (flammableIngredient) {
      const detail =
        'A flammable liquid is an ingredient, and no flash point of the mixture was given: flammable liquid classification not determined (CLP Annex I 2.6.4; it is measured, never calculated). Add flash_point_c and initial_boiling_point_c.'
      notes.push(detail)
      lacking.push({ cls: 'Flam. Liq.', detail })
    }
    for (const c of components)
      for (const p of c.pairs)
        if (kindOf(p) === 'physical' && abbrOf(p) !== 'Flam. Liq.') {
          const detail = `${c.name}: ${p.cls.replace(/\s*\*+$/, '')} is a property of the pure ingredient; the mixture needs its own test to carry it.`
          notes.push(detail)
          const cls = abbrOf(p) ?? p.cls
          if (!lacking.some((l) => l.cls === cls)) lacking.push({ cls, detail })
        }
    return []
  }
  const bp = test.initial_boiling_point_c
  for (const cat of criteria.flammableLiquids.categories as Array<Record<string, number | string | undefined>>) {
    if (cat.only && cat.only !== j) continue
    const ok =
      (cat.flashBelow === undefined || fp < (cat.flashBelow as number)) &&
      (cat.flashAtLeast === undefined || fp >= (cat.flashAtLeast as number)) &&
      (cat.flashAbove === undefined || fp > (cat.flashAbove as number)) &&
      (cat.flashAtMost === undefined || fp <= (cat.flashAtMost as number)) &&
      (cat.boilingAtMost === undefined || (bp !== undefined && bp <= (cat.boilingAtMost as number))) &&
      (cat.boilingAbove === undefined || bp === undefined || bp > (cat.boilingAbove as number))
    if (ok) {
      if (cat.boilingAtMost !== undefined && bp === undefined)
        return [
          {
            cls: 'Flam. Liq. 1',
            h: 'H224',
            basis: 'test data',
            detail: `flash point ${fp} °C and no initial boiling point given: Category 1 assumed, the stricter of 1 and 2 (${criteria.flammableLiquids.cite}); give initial_boiling_point_c`,
          },
        ]
      return [
        {
          cls: `Flam. Liq. ${cat.category}`,
          h: cat.h as string,
          basis: 'test data',
          detail: `flash point ${fp} °C${bp !== undefined ? `, initial boiling point ${bp} °C` : ''} (${criteria.flammableLiquids.cite})`,
        },
      ]
    }
  }
  return []
}

function perIngredient(components: MixtureComponent[], form: Form): MixtureClass[] {
  const out: MixtureClass[] = []
  for (const c of components) {
    const own = c.pairs.filter((p) => PER_INGREDIENT.has(familyOf(p.cls, p.h) ?? ''))
    if (!own.length) continue
    const at = atConcentration(own, c.limits, c.concentration, form)
    for (const p of at.pairs) {
      if (!PER_INGREDIENT.has(familyOf(p.cls, p.h) ?? '')) continue
      out.push({
        cls: p.cls.replace(/\s*\*+$/, ''),
        h: p.h,
        basis: /specific concentration limit/.test(p.basis) ? 'specific concentration limit' : 'generic concentration limit',
        detail: `${c.name} at ${c.concentration} %: ${p.basis.replace(/ at [\d.]+ %$/, '')}`,
      })
    }
  }
  return out
}

function aspiration(
  components: MixtureComponent[],
  test: MixtureTestData,
  notes: string[],
  lacking: MixtureClassification['lacking']
): MixtureClass[] {
  const sum = components.filter((c) => c.pairs.some((p) => abbrOf(p) === 'Asp. Tox.')).reduce((s, c) => s + c.concentration, 0)
  if (sum < rules.aspiration.generic) return []
  const v = test.kinematic_viscosity_40c
  if (v === undefined) {
    const detail = `Ingredients classified Asp. Tox. 1 make up ${sum} %: the mixture is Asp. Tox. 1 if its kinematic viscosity at 40 °C is at most 20.5 mm²/s; give kinematic_viscosity_40c (CLP Annex I 3.10.3.3.1).`
    notes.push(detail)
    lacking.push({ cls: 'Asp. Tox.', detail })
    return []
  }
  if (v > rules.aspiration.maxViscosity) return []
  return [
    {
      cls: 'Asp. Tox. 1',
      h: 'H304',
      basis: 'summation',
      detail: `Σ Asp. Tox. 1 = ${sum} % ≥ 10 % and ${v} mm²/s at 40 °C (${rules.aspiration.cite})`,
    },
  ]
}

/**
 * One entry per hazard: the most severe category of a class wins (Skin Corr. over Skin Irrit.,
 * Acute Tox. 3 over 4 on one route); classes with different statements (STOT organs, routes) stay.
 */
function mostSevere(classes: MixtureClass[]): MixtureClass[] {
  const key = (c: MixtureClass) => {
    const parsed = parseClass(c.cls)
    const fam = familyOf(c.cls, c.h)
    if (fam === 'skin' || fam === 'eye') return fam
    const h = (c.h ?? '').slice(0, 4)
    if (parsed?.abbr === 'Acute Tox.')
      return `acute:${{ H300: 'o', H301: 'o', H302: 'o', H310: 'd', H311: 'd', H312: 'd', H330: 'i', H331: 'i', H332: 'i' }[h] ?? h}`
    if (parsed?.abbr === 'STOT SE' || parsed?.abbr === 'STOT RE') return `${parsed.abbr}:${c.h ?? ''}`
    return parsed?.abbr ?? c.cls
  }
  const rank = (c: MixtureClass) => {
    const p = parseClass(c.cls)
    const order = ['Skin Corr.', 'Eye Dam.', 'Skin Irrit.', 'Eye Irrit.']
    const byClass = order.indexOf(p?.abbr ?? '')
    return [byClass < 0 ? 0 : byClass, p?.category ?? '9'] as const
  }
  const best = new Map<string, MixtureClass>()
  for (const c of classes) {
    const k = key(c)
    const held = best.get(k)
    if (!held) best.set(k, c)
    else {
      const [a1, a2] = rank(c)
      const [b1, b2] = rank(held)
      if (a1 < b1 || (a1 === b1 && a2 < b2)) best.set(k, c)
    }
  }
  return [...best.values()]
}
