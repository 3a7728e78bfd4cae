import { describe, expect, it } from 'vitest'
import doc from '../../docs/audit-scoring.md?raw'
import {
  GRADE_CHART,
  MINIMUM_SCORE_FOR_EXTRA_CREDIT,
  SCORE_TABLE,
  SCORING_VERSION,
  gradeFor,
  score,
  type ResultId,
} from '../../workers/audit/domain/scoring'

/**
 * The rules that change a grade, per scoring version. Changing a modifier, a pass flag, the
 * chart or the bonus threshold without bumping SCORING_VERSION (and docs/audit-scoring.md)
 * makes this test fail. Advice wording is not part of the fingerprint.
 */
const FINGERPRINTS: Record<number, string> = {
  1: '315a0791afcfa501e9957bbbddf853a960fa11f92c1e45aa15d9309c1b7fa95e',
  // Version 2: cookies, SRI, CORS, CORP, COOP, COEP, hsts-preloaded, redirection-all-redirects-preloaded.
  2: 'aeb1416ef1fbe9cbbe3f15ffe525c757ae264787aad7c9efa628d39c2f8a6b8f',
  // Version 3: the Observatory's thirteen letters (B+/B/B-, C+/C/C-, D+/D/D- no longer merged).
  3: 'd97f8b04cc30b1534c5a28619e0997cc2837fd1654c1ead6d81f2a2dcd9cd8e8',
}

