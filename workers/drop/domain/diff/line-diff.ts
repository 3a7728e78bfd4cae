/** One line of a diff: kept (' '), removed from the old version ('-') or added in the new ('+'). */
export type DiffOp = { op: ' ' | '-' | '+'; text: string }

/**
 * `ops` start after `skipped` unchanged lines (1-based numbering of the first op: skipped + 1
 * in both versions); unchanged lines further than `context` from any change are left out.
 */
export type LineDiff = { kind: 'lines'; ops: DiffOp[]; skipped: number } | { kind: 'too-different' }

export const splitLines = (text: string): string[] => (text === '' ? [] : text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n'))

/**
 * The shortest edit script from `a` to `b`, line by line, or 'too-different' once the search
 * has used `limits.maxSteps`. The shared head and tail are taken off first (linear), so an
 * edit of a few lines in a long document searches only the lines around it, and only
 * `limits.contextLines` of them are kept around the change.
 */
export function diffLines(a: string[], b: string[], limits: { maxSteps: number; contextLines: number }): LineDiff {
  let head = 0
  while (head < a.length && head < b.length && a[head] === b[head]) head++
  let tail = 0
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++
  const oldMiddle = a.slice(head, a.length - tail)
  const newMiddle = b.slice(head, b.length - tail)
  // One side short (a paragraph kept from a rewritten page): the table costs n × m, within the
  // budget, where the search would take one round per line of the longer side.
  const middle =
    oldMiddle.length * newMiddle.length <= limits.maxSteps
      ? tableEdit(oldMiddle, newMiddle)
      : shortestEdit(oldMiddle, newMiddle, limits.maxSteps)
  if (!middle) return { kind: 'too-different' }
  const skipped = Math.max(0, head - limits.contextLines)
  const keep = (from: number, to: number): DiffOp[] => a.slice(from, to).map((text) => ({ op: ' ', text }))
  const after = a.length - tail
  return {
    kind: 'lines',
    ops: [...keep(skipped, head), ...middle, ...keep(after, Math.min(a.length, after + limits.contextLines))],
    skipped,
  }
}

/** Lines as small integers (one Map lookup each), so the search compares numbers. */
function intern(a: string[], b: string[]): [Int32Array, Int32Array] {
  const ids = new Map<string, number>()
  const idsOf = (lines: string[]) => {
    const out = new Int32Array(lines.length)
    for (let i = 0; i < lines.length; i++) {
      let id = ids.get(lines[i])
      if (id === undefined) {
        id = ids.size
        ids.set(lines[i], id)
      }
      out[i] = id
    }
    return out
  }
  return [idsOf(a), idsOf(b)]
}

/**
 * Myers' greedy search for the furthest-reaching path on each diagonal, keeping each round's
 * frontier for the walk back. Every diagonal visited and every line compared costs one step,
 * and the kept frontiers are no larger than the steps taken, so time and memory stay within
 * `maxSteps` (null past it).
 */
export function shortestEdit(a: string[], b: string[], maxSteps: number): DiffOp[] | null {
  const n = a.length
  const m = b.length
  if (n === 0) return b.map((text) => ({ op: '+', text }))
  if (m === 0) return a.map((text) => ({ op: '-', text }))
  const [x0, y0] = intern(a, b)
  // No search can go past the round whose diagonals alone use up the steps.
  const max = Math.min(n + m, Math.ceil(Math.sqrt(2 * maxSteps)) + 1)
  const offset = max + 1
  const v = new Int32Array(2 * max + 3)
  const trace: Int32Array[] = []
  let steps = 0
  for (let d = 0; d <= max; d++) {
    steps += d + 1
    if (steps > maxSteps) return null
    trace.push(v.slice(offset - d - 1, offset + d + 2))
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1
      let y = x - k
      const start = x
      while (x < n && y < m && x0[x] === y0[y]) {
        x++
        y++
      }
      steps += x - start
      if (steps > maxSteps) return null
      v[offset + k] = x
      if (x >= n && y >= m) return walkBack(a, b, trace, d)
    }
  }
  return null
}

/** The edit script, from the frontiers kept before each round (trace[d] holds diagonals -d-1…d+1). */
function walkBack(a: string[], b: string[], trace: Int32Array[], last: number): DiffOp[] {
  const out: DiffOp[] = []
  let x = a.length
  let y = b.length
  for (let d = last; d > 0; d--) {
    const frontier = trace[d]
    const at = (k: number) => frontier[k + d + 1]
    const k = x - y
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1))
    const prevK = down ? k + 1 : k - 1
    const prevX = at(prevK)
    const prevY = prevX - prevK
    while (x > prevX && y > prevY) {
      x--
      y--
      out.push({ op: ' ', text: a[x] })
    }
    if (down) out.push({ op: '+', text: b[--y] })
    else out.push({ op: '-', text: a[--x] })
  }
  while (x > 0 && y > 0) {
    x--
    y--
    out.push({ op: ' ', text: a[x] })
  }
  return out.reverse()
}

/**
 * The edit script from the longest-common-subsequence table of the two sides (n × m cells,
 * the caller keeps that within the budget), read from the start.
 */
export function tableEdit(a: string[], b: string[]): DiffOp[] {
  const n = a.length
  const m = b.length
  const [x0, y0] = intern(a, b)
  const width = m + 1
  // lcs[i * width + j]: longest common subsequence of a[i…] and b[j…].
  const lcs = new Int32Array((n + 1) * width)
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * width + j] = x0[i] === y0[j] ? lcs[(i + 1) * width + j + 1] + 1 : Math.max(lcs[(i + 1) * width + j], lcs[i * width + j + 1])
    }
  }
  const out: DiffOp[] = []
  let i = 0
  let j = 0
  while (i < n && j < m) {
    if (x0[i] === y0[j]) {
      out.push({ op: ' ', text: a[i++] })
      j++
    } else if (lcs[(i + 1) * width + j] >= lcs[i * width + j + 1]) out.push({ op: '-', text: a[i++] })
    else out.push({ op: '+', text: b[j++] })
  }
  while (i < n) out.push({ op: '-', text: a[i++] })
  while (j < m) out.push({ op: '+', text: b[j++] })
  return out
}
