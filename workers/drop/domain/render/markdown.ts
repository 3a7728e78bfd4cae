import GithubSlugger, { slug as githubSlug } from 'github-slugger'
import MarkdownIt from 'markdown-it'
import footnotes from 'markdown-it-footnote'
import type Token from 'markdown-it/lib/token.mjs'
import { DomainError } from '../../../../shared/errors'
import { githubAlerts, renderAlertOpen } from './alerts'
import { gfmAutolinks } from './autolinks'
import { mathHtml, mathPlugin, type MathEnv } from './math'
import { emojiShortcodes } from './emoji'
import { footnoteTail } from './footnote-tail'
import { createHighlighter } from './highlight'
import { unclosedRawTextBlock } from './raw-block'
import { containRawHtml } from './raw-html'
import { relativeLinksAsText } from './relative-links'

/**
 * Markdown parsing with markdown-it: its block and inline parsers are built to stay linear on
 * every input (its repository runs the CommonMark pathological-input suite: nested brackets,
 * emphasis runs, backtick runs, deep quotes). marked, used before, was quadratic on `_a_a_a…`
 * and recursed once per `>` until the stack overflowed.
 *
 * Nesting is bounded by MAX_NESTING: inline markup deeper than that is shown as text by
 * markdown-it itself; block nesting that reaches it (quotes in quotes in lists…) is refused
 * with 422 NESTING_TOO_DEEP rather than silently cut, since markdown-it skips the rest of a
 * block it will not nest into.
 */
export const MAX_NESTING = 48

export type RenderOptions = { rawHtml: 'keep' | 'escape'; baseUrl?: string }

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

function createParser(options: RenderOptions): MarkdownIt {
  const md = new MarkdownIt('default', { html: true, linkify: true, typographer: false, highlight: createHighlighter() })
  // maxNesting is a markdown-it option its type definitions leave out.
  Object.assign(md.options, { maxNesting: MAX_NESTING })
  md.use(footnotes)
  md.core.ruler.at('footnote_tail', footnoteTail)
  md.use(mathPlugin)
  md.block.ruler.before('html_block', 'drop_unclosed_raw_text', unclosedRawTextBlock, { alt: ['paragraph', 'reference', 'blockquote'] })
  const fence = md.renderer.rules.fence!
  md.renderer.rules.fence = (tokens, i, opts, env, self) => {
    const info = tokens[i].info.trim().toLowerCase()
    // GitHub renders a ```math fence as display math, like $$…$$.
    if (info === 'math') return `<p>${mathHtml(tokens[i].content.trim(), true, env as MathEnv)}</p>\n`
    // Diagrams are not drawn (see docs/drop.md, "Mermaid"): the source, labelled, with a note.
    if (info !== 'mermaid') return fence(tokens, i, opts, env, self)
    return `<figure class="diagram"><figcaption>Mermaid diagram: shown as its source (this site does not draw diagrams)</figcaption><pre><code class="language-mermaid">${escapeText(tokens[i].content)}</code></pre></figure>\n`
  }
  md.renderer.rules.alert_open = renderAlertOpen
  md.renderer.rules.heading_close = (tokens, i) => {
    const id = tokens[i].meta?.id as string | undefined
    return `${id ? `<a class="anchor" aria-hidden="true" href="#${escapeText(id)}">#</a>` : ''}</${tokens[i].tag}>\n`
  }
  if (options.rawHtml === 'escape') {
    md.renderer.rules.html_block = (tokens, i) => `<p>${escapeText(tokens[i].content)}</p>\n`
    md.renderer.rules.html_inline = (tokens, i) => escapeText(tokens[i].content)
  }
  md.core.ruler.after('block', 'drop_nesting_limit', (state) => {
    for (const token of state.tokens) {
      if (token.level >= MAX_NESTING - 1) {
        throw new DomainError(
          'NESTING_TOO_DEEP',
          `The Markdown nests quotes, lists or HTML blocks more than ${MAX_NESTING - 2} levels deep; flatten it and publish again.`,
          { max_nesting: MAX_NESTING - 2 }
        )
      }
    }
  })
  md.core.ruler.after('block', 'drop_table_align', (state) => {
    // GitHub writes column alignment as `align`, which the sanitizer keeps (it drops `style`).
    for (const token of state.tokens) {
      if (token.type !== 'th_open' && token.type !== 'td_open') continue
      const style = token.attrGet('style')
      if (!style) continue
      token.attrs = (token.attrs ?? []).filter(([name]) => name !== 'style')
      const align = /^text-align:(left|right|center)$/.exec(style)?.[1]
      if (align) token.attrSet('align', align)
    }
  })
  md.core.ruler.after('block', 'drop_alerts', githubAlerts)
  md.core.ruler.push('drop_gfm_autolinks', gfmAutolinks)
  md.core.ruler.push('drop_raw_html', containRawHtml)
  md.core.ruler.push('drop_emoji', emojiShortcodes)
  md.core.ruler.push('drop_strikethrough_del', (state) => {
    // GitHub marks ~~struck~~ text as <del>; markdown-it uses <s>.
    for (const token of state.tokens) {
      for (const child of token.children ?? []) if (child.type === 's_open' || child.type === 's_close') child.tag = 'del'
    }
  })
  md.core.ruler.push('drop_task_lists', taskLists)
  md.core.ruler.push('drop_heading_ids', headingIds)
  md.core.ruler.push('drop_in_page_links', inPageLinks)
  // After the ids: a heading's id comes from its text as written, not with a link's target added.
  md.core.ruler.push('drop_relative_links', relativeLinksAsText)
  return md
}

