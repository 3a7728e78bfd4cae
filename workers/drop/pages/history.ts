import type { Comparison } from '../domain/diff/compare'
import type { Hunk } from '../domain/diff/hunks'
import type { ListedRevision, Revision } from '../revisions'
import type { DropRecord } from '../schemas'
import { formatDate } from './dates'
import { dropDocument, html, type Markup } from './layout'
import { DROP_CSS } from './style'
import { noindex } from './view'

// The history and diff pages are built at each view (rare), never stored, so they may add to
// the drop stylesheet: stored pages keep the exact DROP_CSS whose hash their CSP allows.
export const HISTORY_CSS = `${DROP_CSS}
.history{padding-left:1.25rem}.history li{margin-bottom:.5rem}
.diff{display:table;width:100%;border-collapse:collapse;font:.85rem/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;margin-bottom:1.5rem}
.diff td{border:0;padding:0 .5rem;vertical-align:top}.diff tr:nth-child(2n) td{background:none}
.diff .ln{color:var(--muted);text-align:right;user-select:none;width:1%;white-space:nowrap}
.diff .text{white-space:pre-wrap;word-break:break-word}.diff del,.diff ins{text-decoration:none;display:block}
.diff .removed td{background:#ffebe9}.diff .added td{background:#dafbe1}.diff .gap td{color:var(--muted);background:var(--soft)}
@media (prefers-color-scheme:dark){.diff .removed td{background:#67060c80}.diff .added td{background:#0f532380}}`

const plural = (n: number, one: string) => `${n.toLocaleString('en')} ${one}${n === 1 ? '' : 's'}`

/** The versions an edit replaced, newest first, each with its page and what the next edit changed. */
export function historyPage(drop: DropRecord, revisions: ListedRevision[]): string {
  const items = revisions.map(
    (
      r
    ) => html`<li><a href="/v/${drop.slug}/revisions/${r.n}">Version ${r.n}</a>: “${r.title}”, ${plural(r.bytes, 'byte')}, replaced ${formatDate(r.replaced_at)}.
<a href="/v/${drop.slug}/revisions/${r.n}/diff">What changed</a></li>`
  )
  const body = html`<main>
<h1>History of “${drop.title}”</h1>
<p>Every edit keeps the version it replaced. <a href="/v/${drop.slug}">The current version</a>${drop.edited_at ? html` was last edited ${formatDate(drop.edited_at)}` : ''}.</p>
${
  revisions.length === 0
    ? html`<p>No earlier version is kept.</p>`
    : html`<ol class="history" reversed>
${items}
</ol>`
}
<footer>
<a href="/v/${drop.slug}">Current version</a>
</footer>
</main>`
  return dropDocument({ title: `History of ${drop.title}`, head: noindex, body, css: HISTORY_CSS })
}

function hunkRows(hunk: Hunk): Markup[] {
  let oldLine = hunk.oldStart
  let newLine = hunk.newStart
  const rows = hunk.rows.map((row) => {
    if (row.op === '-')
      return html`<tr class="removed"><td class="ln">${oldLine++}</td><td class="ln"></td><td class="text"><del>- ${row.text}</del></td></tr>`
    if (row.op === '+')
      return html`<tr class="added"><td class="ln"></td><td class="ln">${newLine++}</td><td class="text"><ins>+ ${row.text}</ins></td></tr>`
    return html`<tr><td class="ln">${oldLine++}</td><td class="ln">${newLine++}</td><td class="text">  ${row.text}</td></tr>`
  })
  return [
    html`<tr class="gap"><td class="ln">…</td><td class="ln">…</td><td class="text">@@ line ${hunk.oldStart} → line ${hunk.newStart}</td></tr>`,
    ...rows,
  ]
}

function comparisonMarkup(comparison: Comparison): Markup {
  if (comparison.kind === 'too-different') {
    return html`<p class="notice" role="status">These two versions are too different to show line by line (${plural(comparison.oldLines, 'line')} before, ${plural(comparison.newLines, 'line')} after). Open each version to compare them.</p>`
  }
  if (comparison.hunks.length === 0) return html`<p class="notice" role="status">The Markdown did not change (only the title may have).</p>`
  const summary = html`<p>${plural(comparison.removed, 'line')} removed, ${plural(comparison.added, 'line')} added.</p>`
  const leftOut =
    comparison.rowsLeftOut > 0
      ? html`<p class="notice" role="status">${plural(comparison.rowsLeftOut, 'more line')} of this diff are not shown. Open each version to see them whole.</p>`
      : ''
  return html`${summary}
<table class="diff">
${comparison.hunks.map(hunkRows)}
</table>
${leftOut}`
}

export type DiffTarget = { n: number | null; title: string }

/** What the edit after version `from.n` changed in the Markdown (to the next version, or the current one). */
export function diffPage(
  drop: DropRecord,
  from: Pick<Revision, 'n' | 'title' | 'replaced_at'>,
  to: DiffTarget,
  comparison: Comparison
): string {
  const toLink =
    to.n === null
      ? html`<a href="/v/${drop.slug}">the current version</a>`
      : html`<a href="/v/${drop.slug}/revisions/${to.n}">version ${to.n}</a>`
  const body = html`<main>
<h1>Changes to “${drop.title}”</h1>
<p>From <a href="/v/${drop.slug}/revisions/${from.n}">version ${from.n}</a> (“${from.title}”) to ${toLink} (“${to.title}”), edited ${formatDate(from.replaced_at)}. The Markdown source, line by line.</p>
${comparisonMarkup(comparison)}
<footer>
<a href="/v/${drop.slug}/history">History</a>
<a href="/v/${drop.slug}">Current version</a>
</footer>
</main>`
  return dropDocument({ title: `Changes after version ${from.n} of ${drop.title}`, head: noindex, body, css: HISTORY_CSS })
}
