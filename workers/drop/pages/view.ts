import type { DropRecord } from '../schemas'
import type { StoredPage } from '../store'
import { dropDocument, html, sanitizedArticle } from './layout'

import { formatDate } from './dates'

export const noindex = html`<meta name="robots" content="noindex">`

/**
 * The rendered drop. The article HTML was sanitized at publish time. Nothing on it depends on
 * the time of the view, so it is built once and stored (`pageOf`).
 */
export function dropPage(drop: DropRecord, options: { baseUrl: string; justUpgraded: boolean; burnt?: boolean }): string {
  const url = `${options.baseUrl}/v/${drop.slug}`
  const expiry = options.burnt
    ? html`<span>Deleted: this was its only reading.</span>`
    : drop.expires_at
      ? html`<span>Expires ${formatDate(drop.expires_at)}.</span>
<a href="/v/${drop.slug}/upgrade">Keep it forever</a>`
      : html`<span>Permanent link.</span>`
  const head = html`<meta name="description" content="${drop.description}">
<meta property="og:type" content="article">
<meta property="og:title" content="${drop.title}">
<meta property="og:description" content="${drop.description}">
<meta property="og:url" content="${url}">
<meta name="twitter:card" content="summary">
${noindex}
<link rel="alternate" type="text/markdown" href="/v/${drop.slug}/raw">`
  const body = html`<main>
${options.justUpgraded && !drop.expires_at ? html`<p class="notice" role="status">Thank you: this drop is now permanent.</p>` : ''}${options.burnt ? html`<p class="notice" role="status">This drop has been deleted. Copy what you need now: reloading will not bring it back.</p>` : ''}${sanitizedArticle(drop.html)}
<footer>
<span>Published ${formatDate(drop.created_at)}.</span>
${drop.edited_at && !drop.burn ? html`<span>Edited ${formatDate(drop.edited_at)}: <a href="/v/${drop.slug}/history">history</a>.</span>` : ''}
${expiry}
${
  options.burnt
    ? ''
    : html`<a href="/v/${drop.slug}/raw">Markdown source</a>
<a href="/v/${drop.slug}/raw?download=1" download="${drop.slug}.md">Download .md</a>
<a href="${url}">Link to this page</a>`
}
</footer>
</main>`
  return dropDocument({ title: drop.title, head, body })
}

/** The page stored with each drop for views; a burn-after-reading drop has none (it shows a confirmation first). */
export const pageOf =
  (baseUrl: string) =>
  (drop: DropRecord): StoredPage =>
    drop.burn ? null : dropPage(drop, { baseUrl, justUpgraded: false })

/** An earlier version of a drop, as it was rendered when it was current (built at each view: rare). */
export function revisionPage(drop: DropRecord, revision: { n: number; title: string; html: string; replaced_at: string }): string {
  const head = html`${noindex}`
  const body = html`<main>
<p class="notice" role="status">Version ${revision.n} of this drop, replaced ${formatDate(revision.replaced_at)}. <a href="/v/${drop.slug}">See the current version</a>.</p>
${sanitizedArticle(revision.html)}
<footer>
<a href="/v/${drop.slug}">Current version</a>
<a href="/v/${drop.slug}/history">History</a>
<a href="/v/${drop.slug}/revisions/${revision.n}/diff">What the next edit changed</a>
</footer>
</main>`
  return dropDocument({ title: `${revision.title} (version ${revision.n})`, head, body })
}

export type MissingStatus = 404 | 410 | 451 | 503

const STATUS_TEXT: Record<MissingStatus, readonly [string, string]> = {
  404: [
    'No drop here',
    'There is no drop at this address (or its author deleted it). Check the link for typos: drop links are case-sensitive.',
  ],
  410: ['This drop has expired', 'This drop has reached the end of its life. Ask its author to publish it again.'],
  451: ['Unavailable for legal reasons', 'The operator of this service removed this drop.'],
  503: ['Almost there', 'This drop was published moments ago and has not reached this location yet. Try again in a minute.'],
}

export function statusPage(status: MissingStatus, baseUrl: string, removedReason?: string): string {
  const [heading, text] =
    removedReason !== undefined && status === 410
      ? ['This drop was removed', 'The operator of this service removed this drop.']
      : STATUS_TEXT[status]
  return dropDocument({
    title: heading,
    head: noindex,
    body: html`<main class="status">
<h1>${status}</h1>
<h2>${heading}</h2>
<p>${text}</p>
${removedReason ? html`<p>Reason: ${removedReason}</p>` : ''}
<p><a href="${baseUrl}/">Publish your own Markdown</a></p>
</main>`,
  })
}

/** The confirmation a burn-after-reading link shows first, so a link preview does not burn it. */
export function burnPage(drop: DropRecord): string {
  return dropDocument({
    title: 'Read and delete?',
    head: noindex,
    body: html`<main class="status">
<h1>Read once</h1>
<p>This drop is deleted as soon as it is opened: you can read it once, and nobody can open it after you.</p>
<form method="post" action="/v/${drop.slug}">
<button class="button" type="submit">Read and delete it</button>
</form>
</main>`,
  })
}

export function upgradePage(drop: DropRecord, priceCents: number): string {
  return dropDocument({
    title: `Keep “${drop.title}” forever`,
    head: noindex,
    body: html`<main>
<h1>Keep this drop forever</h1>
<p>“${drop.title}” expires ${drop.expires_at ? formatDate(drop.expires_at) : 'never'}.
A one-time payment of $${(priceCents / 100).toFixed(2)} makes the link permanent; the content stays exactly as it is.</p>
<form method="post" action="/v/${drop.slug}/upgrade">
<button class="button" type="submit">Continue to checkout</button>
</form>
<p><a href="/v/${drop.slug}">Back to the drop</a></p>
</main>`,
  })
}

export function devCheckoutPage(slug: string, source: string, priceCents: number): string {
  return dropDocument({
    title: 'Test checkout',
    head: noindex,
    body: html`<main>
<p class="notice"><strong>Local test checkout.</strong> No payment is taken; this page exists only when
<code>DEV_CHECKOUT=true</code> and no Stripe key is configured.</p>
<h1>Make drop ${slug} permanent</h1>
<p>Amount: $${(priceCents / 100).toFixed(2)} (test).</p>
<form method="post" action="/dev/checkout/${slug}">
<input type="hidden" name="source" value="${source}">
<button class="button" type="submit">Pay (test)</button>
</form>
</main>`,
  })
}
