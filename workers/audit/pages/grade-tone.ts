/** The colour family of a letter on the page and the badge: every A green, B and C amber, D and F red. */
export type GradeTone = 'good' | 'mid' | 'bad'

export function gradeTone(grade: string): GradeTone {
  const letter = grade[0]
  return letter === 'A' ? 'good' : letter === 'B' || letter === 'C' ? 'mid' : 'bad'
}