/** `- [ ] todo` / `- [x] done` as disabled checkboxes, as GitHub shows them. */
function taskLists(state: { tokens: Token[] }): void {
  const tokens = state.tokens
  for (let i = 2; i < tokens.length; i++) {
    const inline = tokens[i]
    if (inline.type !== 'inline' || tokens[i - 1].type !== 'paragraph_open' || tokens[i - 2].type !== 'list_item_open') continue
    const first = inline.children?.[0]
    const mark = first?.type === 'text' ? /^\[([ xX])\][ \t]/.exec(first.content) : null
    if (!first || !mark) continue
    first.content = first.content.slice(mark[0].length)
    const box = new (first.constructor as typeof Token)('html_inline', '', 0)
    box.content = mark[1] === ' ' ? '<input disabled="" type="checkbox"> ' : '<input checked="" disabled="" type="checkbox"> '
    inline.children!.unshift(box)
  }
}

/** Plain text of an inline token: what a reader sees, without markup. */
export function inlineText(token: Token | undefined): string {
  let out = ''
  for (const child of token?.children ?? []) {
    if (child.type === 'text' || child.type === 'code_inline') out += child.content
    else if (child.type === 'softbreak' || child.type === 'hardbreak') out += ' '
  }
  return out
}

/** Heading ids by GitHub's own slug rules (github-slugger): `## Hello, World!` → `hello-world`, repeats numbered. */
function headingIds(state: { tokens: Token[] }): void {
  const slugger = new GithubSlugger()
  const tokens = state.tokens
  for (let i = 0; i < tokens.length - 1; i++) {
    if (tokens[i].type !== 'heading_open') continue
    const id = slugger.slug(inlineText(tokens[i + 1]).slice(0, 200))
    if (!id) continue
    tokens[i].attrSet('id', id)
    // The closing token carries the id too: its renderer adds the visible anchor link.
    const close = tokens[i + 2]
    if (close?.type === 'heading_close') close.meta = { id }
  }
}

/**
 * In-page links as github.com resolves them: its page script finds `#Concurrency` or
 * `#makeRe` case-insensitively; with no script here, such a link is rewritten at publish time
 * to the id it means (exact, then lower-cased, then slugged). One pass over ids, one over links.
 */
function inPageLinks(state: { tokens: Token[] }): void {
  const ids = new Set<string>()
  const lower = new Map<string, string>()
  const links: Token[] = []
  for (const token of state.tokens) {
    const id = token.type === 'heading_open' ? token.attrGet('id') : null
    if (id) {
      ids.add(id)
      for (const key of [id.toLowerCase(), id.toLowerCase().replace(/\p{M}/gu, '')]) if (!lower.has(key)) lower.set(key, id)
    }
    for (const child of token.children ?? []) {
      if (child.type === 'link_open' && child.attrGet('href')?.startsWith('#')) links.push(child)
    }
  }
  for (const link of links) {
    const href = link.attrGet('href')!
    let target: string
    try {
      target = decodeURIComponent(href.slice(1))
    } catch {
      continue
    }
    if (ids.has(target) || target.length > 200) continue
    const found = lower.get(target.toLowerCase()) ?? lower.get(githubSlug(target))
    if (found) link.attrSet('href', `#${found}`)
  }
}

export type ParsedMarkdown = { tokens: Token[]; html: string; math: string[] }

/**
 * Markdown to (unsanitized) HTML with GitHub Flavored Markdown: tables, task lists,
 * strikethrough, autolinks, fenced code with a `language-*` class, and heading ids.
 * A fresh parser per call, so no state (heading ids) leaks between requests.
 */
export function parseMarkdown(markdown: string, options: RenderOptions = { rawHtml: 'keep' }): ParsedMarkdown {
  const md = createParser(options)
  const env: MathEnv & { baseUrl?: string } = { baseUrl: options.baseUrl }
  const tokens = md.parse(markdown, env)
  const html = md.renderer.render(tokens, md.options, env)
  return { tokens, html, math: env.math ?? [] }
}

export function markdownToHtml(markdown: string, options: RenderOptions = { rawHtml: 'keep' }): string {
  return parseMarkdown(markdown, options).html
}

/** Block tokens only (no inline pass): enough to find headings cheaply. */
export function blockTokens(markdown: string): Token[] {
  const md = createParser({ rawHtml: 'keep' })
  const tokens: Token[] = []
  md.block.parse(markdown, md, {}, tokens)
  return tokens
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text)
const squash = (text: string) => text.replace(/\s+/g, ' ').trim()

/** Plain text of the first heading, H1 first (becomes the page title). */
export function firstH1(tokens: Token[]): string | null {
  let i = tokens.findIndex((t) => t.type === 'heading_open' && t.tag === 'h1')
  if (i < 0) i = tokens.findIndex((t) => t.type === 'heading_open')
  if (i < 0) return null
  return clip(squash(inlineText(tokens[i + 1])), 200) || null
}

/**
 * Plain text for the page description and Open Graph: the first paragraph that has words
 * of its own (a row of badges or images alone does not count), markup removed.
 */
export function excerpt(tokens: Token[], max = 200): string {
  let fallback = ''
  for (let i = 1; i < tokens.length; i++) {
    if (tokens[i].type !== 'inline' || tokens[i - 1].type !== 'paragraph_open') continue
    const text = squash(inlineText(tokens[i]))
    const words = text
      .slice(0, 400)
      .split(' ')
      .filter((w) => /\p{L}\p{L}/u.test(w))
    if (words.length >= 2) return clip(text, max)
    fallback ||= text
  }
  return clip(fallback, max)
}
