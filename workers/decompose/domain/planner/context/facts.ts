/**
 * What the context reader understood, each value with the words it came from (issue 31 §2), so
 * an app can show it back: "We read: 35 min on weekdays, race on 14 June".
 */
export type Fact = { field: string; value: string | number | boolean; text: string }

/**
 * The person's own words for a span of the normalised text. Normalising keeps positions unless it
 * rewrote words ("half an hour" → "30 min"); then the normalised words are shown.
 */
export function sourceText(original: string, normalised: string, start: number, end: number): string {
  const text = original.normalize('NFKC').replace(/\s+/g, ' ')
  const span = text.length === normalised.length ? text.slice(start, end) : normalised.slice(start, end)
  return span.trim().slice(0, 120)
}
