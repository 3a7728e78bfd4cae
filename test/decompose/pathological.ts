/**
 * Shapes that make a backtracking pattern work hard: long runs of one character class
 * (digits, word characters, separators), runs that almost match a phrase the planner reads
 * ("1 h 1", "in 1 ", "by jan "), and words that start a negation or a lookahead. Shared by
 * the tests and by the worst-case benchmark (bench/scenarios/decompose.mjs keeps its own copy
 * of the worst of them, since the bench runs outside the test bundle).
 */
export const PATHOLOGICAL_UNITS = [
  '1',
  '1 ',
  '1-',
  '1.',
  '1,',
  '1.1,',
  'a',
  'a ',
  'a-',
  '- ',
  '-',
  ' -',
  '\t\n',
  'no ',
  'not fit ',
  "haven't ",
  'in 1 ',
  'over 1 ',
  'by jan ',
  'by janu',
  '1 min ',
  '1 h 1',
  '1h',
  '1 x ',
  '1 day ',
  '1 days a week ',
  '$1',
  '1k ',
  '1 kg ',
  'gain ',
  'lose 1',
  'run ',
  'run a ',
  'learn ',
  'become ',
  '1 push',
  'a-free ',
  '-free ',
  'never ',
  'ü ',
  'é',
  '日',
  '😀',
  '((',
  'words ',
  '1 words',
  'kill ',
  'die ',
  'want to ',
]

/** Goal and context at the maximum accepted lengths (500 and 2,000), built from one unit. */
export function pathological(unit: string, where: 'goal' | 'context'): { goal: string; context: string } {
  // Whole units only (never half a surrogate pair), topped up with full stops to the exact length.
  const fill = (n: number) => unit.repeat(Math.floor(n / unit.length)).padEnd(n, '.')
  const context = fill(2000)
  const goal = where === 'goal' ? `x${fill(499)}`.slice(0, 500) : 'Run my first 5K'
  return { goal: goal.trim().length >= 3 ? goal : 'Run my first 5K', context }
}
