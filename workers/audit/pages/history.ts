import { gradeTone } from './grade-tone'
import { htmlDocument, markup, type Markup } from '../../../shared/html'
import type { GradePoint } from '../monitor-store'
import { SCORING_VERSION } from '../domain/scoring'
import { AUDIT_CSS } from './style'

export const HISTORY_CSS = `${AUDIT_CSS}
svg.chart{width:100%;height:auto;max-width:44rem;color:var(--fg)}svg.chart .axis{stroke:var(--line)}svg.chart .line{stroke:var(--accent);fill:none}
svg.chart .dot{fill:var(--accent)}svg.chart text{fill:var(--muted);font:12px system-ui,sans-serif}
figure{margin:1rem 0}figcaption{color:var(--muted);font-size:.9rem}`

const W = 640
const H = 240
const PAD = { left: 36, right: 12, top: 12, bottom: 28 }

/**
 * The score over time as an inline SVG: server-rendered, no script, no style attribute (the
 * page's CSP allows only its hashed stylesheet), every text escaped. Points are placed by
 * time, so gaps in monitoring show as gaps in spacing.
 */
export function scoreChart(points: GradePoint[]): Markup {
  const times = points.map((p) => Date.parse(p.checked_at))
  const t0 = Math.min(...times)
  const t1 = Math.max(...times)
  const span = Math.max(1, t1 - t0)
  const x = (t: number) =>
    points.length === 1 ? PAD.left + (W - PAD.left - PAD.right) / 2 : PAD.left + ((t - t0) / span) * (W - PAD.left - PAD.right)
  const y = (score: number) => PAD.top + (1 - Math.max(0, Math.min(100, score)) / 100) * (H - PAD.top - PAD.bottom)
  const coords = points.map((p, i) => `${x(times[i]).toFixed(1)},${y(p.score).toFixed(1)}`).join(' ')
  const grid = [0, 50, 100].map(
    (s) =>
      markup`<line class="axis" x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(s)}" y2="${y(s)}"/><text x="4" y="${y(s) + 4}">${s}</text>`
  )
  const dots =
    points.length <= 200
      ? points.map(
          (p, i) =>
            markup`<circle class="dot" cx="${x(times[i]).toFixed(1)}" cy="${y(p.score).toFixed(1)}" r="3"><title>${p.checked_at.slice(0, 16).replace('T', ' ')} UTC: ${p.score} (${p.grade})</title></circle>`
        )
      : []
  const label = `Score from ${points[0].score} (${points[0].grade}) on ${points[0].checked_at.slice(0, 10)} to ${points.at(-1)!.score} (${points.at(-1)!.grade}) on ${points.at(-1)!.checked_at.slice(0, 10)}`
  return markup`<svg class="chart" viewBox="0 0 ${W} ${H}" role="img" aria-label="${label}" xmlns="http://www.w3.org/2000/svg">
${grid}
<polyline class="line" stroke-width="2" points="${coords}"/>
${dots}
<text x="${PAD.left}" y="${H - 8}">${points[0].checked_at.slice(0, 10)}</text>
<text x="${W - PAD.right}" y="${H - 8}" text-anchor="end">${points.at(-1)!.checked_at.slice(0, 10)}</text>
</svg>`
}

function page(title: string, body: Markup): string {
  return htmlDocument({
    title,
    css: HISTORY_CSS,
    body: markup`<main>${body}
<footer>Graded with scoring rules v${SCORING_VERSION}, after Mozilla's HTTP Observatory: <a href="/scoring">how the score works</a> · <a href="/docs">API</a></footer>
</main>`,
  })
}

export function renderHistoryPage(domain: string, points: GradePoint[], days: number): string {
  if (points.length === 0) {
    return page(
      `${domain}: no history — HTTPS audit`,
      markup`<h1>Score history of <code>${domain}</code></h1>
<p>No history is kept for this domain: it is recorded only while a Pro monitor watches it (<code>POST /api/v1/monitors</code>, see <a href="/docs">the API</a>).</p>
<p><a href="/check/${domain}">Check ${domain} now</a></p>`
    )
  }
  const latest = points.slice(-20).reverse()
  return page(
    `${domain}: score history — HTTPS audit`,
    markup`<h1>Score history of <code>${domain}</code></h1>
<p>Scores of the monitored checks of the last ${days} days (${points.length} checks). <a href="/check/${domain}">Latest report</a></p>
<figure>${scoreChart(points)}<figcaption>Score (0–100) by check time, UTC.</figcaption></figure>
<h2>Latest checks</h2>
<table><thead><tr><th scope="col">Checked (UTC)</th><th scope="col">Score</th><th scope="col">Grade</th><th scope="col">TLS grade</th></tr></thead>
<tbody>${latest.map((p) => markup`<tr><td><time datetime="${p.checked_at}">${p.checked_at.slice(0, 16).replace('T', ' ')}</time></td><td>${p.score}</td><td>${p.grade}</td><td>${p.ssl_grade ?? '—'}</td></tr>`)}</tbody></table>`
  )
}

const COLORS: Record<string, string> = { good: '#1a7f37', mid: '#9a6700', bad: '#cf222e', none: '#6e7781' }
const colorOf = (grade: string | null) => COLORS[grade === null ? 'none' : gradeTone(grade)]

/** A flat badge "HTTPS audit | A+": fixed text widths from the character count (no font metrics in a Worker). */
export function badgeSvg(grade: string | null): string {
  const left = 'HTTPS audit'
  const right = grade ?? 'not checked'
  const lw = 8 + left.length * 7
  const rw = 10 + right.length * 7.5
  return markup`<svg xmlns="http://www.w3.org/2000/svg" width="${lw + rw}" height="20" role="img" aria-label="${left}: ${right}"><title>${left}: ${right}</title>
<rect width="${lw}" height="20" fill="#555"/><rect x="${lw}" width="${rw}" height="20" fill="${colorOf(grade)}"/>
<g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle"><text x="${lw / 2}" y="14">${left}</text><text x="${lw + rw / 2}" y="14">${right}</text></g>
</svg>`.toString()
}

/** The badge and the snippet to embed it, for the report view. */
export function badgeSnippet(viewUrl: string, domain: string): Markup {
  const badgeUrl = `${viewUrl.replace(/\/check\/[^/]*$/, '')}/badge/${domain}.svg`
  const snippet = `<a href="${viewUrl}"><img src="${badgeUrl}" alt="HTTPS audit grade of ${domain}"></a>`
  return markup`<h2 id="badge">Badge</h2>
<p><img src="/badge/${domain}.svg" alt="HTTPS audit grade of ${domain}"> The latest grade, for a README or a status page (no cookies, no tracking):</p>
<pre><code>${snippet}</code></pre>
<p><a href="/check/${domain}/history">Score history</a> (kept while a Pro monitor watches this domain).</p>`
}
