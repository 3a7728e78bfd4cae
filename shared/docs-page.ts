import { BASE_CSS, escapeHtml, htmlDocument, markup, trustedMarkup, type Markup } from './html'

type Schema = {
  $ref?: string
  type?: string | string[]
  format?: string
  description?: string
  enum?: unknown[]
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  anyOf?: Schema[]
  oneOf?: Schema[]
  nullable?: boolean
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  example?: unknown
}
type Doc = {
  info: { title: string; version: string; description?: string }
  paths: Record<string, Record<string, Operation>>
  components?: { schemas?: Record<string, Schema> }
}
type Operation = {
  summary?: string
  description?: string
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: Schema }[]
  requestBody?: { content: Record<string, { schema: Schema }> }
  responses?: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>
  security?: unknown[]
}

/**
 * Escaped text with `backtick` spans shown as code, as OpenAPI descriptions are written. The
 * text is escaped first and only `<code>` is added, so this is the page's one trusted markup.
 */
function prose(text: string): Markup {
  return trustedMarkup(escapeHtml(text).replace(/`([^`]{1,500})`/g, '<code>$1</code>'))
}

export const DOCS_CSS = `${BASE_CSS}
main{max-width:60rem}.op{border:1px solid var(--line);border-radius:8px;padding:1rem 1.25rem;margin:1.5rem 0}
.verb{font:700 .8rem/1 ui-monospace,monospace;padding:.3rem .5rem;border-radius:4px;background:var(--code);margin-right:.5rem;text-transform:uppercase}
.path{font-family:ui-monospace,monospace;font-weight:600}.req{color:#cf222e;font-size:.8rem}ul.fields{list-style:none;padding-left:1rem;margin:.25rem 0}
ul.fields li{margin:.2rem 0}.type{color:var(--muted);font-family:ui-monospace,monospace;font-size:.85rem}`

function security(requirements: unknown[] | undefined): Markup | '' {
  if (!requirements?.length) return ''
  const optional = requirements.some((r) => r && typeof r === 'object' && Object.keys(r).length === 0)
  return markup`<p class="muted">${optional ? 'An API key is optional here (it unlocks a higher plan).' : 'Needs an API key.'}</p>`
}

/** A readable, script-free reference page generated from the service's own OpenAPI document. */
export function renderDocsPage(doc: Doc): string {
  const schemas = doc.components?.schemas ?? {}
  const resolve = (s: Schema | undefined): Schema | undefined => (s?.$ref ? schemas[s.$ref.split('/').pop() ?? ''] : s)

  const typeOf = (raw: Schema | undefined): string => {
    const s = resolve(raw)
    if (!s) return 'any'
    const name = raw?.$ref?.split('/').pop()
    if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ')
    if (s.anyOf || s.oneOf) return (s.anyOf ?? s.oneOf ?? []).map(typeOf).join(' | ')
    const t = Array.isArray(s.type) ? s.type.join(' | ') : (s.type ?? 'object')
    if (t === 'array') return `array of ${typeOf(s.items)}`
    return name ? `${name} (${t})` : s.format ? `${t} (${s.format})` : t
  }

  // Depth is capped (3): schemas are ours, but a recursive $ref must not recurse forever.
  const fields = (raw: Schema | undefined, depth: number): Markup | '' => {
    const s = resolve(raw)
    const target = s?.type === 'array' ? resolve(s.items) : s
    if (!target?.properties || depth > 3) return ''
    const items = Object.entries(target.properties).map(([name, prop]) => {
      const desc = resolve(prop)?.description ?? prop.description
      return markup`<li><code>${name}</code> <span class="type">${typeOf(prop)}</span>${
        target.required?.includes(name) ? markup` <span class="req">required</span>` : ''
      }${desc ? markup` — ${prose(desc)}` : ''}${fields(prop, depth + 1)}</li>`
    })
    return markup`<ul class="fields">${items}</ul>`
  }

  const ops: Markup[] = []
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = (op.parameters ?? []).map(
        (p) =>
          markup`<li><code>${p.name}</code> <span class="type">${p.in}, ${typeOf(p.schema)}</span>${
            p.required ? markup` <span class="req">required</span>` : ''
          }${p.description ? markup` — ${prose(p.description)}` : ''}</li>`
      )
      const body = Object.entries(op.requestBody?.content ?? {}).map(
        ([type, c]) => markup`<p>Body <code>${type}</code></p>${fields(c.schema, 0)}`
      )
      const responses = Object.entries(op.responses ?? {}).map(([status, r]) => {
        const content = Object.entries(r.content ?? {})[0]
        return markup`<li><strong>${status}</strong> ${prose(r.description)}${
          content ? markup` <span class="type">${content[0]}</span>${fields(content[1].schema, 0)}` : ''
        }</li>`
      })
      ops.push(markup`<section class="op" id="${`${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, '-')}">
<h2><span class="verb">${method}</span><span class="path">${path}</span></h2>
${op.summary ? markup`<p><strong>${prose(op.summary)}</strong></p>` : ''}${op.description ? markup`<p>${prose(op.description)}</p>` : ''}
${security(op.security)}
${params.length ? markup`<h3>Parameters</h3><ul class="fields">${params}</ul>` : ''}${body.length ? markup`<h3>Request</h3>${body}` : ''}
<h3>Responses</h3><ul class="fields">${responses}</ul></section>`)
    }
  }

  return htmlDocument({
    title: `${doc.info.title} — API reference`,
    css: DOCS_CSS,
    body: markup`<main><h1>${doc.info.title} <small class="muted">v${doc.info.version}</small></h1>
${doc.info.description ? markup`<p>${prose(doc.info.description)}</p>` : ''}
<p>Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1). Every error is JSON with <code>error</code> and <code>code</code>.</p>
${ops}</main>`,
  })
}