async function fingerprint(): Promise<string> {
  const rules = Object.entries(SCORE_TABLE).map(([id, r]) => [id, r.test, r.modifier, r.pass])
  const text = JSON.stringify({ rules, chart: GRADE_CHART, bonus: MINIMUM_SCORE_FOR_EXTRA_CREDIT })
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

describe('scoring', () => {
  it('is the version the fingerprint was recorded for', async () => {
    expect(FINGERPRINTS[SCORING_VERSION]).toBe(await fingerprint())
  })

  it('documents every result with its modifier, and the version, in docs/audit-scoring.md', () => {
    expect(doc).toContain(`**version ${SCORING_VERSION}**`)
    for (const [id, rule] of Object.entries(SCORE_TABLE)) {
      const modifier = rule.modifier > 0 ? `\\+${rule.modifier}` : String(rule.modifier)
      expect(doc, id).toMatch(new RegExp(`\\| \`${id}\` \\| ${modifier} \\| ${rule.pass ? 'yes' : 'no'} \\|`))
    }
  })

  // Every band edge of the Observatory's chart (shared/data/audit/observatory-tests.md).
  it.each([
    [120, 'A+'],
    [100, 'A+'],
    [99, 'A'],
    [95, 'A'],
    [90, 'A'],
    [89, 'A-'],
    [85, 'A-'],
    [84, 'B+'],
    [80, 'B+'],
    [79, 'B'],
    [70, 'B'],
    [69, 'B-'],
    [65, 'B-'],
    [64, 'C+'],
    [60, 'C+'],
    [59, 'C'],
    [50, 'C'],
    [49, 'C-'],
    [45, 'C-'],
    [44, 'D+'],
    [40, 'D+'],
    [39, 'D'],
    [30, 'D'],
    [29, 'D-'],
    [25, 'D-'],
    [24, 'F'],
    [0, 'F'],
    [-40, 'F'],
  ])('%i is graded %s', (n, grade) => {
    expect(gradeFor(n)).toBe(grade)
  })

  const BEST: ResultId[] = [
    'csp-implemented-with-no-unsafe-default-src-none',
    'hsts-implemented-max-age-at-least-six-months',
    'redirection-to-https',
    'x-frame-options-implemented-via-csp',
    'x-content-type-options-nosniff',
    'referrer-policy-private',
    'site-reachable-over-https',
  ]

  it('gives a well-configured site 100 and A+, bonuses clamped', () => {
    expect(score(BEST)).toMatchObject({ score: 100, grade: 'A+' })
  })

  it('adds bonuses only when the score without them reaches 90', () => {
    // 100 - 10 = 90: bonuses (+5 XFO, +5 referrer) count.
    const at90 = score(['csp-implemented-with-unsafe-eval', 'x-frame-options-sameorigin-or-deny', 'referrer-policy-private'])
    expect(at90).toMatchObject({ score: 100, grade: 'A+' })
    // 100 - 15 = 85: they do not.
    const at85 = score([
      'csp-implemented-with-unsafe-eval',
      'x-content-type-options-not-implemented',
      'x-frame-options-sameorigin-or-deny',
      'referrer-policy-private',
    ])
    expect(at85).toMatchObject({ score: 85, grade: 'A-' })
  })

  it('drops the bonuses of a site without CSP', () => {
    expect(score(BEST.map((r) => (r.startsWith('csp-') ? 'csp-not-implemented' : r)))).toMatchObject({ score: 75, grade: 'B' })
  })

  it('grades an HTTP-only site without headers F', () => {
    const s = score([
      'csp-not-implemented',
      'hsts-not-implemented-no-https',
      'redirection-missing',
      'x-frame-options-not-implemented',
      'x-content-type-options-not-implemented',
      'referrer-policy-not-implemented',
      'site-reachable-over-http-only',
    ])
    expect(s).toMatchObject({ score: 10, grade: 'F' })
  })

  it('never goes below 0, neither the score nor the Observatory number', () => {
    const s = score([...BEST.slice(0, 6), 'site-unreachable', 'csp-not-implemented'])
    expect(s).toMatchObject({ score: 0, uncapped: 0, grade: 'F' })
  })

  it('lists every result as a finding with its modifier and advice', () => {
    const { findings } = score(['hsts-implemented-max-age-less-than-six-months', 'referrer-policy-unsafe'])
    expect(findings).toEqual([
      {
        test: 'strict-transport-security',
        result: 'hsts-implemented-max-age-less-than-six-months',
        pass: false,
        modifier: -10,
        counted: true,
        points: -10,
        advice: expect.stringContaining('six months'),
        deviation: null,
      },
      {
        test: 'referrer-policy',
        result: 'referrer-policy-unsafe',
        pass: false,
        modifier: -5,
        counted: true,
        points: -5,
        advice: expect.any(String),
        deviation: null,
      },
    ])
  })

  it('marks bonuses below the threshold "not counted", so the points add up to the score', () => {
    // A C/55 report: −25 −20 with a +5 and a +10 bonus that must not count.
    const s = score(['csp-not-implemented', 'hsts-not-implemented', 'referrer-policy-private', 'corp-implemented-with-same-origin'])
    expect(s).toMatchObject({ score: 55, grade: 'C', uncapped: 55, bonuses_counted: false })
    expect(s.findings.filter((f) => f.modifier > 0).map((f) => [f.counted, f.points])).toEqual([
      [false, 0],
      [false, 0],
    ])
    expect(100 + s.findings.reduce((sum, f) => sum + f.points, 0)).toBe(s.score)
  })

  it('reports the uncapped sum when bonuses take it past 100', () => {
    const s = score([...BEST, 'corp-implemented-with-same-origin', 'coop-implemented-with-same-origin'])
    expect(s).toMatchObject({ score: 100, uncapped: 140, bonuses_counted: true })
    expect(100 + s.findings.reduce((sum, f) => sum + f.points, 0)).toBe(s.uncapped)
  })

  const BANDS: [ResultId[], number, string][] = [
    [['csp-not-implemented', 'hsts-implemented-max-age-less-than-six-months'], 65, 'B-'],
    [['csp-implemented-with-unsafe-inline'], 80, 'B+'],
    [['csp-implemented-with-unsafe-inline', 'hsts-implemented-max-age-less-than-six-months', 'referrer-policy-unsafe'], 65, 'B-'],
    [['cookies-session-without-secure-flag'], 60, 'C+'],
    [['sri-not-implemented-and-external-scripts-not-loaded-securely', 'x-content-type-options-not-implemented'], 45, 'C-'],
    [['sri-not-implemented-and-external-scripts-not-loaded-securely', 'csp-implemented-with-unsafe-inline'], 30, 'D'],
    [['sri-not-implemented-and-external-scripts-not-loaded-securely', 'csp-not-implemented'], 25, 'D-'],
    [['cross-origin-resource-sharing-implemented-with-universal-access', 'hsts-implemented-max-age-less-than-six-months'], 40, 'D+'],
  ]
  it.each(BANDS)('a site with %j scores %i, %s (the bands the contract used to merge)', (penalties, n, grade) => {
    const base = BEST.filter((r) => !penalties.some((p) => p.split('-')[0] === r.split('-')[0]))
    expect(score([...base, ...penalties])).toMatchObject({ score: n, grade })
  })

  it.each([
    ['a flagless PHPSESSID on a site with HSTS', 'cookies-session-without-httponly-flag', 70],
    ['an http:// script without SRI', 'sri-not-implemented-and-external-scripts-not-loaded-securely', 50],
    ['CORS echoing any Origin with credentials', 'cross-origin-resource-sharing-implemented-with-universal-access', 50],
  ] as const)('%s costs what the Observatory charges (%s → %i)', (_, result, expected) => {
    expect(score([...BEST, result]).score).toBe(expected)
  })

  it('keeps every modifier a multiple of 5, as the Observatory does', () => {
    for (const rule of Object.values(SCORE_TABLE)) expect(Math.abs(rule.modifier % 5)).toBe(0)
  })
})
