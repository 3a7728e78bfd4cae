import type { DropRecord } from '../schemas'
import { installLine } from '../cli/fill'
import { dropDocument, html } from './layout'

const noindex = html`<meta name="robots" content="noindex">`

/** The paste form: a plain multipart POST, no JavaScript. */
export function pastePage(options: { baseUrl: string; error?: string; markdown?: string; title?: string }): string {
  return dropDocument({
    title: 'Publish Markdown',
    head: html`<meta name="description" content="Paste or upload Markdown and get a clean, shareable page.">`,
    body: html`<main>
<h1>Publish Markdown</h1>
<p>Paste Markdown or choose a file (.md, .markdown, .txt, up to 512 KiB). You get a link to a clean page, and an edit token to change or delete it later.</p>
${options.error ? html`<p class="notice" role="alert"><strong>Not published:</strong> ${options.error}</p>` : ''}
<form class="paste" method="post" action="/" enctype="multipart/form-data">
<p><label for="title">Title (optional)</label><br><input id="title" name="title" maxlength="200" value="${options.title ?? ''}"></p>
<p><label for="markdown">Markdown</label><br><textarea id="markdown" name="markdown" rows="16" placeholder="# Hello">${options.markdown ?? ''}</textarea></p>
<p><label for="file">…or a file</label><br><input id="file" name="file" type="file" accept=".md,.markdown,.txt,text/markdown,text/plain"></p>
<p><label for="expires_in">Expires after</label>
<select id="expires_in" name="expires_in"><option value="1h">1 hour</option><option value="1d">1 day</option><option value="7d" selected>7 days</option><option value="never">never (Pro key)</option></select></p>
<p><label><input type="checkbox" name="burn_after_reading" value="true"> Burn after reading: delete it after the first view</label></p>
<p><label for="pro_key">Pro key (optional)</label><br><input id="pro_key" name="pro_key" type="password" autocomplete="off" spellcheck="false" placeholder="drop_pro_…">
<span class="muted">Publishes to your Pro account: kept forever if you choose never, listed with your drops.</span></p>
<p><button class="button" type="submit">Publish</button></p>
</form>
<footer><a href="/docs">API reference</a><span>Command line (Node 20+): <a href="/cli">drop.mjs</a>, installed with <code>${installLine(options.baseUrl)}</code></span></footer>
</main>`,
  })
}

/** After a publish from the form: the link and the edit token, shown once. */
export function publishedPage(drop: DropRecord, url: string, editToken: string): string {
  return dropDocument({
    title: 'Published',
    head: noindex,
    body: html`<main>
<h1>Published</h1>
<p>Your drop: <a href="${url}">${url}</a></p>
<p>${drop.expires_at ? `It expires ${new Date(drop.expires_at).toUTCString()}.` : 'It does not expire.'}${drop.burn ? ' It will be deleted after its first reading.' : ''}</p>
<p>Edit token (shown only now; keep it to change or delete this drop):</p>
<pre><code>${editToken}</code></pre>
<p class="muted">Delete: <code>curl -X DELETE -H "Authorization: Bearer ${editToken}" ${url.replace('/v/', '/api/drop/')}</code></p>
<p><a href="/">Publish another</a></p>
</main>`,
  })
}
