import { BASE_CSS, htmlDocument, markup, type Markup } from '../../../shared/html'
import type { Account, KeyListing } from '../store'

/**
 * Dashboard pages: plain HTML forms, no script, strict CSP (shared/html.ts). Every page is
 * built with `markup`, which escapes each interpolated value; nothing here is raw HTML.
 */
export const DASHBOARD_CSS = `${BASE_CSS}
form.inline{display:inline}label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input[type=password],input[type=text]{width:100%;max-width:28rem;padding:.5rem;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg);font:inherit}
button{padding:.45rem .9rem;border-radius:6px;border:1px solid var(--line);background:var(--code);color:var(--fg);font:inherit;cursor:pointer}
button.primary{background:var(--accent);border-color:var(--accent);color:#fff}
.notice{border:1px solid var(--line);border-left:4px solid var(--accent);padding:.75rem 1rem;border-radius:6px;margin:1rem 0}
.error{border-left-color:#cf222e}.key{font:1rem/1.4 ui-monospace,monospace;word-break:break-all;padding:.75rem;background:var(--code);border-radius:6px}
td.actions{white-space:nowrap}a.button{display:inline-block;padding:.45rem .9rem;border-radius:6px;border:1px solid var(--line);background:var(--code);color:var(--fg);text-decoration:none}
button.danger{background:#cf222e;border-color:#cf222e;color:#fff}
@media (max-width:40rem){table.keys,table.keys tbody,table.keys tr,table.keys td{display:block;width:100%}
table.keys thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
table.keys tr{border:1px solid var(--line);border-radius:6px;margin:0 0 .75rem;padding:.25rem 0}
table.keys td{border:0;padding:.2rem .75rem}table.keys td::before{content:attr(data-label) ": ";font-weight:600}
table.keys td.actions::before{content:none}}`

const page = (title: string, body: Markup) =>
  htmlDocument({ title: `${title} · Goal decomposition`, css: DASHBOARD_CSS, body: markup`<main>${body}</main>` })

const footer = markup`<footer>API reference: <a href="/docs">/docs</a> · <a href="/openapi.json">/openapi.json</a></footer>`

export function signInPage(csrf: string, error?: string): string {
  return page(
    'Sign in',
    markup`<h1>Goal decomposition dashboard</h1>
${error ? markup`<p class="notice error" role="alert">${error}</p>` : ''}
<p>Sign in with the account token your operator gave you (it starts with <code>dcmp_acct_</code>).</p>
<form method="post" action="/dashboard/sign-in">${csrfField(csrf)}
<label for="token">Account token</label>
<input id="token" name="token" type="password" autocomplete="off" required minlength="10" maxlength="200">
<p><button class="primary" type="submit">Sign in</button></p>
</form>${footer}`
  )
}

function when(iso: string | null): Markup | string {
  return iso ? markup`<time datetime="${iso}">${iso.replace('T', ' ').slice(0, 16)} UTC</time>` : 'never'
}

function csrfField(csrf: string): Markup {
  return markup`<input type="hidden" name="csrf" value="${csrf}">`
}

const revokeHref = (id: string) => `/dashboard/keys/${encodeURIComponent(id)}/revoke`

export function accountPage(account: Account, keys: KeyListing[], csrf: string, flash?: string): string {
  const rows = keys.map(
    (
      k
    ) => markup`<tr><td data-label="Name">${k.name ? k.name : markup`<span class="muted">(no name)</span>`}</td><td data-label="Key"><code>${k.key_prefix}…</code></td><td data-label="Created">${when(k.created_at)}</td><td data-label="Last used">${when(k.last_used_at)}</td>
<td data-label="Status">${k.revoked_at ? markup`revoked ${when(k.revoked_at)}` : 'active'}</td>
<td class="actions">${k.revoked_at ? '' : markup`<a class="button" href="${revokeHref(k.id)}">Revoke…</a>`}</td></tr>
`
  )
  const create =
    account.plan === 'paid'
      ? markup`<form method="post" action="/dashboard/keys">${csrfField(csrf)}
<label for="name">Name of the new key</label>
<input id="name" name="name" type="text" maxlength="60" placeholder="e.g. production app" autocomplete="off">
<p><button class="primary" type="submit">Create a new API key</button></p></form>`
      : markup`<p class="notice">API keys need the <strong>paid plan</strong>. Your account is on the free plan; ask your operator to upgrade it, then create keys here.</p>`
  return page(
    'Your API keys',
    markup`<h1>Your API keys</h1>
<p>Signed in as <strong>${account.email}</strong> · plan: <strong>${account.plan}</strong></p>
${flash ? markup`<p class="notice" role="status">${flash}</p>` : ''}
${create}
<h2>Keys</h2>
${
  keys.length
    ? markup`<table class="keys"><thead><tr><th>Name</th><th>Key</th><th>Created</th><th>Last used</th><th>Status</th><th>Action</th></tr></thead><tbody>
${rows}</tbody></table>`
    : markup`<p class="muted">No keys yet.</p>`
}
<p>Use a key as <code>Authorization: Bearer dcmp_…</code> on <code>POST /api/v1/decompose</code>; each key may make 10 requests a minute.</p>
<form method="post" action="/dashboard/sign-out">${csrfField(csrf)}<button type="submit">Sign out</button></form>${footer}`
  )
}

/** Revoking cannot be undone, so the list links here and only this page's form revokes. */
export function confirmRevokePage(key: KeyListing, csrf: string): string {
  const label = key.name ? markup`“${key.name}” (<code>${key.key_prefix}…</code>)` : markup`<code>${key.key_prefix}…</code>`
  return page(
    'Revoke this key?',
    markup`<h1>Revoke this key?</h1>
<p class="notice error">Revoke ${label}? Every request that uses it will get <strong>401</strong> at once. This cannot be undone.</p>
<form method="post" action="${revokeHref(key.id)}">${csrfField(csrf)}
<p><button class="danger" type="submit">Yes, revoke it</button> <a class="button" href="/dashboard">Cancel</a></p></form>${footer}`
  )
}

export function keyCreatedPage(rawKey: string, csrf: string, baseUrl: string, name: string | null = null): string {
  return page(
    'New API key',
    markup`<h1>Your new API key${name ? markup` “${name}”` : ''}</h1>
<p class="notice">Copy it now: this is the only time it is shown. We keep only a hash, so it cannot be shown again.</p>
<p class="key" aria-label="API key">${rawKey}</p>
<p>Try it:</p>
<pre><code>curl -X POST ${baseUrl}/api/v1/decompose \\
  -H "Authorization: Bearer ${rawKey}" \\
  -H "Content-Type: application/json" \\
  -d '{"goal":"Run my first 5K","context":"beginner, 30 minutes a day"}'</code></pre>
<p><a href="/dashboard">Back to your keys</a></p>
<form method="post" action="/dashboard/sign-out">${csrfField(csrf)}<button type="submit">Sign out</button></form>${footer}`
  )
}

export function messagePage(
  title: string,
  message: string,
  link: { href: string; text: string } = { href: '/dashboard', text: 'Back to the dashboard' }
): string {
  return page(title, markup`<h1>${title}</h1><p class="notice error">${message}</p><p><a href="${link.href}">${link.text}</a></p>${footer}`)
}
