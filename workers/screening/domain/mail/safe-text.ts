/**
 * Caller text that goes into an e-mail (applicant name, property address). The e-mail is a
 * fixed template, and these are its only caller-written parts: kept to letters, digits and
 * the punctuation names and addresses use, so no link, e-mail address or markup survives
 * (`evil.example/login` becomes `evil example login`), and cut to `max` characters.
 * One character class per pass: linear time, nothing to backtrack.
 */
export function safeText(value: string, max: number): string {
  const cleaned = value
    .normalize('NFKC')
    .replace(/[^\p{L}\p{M}\p{N} .,'#&-]/gu, ' ')
    .replace(/\.(?=[\p{L}\p{N}])/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return cleaned.length <= max ? cleaned : `${cleaned.slice(0, max - 1).trimEnd()}…`
}
