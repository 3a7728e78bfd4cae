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
    { name: 'view /v/:slug', path: `/v/${slug}` },
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
