import katex from 'katex'
import type MarkdownIt from 'markdown-it'
import type StateInline from 'markdown-it/lib/rules_inline/state_inline.mjs'
import { escapeHtml } from '../../../../shared/html'

/**
 * Math as github.com writes it: `$…$` inline and `$$…$$` blocks, rendered to MathML by KaTeX
 * at publish time (no script or font on the page). KaTeX runs with `trust: false` (no \href,
 * no \includegraphics) and a macro-expansion cap. Every search is bounded: an inline closing
 * `$` is looked for within INLINE_MAX characters, a block's closing `$$` within BLOCK_LINES
 * lines; each formula is at most FORMULA_MAX characters and a document renders at most
 * DOCUMENT_MAX characters of math, the rest is shown as code.
 *
 * The renderer writes a placeholder (`<span class="drop-math-N"></span>`) that survives the
 * sanitizer; `insertMath` puts KaTeX's output in its place after sanitizing, so user HTML can
 * never bring MathML of its own.
 */
const INLINE_MAX = 300
const BLOCK_LINES = 200
const FORMULA_MAX = 2000
const DOCUMENT_MAX = 64 * 1024

export type MathEnv = { math?: string[]; mathBudget?: number }

/** A formula's placeholder (its MathML kept in `env.math`), or the source as code past the bounds. */
export function mathHtml(tex: string, display: boolean, env: MathEnv): string {
  env.math ??= []
  env.mathBudget ??= DOCUMENT_MAX
  const source = display ? `$$${tex}$$` : `$${tex}$`
  if (tex.length > FORMULA_MAX || tex.length > env.mathBudget) return `<code>${escapeHtml(source)}</code>`
  env.mathBudget -= tex.length
  let out: string
  try {
    out = katex.renderToString(tex, {
      output: 'mathml',
      displayMode: display,
      throwOnError: false,
      trust: false,
      maxExpand: 200,
      maxSize: 50,
    })
  } catch {
    return `<code>${escapeHtml(source)}</code>`
  }
  env.math.push(out)
  return `<span class="drop-math-${env.math.length - 1}"></span>`
}

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a

/**
 * `$` + a run of n backticks + formula + the same run + `$`. The closing run is looked for
 * within INLINE_MAX characters, as for `$…$`; anything else is not this form.
 */
function backtickMath(state: StateInline, silent: boolean): boolean {
  const src = state.src
  const open = state.pos + 1
  let run = 0
  while (src.charCodeAt(open + run) === 0x60 && run < 32) run++
  const limit = Math.min(state.posMax, open + run + INLINE_MAX)
  for (let end = open + run; end + run < limit; end++) {
    if (src.charCodeAt(end) !== 0x60) continue
    let close = 0
    while (src.charCodeAt(end + close) === 0x60) close++
    if (close !== run) {
      end += close - 1
      continue
    }
    if (src.charCodeAt(end + run) !== 0x24 /* $ */) return false
    if (!silent) state.push('drop_math_inline', 'math', 0).content = src.slice(open + run, end).trim()
    state.pos = end + run + 1
    return true
  }
  return false
}

export function mathPlugin(md: MarkdownIt): void {
  md.inline.ruler.after('escape', 'drop_math_inline', (state, silent) => {
    const src = state.src
    const start = state.pos
    if (src.charCodeAt(start) !== 0x24 /* $ */ || src.charCodeAt(start + 1) === 0x24) return false
    if (start + 1 >= state.posMax || isSpace(src.charCodeAt(start + 1))) return false
    // GitHub's other inline form, $`…`$: a code span between dollars, so no $ needs escaping.
    if (src.charCodeAt(start + 1) === 0x60 /* ` */) return backtickMath(state, silent)
    const limit = Math.min(state.posMax, start + 1 + INLINE_MAX)
    for (let end = start + 2; end < limit; end++) {
      if (src.charCodeAt(end) !== 0x24) continue
      const after = src.charCodeAt(end + 1)
      if (isSpace(src.charCodeAt(end - 1)) || (after >= 0x30 && after <= 0x39) || src.charCodeAt(end - 1) === 0x5c) continue
      if (!silent) state.push('drop_math_inline', 'math', 0).content = src.slice(start + 1, end)
      state.pos = end + 1
      return true
    }
    return false
  })
  md.block.ruler.before('fence', 'drop_math_block', (state, startLine, endLine, silent) => {
    const first = state.bMarks[startLine] + state.tShift[startLine]
    const lineEnd = state.eMarks[startLine]
    if (state.sCount[startLine] - state.blkIndent >= 4 || state.src.slice(first, first + 2) !== '$$') return false
    const firstRest = state.src.slice(first + 2, lineEnd)
    let content: string | null = null
    let next = startLine
    if (firstRest.trimEnd().endsWith('$$') && firstRest.trim().length >= 2) {
      content = firstRest.trimEnd().slice(0, -2)
    } else {
      const lines = [firstRest]
      for (next = startLine + 1; next < endLine && next <= startLine + BLOCK_LINES; next++) {
        const text = state.src.slice(state.bMarks[next] + state.tShift[next], state.eMarks[next])
        if (text.trimEnd().endsWith('$$')) {
          lines.push(text.trimEnd().slice(0, -2))
          content = lines.join('\n')
          break
        }
        lines.push(text)
      }
      if (content === null) return false
    }
    if (silent) return true
    const token = state.push('drop_math_block', 'math', 0)
    token.content = content.trim()
    token.map = [startLine, next + 1]
    state.line = next + 1
    return true
  })
  md.renderer.rules.drop_math_inline = (tokens, i, _o, env) => mathHtml(tokens[i].content, false, env as MathEnv)
  md.renderer.rules.drop_math_block = (tokens, i, _o, env) => `<p>${mathHtml(tokens[i].content, true, env as MathEnv)}</p>\n`
}

/** KaTeX's output in place of the placeholders, once the page is sanitized. */
export function insertMath(html: string, math: string[] | undefined): string {
  if (!math?.length) return html
  return html.replace(/<span class="drop-math-(\d{1,6})"><\/span>/g, (_whole, n: string) => math[Number(n)] ?? '')
}
