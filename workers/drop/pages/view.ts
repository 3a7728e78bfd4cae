import { escapeHtml, htmlDocument } from '../../../shared/html'
import type { DropRecord } from '../schemas'
import { DROP_CSS } from './style'

function formatDate(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC'
}

function daysLeft(iso: string, now: Date): string {
  const days = Math.max(0, Math.ceil((Date.parse(iso) - now.getTime()) / 86_400_000))
  return days === 1 ? '1 day' : `${days} days`
}

/** The rendered drop. The article HTML was sanitized at publish time. */
export function dropPage(drop: DropRecord, options: { baseUrl: string; now: Date; justUpgraded: boolean }): string {
  const url = `${options.baseUrl}/v/${drop.slug}`
  const expiry = drop.expires_at
    ? `<span>Expires ${escapeHtml(formatDate(drop.expires_at))} (in ${daysLeft(drop.expires_at, options.now)}).</span>
<a href="/v/${drop.slug}/upgrade">Keep it forever</a>`
    : '<span>Permanent link.</span>'
  const notice = options.justUpgraded && !drop.expires_at ? '<p class="notice" role="status">Thank you: this drop is now permanent.</p>' : ''
  const head = `<meta name="description" content="${escapeHtml(drop.description)}">
<meta property="og:type" content="article">
<meta property="og:title" content="${escapeHtml(drop.title)}">
<meta property="og:description" content="${escapeHtml(drop.description)}">
<meta property="og:url" content="${escapeHtml(url)}">
<meta name="twitter:card" content="summary">
<meta name="robots" content="noindex">
<link rel="alternate" type="text/markdown" href="/v/${drop.slug}/raw">
`
  return htmlDocument({
    title: drop.title,
    css: DROP_CSS,
    head,
    body: `<main>
${notice}<article>
${drop.html}
</article>
<footer>
<span>Published ${escapeHtml(formatDate(drop.created_at))}.</span>
${expiry}
<a href="/v/${drop.slug}/raw">Markdown source</a>
</footer>
</main>`,
  })
}

export function statusPage(status: 404 | 410, baseUrl: string): string {
  const [heading, text] =
    status === 410
      ? ['This drop has expired', 'Free drops last 7 days, and this one has reached its end. Ask its author to publish it again.']
      : ['No drop here', 'There is no drop at this address. Check the link for typos: drop links are case-sensitive.']
  return htmlDocument({
    title: heading,
    css: DROP_CSS,
    head: '<meta name="robots" content="noindex">\n',
    body: `<main class="status">
<h1>${status}</h1>
<h2>${heading}</h2>
<p>${text}</p>
<p><a href="${escapeHtml(baseUrl)}/docs">Publish your own Markdown</a></p>
</main>`,
  })
}

export function upgradePage(drop: DropRecord, priceCents: number): string {
  return htmlDocument({
    title: `Keep “${drop.title}” forever`,
    css: DROP_CSS,
    head: '<meta name="robots" content="noindex">\n',
    body: `<main>
<h1>Keep this drop forever</h1>
<p>“${escapeHtml(drop.title)}” expires ${drop.expires_at ? escapeHtml(formatDate(drop.expires_at)) : 'never'}.
A one-time payment of $${(priceCents / 100).toFixed(2)} makes the link permanent; the content stays exactly as it is.</p>
<form method="post" action="/v/${drop.slug}/upgrade">
<button class="button" type="submit">Continue to checkout</button>
</form>
<p><a href="/v/${drop.slug}">Back to the drop</a></p>
</main>`,
  })
}

export function devCheckoutPage(slug: string, source: string, priceCents: number): string {
  return htmlDocument({
    title: 'Test checkout',
    css: DROP_CSS,
    head: '<meta name="robots" content="noindex">\n',
    body: `<main>
<p class="notice"><strong>Local test checkout.</strong> No payment is taken; this page exists only when
<code>DEV_CHECKOUT=true</code> and no Stripe key is configured.</p>
<h1>Make drop ${escapeHtml(slug)} permanent</h1>
<p>Amount: $${(priceCents / 100).toFixed(2)} (test).</p>
<form method="post" action="/dev/checkout/${escapeHtml(slug)}">
<input type="hidden" name="source" value="${escapeHtml(source)}">
<button class="button" type="submit">Pay (test)</button>
</form>
</main>`,
  })
}
