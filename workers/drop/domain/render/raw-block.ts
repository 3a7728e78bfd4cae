import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs'

/**
 * CommonMark's HTML block of type 1 (a line starting with `<script`, `<pre`, `<style` or
 * `<textarea`) runs until the matching closing tag, or to the end of the document when there
 * is none: one stray `<style>` in prose turned all the Markdown after it into raw text. When
 * no closing tag follows anywhere, this rule ends the block at the next blank line instead
 * (as CommonMark ends HTML blocks of types 6 and 7), and raw-html.ts then cuts the unclosed
 * tag out; the Markdown after the paragraph renders as Markdown. With a closing tag later,
 * markdown-it's own rule applies unchanged.
 */
const RAW_TEXT = ['script', 'pre', 'style', 'textarea']

type Env = { rawTextCloses?: Map<string, number> }

const endsName = (c: string | undefined) => c === undefined || c === ' ' || c === '\t' || c === '>' || c === '\n' || c === '\r'

export function unclosedRawTextBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine] - state.blkIndent >= 4) return false
  const pos = state.bMarks[startLine] + state.tShift[startLine]
  if (state.src.charCodeAt(pos) !== 0x3c) return false
  const head = state.src.slice(pos + 1, pos + 10).toLowerCase()
  const name = RAW_TEXT.find((n) => head.startsWith(n) && endsName(head[n.length]))
  if (!name) return false
  // Where each closing tag last occurs, found once per document (four linear searches), so
  // each opening line is decided in constant time.
  const env = state.env as Env
  if (!env.rawTextCloses) {
    const lower = state.src.toLowerCase()
    env.rawTextCloses = new Map(RAW_TEXT.map((n) => [n, lower.lastIndexOf(`</${n}`)]))
  }
  if ((env.rawTextCloses.get(name) ?? -1) > pos) return false
  if (silent) return true
  let next = startLine + 1
  while (next < endLine && state.sCount[next] >= state.blkIndent && !state.isEmpty(next)) next++
  state.line = next
  const token = state.push('html_block', '', 0)
  token.map = [startLine, next]
  token.content = state.getLines(startLine, next, state.blkIndent, true)
  return true
}
