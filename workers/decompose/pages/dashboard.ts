import { BASE_CSS, escapeHtml, htmlDocument } from '../../../shared/html'
import type { Account, KeyListing } from '../store'

/** Dashboard pages: plain HTML forms, no script, strict CSP (shared/html.ts). */
export const DASHBOARD_CSS = `${BASE_CSS}
form.inline{display:inline}label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input[type=password],input[type=text]{width:100%;max-width:28rem;padding:.5rem;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg);font:inherit}
button{padding:.45rem .9rem;border-radius:6px;border:1px solid var(--line);background:var(--code);color:var(--fg);font:inherit;cursor:pointer}
button.primary{background:var(--accent);border-color:var(--accent);color:#fff}
.notice{border:1px solid var(--line);border-left:4px solid var(--accent);padding:.75rem 1rem;border-radius:6px;margin:1rem 0}
.error{border-left-color:#cf222e}.key{font:1rem/1.4 ui-monospace,monospace;word-break:break-all;padding:.75rem;background:var(--code);border-radius:6px}
td.actions{white-space:nowrap}`

const page = (title: string, body: string) =>
  htmlDocument({ title: `${title} · Goal decomposition`, css: DASHBOARD_CSS, body: `<main>${body}</main>` })

const footer = '<footer>API reference: <a href="/docs">/docs</a> · <a href="/openapi.json">/openapi.json</a></footer>'

export function signInPage(error?: string): string {
  return page(
    'Sign in',
    `<h1>Goal decomposition dashboard</h1>
${error ? `<p class="notice error" role="alert">${escapeHtml(error)}</p>` : ''}
<p>Sign in with the account token your operator gave you (it starts with <code>dcmp_acct_</code>).</p>
<form method="post" action="/dashboard/sign-in">
<label for="token">Account token</label>
<input id="token" name="token" type="password" autocomplete="off" required minlength="10" maxlength="200">
<p><button class="primary" type="submit">Sign in</button></p>
</form>${footer}`
  )
}

function when(iso: string | null): string {
  return iso ? `<time datetime="${escapeHtml(iso)}">${escapeHtml(iso.replace('T', ' ').slice(0, 16))} UTC</time>` : 'never'
}

function csrfField(csrf: string): string {
  return `<input type="hidden" name="csrf" value="${escapeHtml(csrf)}">`
}

export function accountPage(account: Account, keys: KeyListing[], csrf: string, flash?: string): string {
  const rows = keys
    .map(
      (k) => `<tr><td><code>${escapeHtml(k.key_prefix)}…</code></td><td>${when(k.created_at)}</td><td>${when(k.last_used_at)}</td>
<td>${k.revoked_at ? `revoked ${when(k.revoked_at)}` : 'active'}</td>
<td class="actions">${
        k.revoked_at
          ? ''
          : `<form class="inline" method="post" action="/dashboard/keys/${escapeHtml(k.id)}/revoke">${csrfField(csrf)}<button type="submit">Revoke</button></form>`
      }</td></tr>`
    )
    .join('\n')
  const create =
    account.plan === 'paid'
      ? `<form method="post" action="/dashboard/keys">${csrfField(csrf)}<button class="primary" type="submit">Create a new API key</button></form>`
      : `<p class="notice">API keys need the <strong>paid plan</strong>. Your account is on the free plan; ask your operator to upgrade it, then create keys here.</p>`
  return page(
    'Your API keys',
    `<h1>Your API keys</h1>
<p>Signed in as <strong>${escapeHtml(account.email)}</strong> · plan: <strong>${escapeHtml(account.plan)}</strong></p>
${flash ? `<p class="notice" role="status">${escapeHtml(flash)}</p>` : ''}
${create}
<h2>Keys</h2>
${
  keys.length
    ? `<table><thead><tr><th>Key</th><th>Created</th><th>Last used</th><th>Status</th><th></th></tr></thead><tbody>
${rows}</tbody></table>`
    : '<p class="muted">No keys yet.</p>'
}
<p>Use a key as <code>Authorization: Bearer dcmp_…</code> on <code>POST /api/v1/decompose</code>; each key may make 10 requests a minute.</p>
<form method="post" action="/dashboard/sign-out">${csrfField(csrf)}<button type="submit">Sign out</button></form>${footer}`
  )
}

export function keyCreatedPage(rawKey: string, csrf: string, baseUrl: string): string {
  return page(
    'New API key',
    `<h1>Your new API key</h1>
<p class="notice">Copy it now: this is the only time it is shown. We keep only a hash, so it cannot be shown again.</p>
<p class="key" aria-label="API key">${escapeHtml(rawKey)}</p>
<p>Try it:</p>
<pre><code>curl -X POST ${escapeHtml(baseUrl)}/api/v1/decompose \\
  -H "Authorization: Bearer ${escapeHtml(rawKey)}" \\
  -H "Content-Type: application/json" \\
  -d '{"goal":"Run my first 5K","context":"beginner, 30 minutes a day"}'</code></pre>
<p><a href="/dashboard">Back to your keys</a></p>
<form method="post" action="/dashboard/sign-out">${csrfField(csrf)}<button type="submit">Sign out</button></form>${footer}`
  )
}

export function messagePage(title: string, message: string, link: { href: string; text: string } = { href: '/dashboard', text: 'Back to the dashboard' }): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p class="notice error">${escapeHtml(message)}</p><p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>${footer}`)
}
