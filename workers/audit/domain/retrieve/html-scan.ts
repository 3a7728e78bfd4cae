/**
 * What the audit reads from a page's HTML, in one streaming pass of the runtime's HTMLRewriter
 * (lol-html: a tokenizer that follows the HTML Living Standard §13.2.5, so comments, script and
 * style text, `<textarea>` and the like are never mistaken for tags, and its work is linear in
 * the input). No regular expression touches the page.
 *
 * - `<meta http-equiv>` policies in the head. Browsers apply a CSP or Referrer-Policy delivered
 *   this way (HTML §4.2.5.3 "pragma directives"; CSP3 §3.3: only in the head), and the
 *   Observatory counts them. Tags inside `<template>` (inert, HTML §4.12.3) or `<noscript>` (raw
 *   text when scripting is on, §4.12.2) and tags after `<body>` do not count.
 * - `<script>` elements, for the Subresource Integrity test (their `src`, `integrity`).
 */
export type MetaPolicies = { csp: string[]; referrer: string[] }

export type ScriptTag = { src: string; integrity: boolean }

export type HtmlScan = {
  meta: MetaPolicies
  /** Scripts with a `src`, in document order, at most MAX_SCRIPTS. */
  scripts: ScriptTag[]
  /** Inline scripts (no `src`); they need no SRI. */
  inline_scripts: number
}

// Enough for any real page; a hostile page cannot grow the report past this.
export const MAX_SCRIPTS = 200
const MAX_META = 32
const MAX_ATTRIBUTE = 4096

/** HTML character references in attribute values, the five that policies and URLs use. */
function decodeEntities(s: string): string {
  // Each pattern is a fixed string: one linear pass per replace.
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

const attr = (el: Element, name: string): string | null => {
  const v = el.getAttribute(name)
  return v === null ? null : decodeEntities(v.slice(0, MAX_ATTRIBUTE))
}

/** Scans `html` (already cut to the size limit by the caller). */
export async function scanHtml(html: Uint8Array<ArrayBuffer> | string): Promise<HtmlScan> {
  const scan: HtmlScan = { meta: { csp: [], referrer: [] }, scripts: [], inline_scripts: 0 }
  let inert = 0 // open <template>/<noscript> elements
  let inBody = false
  const inertHandler = {
    element(el: Element) {
      inert++
      // An end tag that never comes (a cut-off page) leaves the rest inert, which is safe.
      el.onEndTag(() => void inert--)
    },
  }
  const rewriter = new HTMLRewriter()
    .on('template', inertHandler)
    .on('noscript', inertHandler)
    .on('body', { element: () => void (inBody = true) })
    .on('meta', {
      element(el) {
        if (inBody || inert > 0) return
        if (scan.meta.csp.length + scan.meta.referrer.length >= MAX_META) return
        const content = attr(el, 'content')
        if (content === null) return
        const equiv = attr(el, 'http-equiv')?.trim().toLowerCase()
        if (equiv === 'content-security-policy') scan.meta.csp.push(content)
        // <meta name="referrer"> is the HTML form (HTML §4.2.5.1); http-equiv is also honoured.
        else if (equiv === 'referrer-policy' || attr(el, 'name')?.trim().toLowerCase() === 'referrer') scan.meta.referrer.push(content)
      },
    })
    .on('script', {
      element(el) {
        if (inert > 0) return
        const src = attr(el, 'src')
        if (src === null) scan.inline_scripts++
        else if (scan.scripts.length < MAX_SCRIPTS)
          scan.scripts.push({ src: src.trim(), integrity: (attr(el, 'integrity') ?? '').trim() !== '' })
      },
    })
  await rewriter.transform(new Response(html)).arrayBuffer()
  return scan
}
