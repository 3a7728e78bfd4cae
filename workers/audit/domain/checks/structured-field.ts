/**
 * The bare token of a Structured Field Item (RFC 9651 §4.2), or null when the value is not an
 * Item whose bare item is a token. Parameters are parsed, so that a malformed one makes the
 * whole field invalid, and then dropped. COOP and COEP are such fields (HTML §7.1.3.1, §7.1.4.1):
 * browsers match their token exactly (case-sensitive) and ignore a value that does not parse.
 * One pass over at most `value.length` characters.
 */
export function structuredToken(value: string): string | null {
  const p = { s: value.replace(/^ +| +$/g, ''), i: 0 }
  const token = readToken(p)
  if (token === null) return null
  if (!skipParameters(p)) return null
  return p.i === p.s.length ? token : null
}

type Cursor = { s: string; i: number }

const TCHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z:/]/
const KEY_START = /[a-z*]/
const KEY_CHAR = /[a-z0-9_\-.*]/

function readToken(p: Cursor): string | null {
  if (!/[A-Za-z*]/.test(p.s[p.i] ?? '')) return null
  const start = p.i
  while (p.i < p.s.length && TCHAR.test(p.s[p.i])) p.i++
  return p.s.slice(start, p.i)
}

// §4.2.3.2: *( ";" *SP key [ "=" bare-item ] )
function skipParameters(p: Cursor): boolean {
  while (p.s[p.i] === ';') {
    p.i++
    while (p.s[p.i] === ' ') p.i++
    if (!KEY_START.test(p.s[p.i] ?? '')) return false
    while (p.i < p.s.length && KEY_CHAR.test(p.s[p.i])) p.i++
    if (p.s[p.i] === '=') {
      p.i++
      if (!skipBareItem(p)) return false
    }
  }
  return true
}

// §4.2.3.1: integer or decimal, string, token, byte sequence, boolean, date, display string.
function skipBareItem(p: Cursor): boolean {
  const c = p.s[p.i] ?? ''
  if (c === '-' || /[0-9]/.test(c)) return skipNumber(p)
  if (c === '"') return skipString(p)
  if (c === ':') {
    const end = p.s.indexOf(':', p.i + 1)
    if (end < 0 || !/^[A-Za-z0-9+/=]*$/.test(p.s.slice(p.i + 1, end))) return false
    p.i = end + 1
    return true
  }
  if (c === '?') {
    if (p.s[p.i + 1] !== '0' && p.s[p.i + 1] !== '1') return false
    p.i += 2
    return true
  }
  if (c === '@') {
    p.i++
    return skipNumber(p)
  }
  if (c === '%') {
    p.i++
    return p.s[p.i] === '"' && skipString(p)
  }
  return readToken(p) !== null
}

function skipNumber(p: Cursor): boolean {
  if (p.s[p.i] === '-') p.i++
  const start = p.i
  while (/[0-9]/.test(p.s[p.i] ?? '')) p.i++
  const whole = p.i - start
  if (whole === 0 || whole > 15) return false
  if (p.s[p.i] !== '.') return true
  if (whole > 12) return false
  p.i++
  const fraction = p.i
  while (/[0-9]/.test(p.s[p.i] ?? '')) p.i++
  return p.i - fraction >= 1 && p.i - fraction <= 3
}

function skipString(p: Cursor): boolean {
  p.i++ // the opening quote
  while (p.i < p.s.length) {
    const c = p.s[p.i++]
    if (c === '\\') {
      if (p.s[p.i] !== '"' && p.s[p.i] !== '\\') return false
      p.i++
    } else if (c === '"') return true
    else if (c < ' ' || c > '~') return false
  }
  return false
}
