// Drop benchmarks: publishing (Pro key, bounded below its 1,000/hour limit) and viewing.
const MARKDOWN = `# Release notes\n\n${'Some **bold** text, a [link](https://example.com) and `code`.\n\n'.repeat(40)}| a | b |\n|---|---|\n| 1 | 2 |\n\n\`\`\`js\nconsole.log('hi')\n\`\`\`\n`

export default async function scenarios({ baseUrl, createKey }) {
  const key = await createKey('drop', 'pro')
  const res = await fetch(`${baseUrl}/api/drop`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ markdown: MARKDOWN }),
  })
  const { slug } = await res.json()
  return [
    // Issue 19/35: a view at least 0.8x the empty worker's speed, i.e. p50 at most 1.25x its own,
    // measured in alternating rounds against the empty Hono route (`versus`, scripts/bench.mjs).
    { name: 'view /v/:slug', path: `/v/${slug}`, versus: 'baseline', target: 1.25 },
    { name: 'raw /v/:slug/raw', path: `/v/${slug}/raw` },
    {
      name: 'publish 4 KiB (Pro)',
      method: 'POST',
      path: '/api/drop',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ markdown: MARKDOWN }),
      amount: 800,
    },
  ]
}

// `npm run bench -- worst-case` (issue 13): publishing each pathological shape of
// drop-pathological.mjs at the largest size a free drop accepts (512 KiB), against a typical
// document of the same size (headings, prose with inline markup, lists, code, tables). Sent
// with Pro keys so the 10/hour free limit does not answer 429 first; a key per ten cases keeps
// each under its 1,000/hour.
export async function worstCase({ baseUrl, createKey }) {
  const { PATHOLOGICAL, typicalMarkdown } = await import('./drop-pathological.mjs')
  const MAX = 512 * 1024
  const keys = []
  for (let i = 0; i < Math.ceil(PATHOLOGICAL.length / 10); i++) keys.push(await createKey('drop', 'pro'))
  const request = (markdown, key) => ({
    method: 'POST',
    path: '/api/drop',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ markdown }),
  })
  const typical = typicalMarkdown(MAX)
  const publishes = PATHOLOGICAL.map((p, i) => ({
    name: `POST /api/drop: ${p.name} (${p.status})`,
    typical: request(typical, keys[Math.floor(i / 10)]),
    worst: request(p.make(MAX), keys[Math.floor(i / 10)]),
  }))
  return [...publishes, ...(await diffCases({ baseUrl, key: await createKey('drop', 'pro'), typical, max: MAX }))]
}

/**
 * Issue 35 §3: the diff page between two 512 KiB versions. Typical: one line of a typical
 * document edited. Worst: inputs that use up the diff's step budget (unrelated lines; lines
 * that all match one another, so every diagonal has long snakes) or fill its n × m table.
 */
async function diffCases({ baseUrl, key, typical, max }) {
  const lines = (line) => {
    let out = ''
    for (let i = 0; out.length + line(i).length + 1 <= max; i++) out += `${line(i)}\n`
    return out
  }
  const send = async (method, path, markdown, expected) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ markdown }),
    })
    if (res.status !== expected) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
    return res.json()
  }
  const diffOf = async (before, after) => {
    const { slug } = await send('POST', '/api/drop', before, 201)
    await send('PUT', `/api/drop/${slug}`, after, 200)
    return { path: `/v/${slug}/revisions/1/diff` }
  }
  const edited = typical.replace('## Section 500', '## Section five hundred')
  const typicalDiff = await diffOf(typical, edited)
  const cases = [
    ['two unrelated versions (step budget)', lines((i) => `alpha ${i}`), lines((i) => `beta ${i}`)],
    ['all-equal lines against alternating ones (long snakes)', lines(() => 'a'), lines((i) => (i % 2 ? 'a' : 'b'))],
    ['every 20th line changed', lines((i) => `line ${i}`), lines((i) => (i % 20 ? `line ${i}` : `changed ${i}`))],
    ['a long version cut to three lines (n × m table)', lines((i) => `l${i % 1000}`), 'l1\nl500\nl999\n'],
  ]
  const rows = []
  for (const [name, before, after] of cases)
    rows.push({ name: `GET /v/:slug/revisions/1/diff: ${name}`, typical: typicalDiff, worst: await diffOf(before, after) })
  return rows
}
