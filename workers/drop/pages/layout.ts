import { htmlDocument, markup, trustedMarkup, type Markup } from '../../../shared/html'
import { DROP_CSS } from './style'

/**
 * The one place raw HTML enters a drop page: the article body, which the allowlist sanitizer
 * (render/sanitize.ts) produced at publish time. Everything else is built with `markup`,
 * which escapes every interpolated value.
 */
export function sanitizedArticle(sanitizedHtml: string): Markup {
  return markup`<article>
${trustedMarkup(sanitizedHtml)}
</article>`
}

/**
 * A whole drop page: the shared document shell, the drop stylesheet (or `css`, for pages that
 * add to it), escaped head and body.
 */
export function dropDocument(options: { title: string; head?: Markup; body: Markup; css?: string }): string {
  return htmlDocument({
    title: options.title,
    css: options.css ?? DROP_CSS,
    head: options.head,
    body: options.body,
  })
}

export { markup as html, type Markup }
