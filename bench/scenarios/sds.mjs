// Safety data sheet benchmarks: generation (US and EU, url and base64, and under 20 concurrent
// requests) and the usage read. The original service takes 30 to 55 s per document: that is
// the anchor these latencies are compared with. Each scenario gets its own enterprise key,
// since a key may make 60 requests per minute (warm-up 25 + timed 25 stays under it).
const AMOUNT = 25

export default async function scenarios({ baseUrl, createKey }) {
  const json = async (body) => {
    const key = await createKey('sds', 'enterprise')
    return { headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify(body) }
  }
  const branding = { company_name: 'Bench Chemicals Ltd', company_address: '1 Bench Road', company_phone: '+1 555 0100', company_website: 'https://bench.example' }
  // Prove the service answers before measuring it.
  const probe = await json({ chemical_identifier: 'acetone', response_format: 'base64' })
  const res = await fetch(`${baseUrl}/api/v1/sds/us`, { method: 'POST', ...probe })
  if (res.status !== 200) throw new Error(`sds probe failed: ${res.status} ${await res.text()}`)

  const usageKey = await createKey('sds', 'trial')
  return [
    // One request at a time: the latency of a single generation, to set against 30-55 s.
    { name: 'US sheet, base64, 1 connection', method: 'POST', path: '/api/v1/sds/us', ...(await json({ chemical_identifier: '67-64-1', response_format: 'base64', ...branding })), amount: AMOUNT, connections: 1 },
    { name: 'EU sheet, base64, 1 connection', method: 'POST', path: '/api/v1/sds/eu', ...(await json({ chemical_identifier: '50-00-0', response_format: 'base64', ...branding })), amount: AMOUNT, connections: 1 },
    { name: 'US sheet, url (acetone)', method: 'POST', path: '/api/v1/sds/us', ...(await json({ chemical_identifier: '67-64-1', ...branding })), amount: AMOUNT },
    { name: 'US sheet, base64 (acetone)', method: 'POST', path: '/api/v1/sds/us', ...(await json({ chemical_identifier: '67-64-1', response_format: 'base64', ...branding })), amount: AMOUNT },
    { name: 'EU sheet, url (formaldehyde)', method: 'POST', path: '/api/v1/sds/eu', ...(await json({ chemical_identifier: '50-00-0', ...branding })), amount: AMOUNT },
    { name: 'EU sheet, base64 (formaldehyde)', method: 'POST', path: '/api/v1/sds/eu', ...(await json({ chemical_identifier: '50-00-0', response_format: 'base64', ...branding })), amount: AMOUNT },
    { name: 'US sheet, url, 20 concurrent', method: 'POST', path: '/api/v1/sds/us', ...(await json({ chemical_identifier: 'benzene', ...branding })), amount: AMOUNT, connections: 20 },
    { name: 'EU sheet, base64, 20 concurrent', method: 'POST', path: '/api/v1/sds/eu', ...(await json({ chemical_identifier: 'sodium hydroxide', response_format: 'base64' })), amount: AMOUNT, connections: 20 },
    { name: 'usage', path: '/api/v1/usage', headers: { authorization: `Bearer ${usageKey}` }, amount: AMOUNT },
  ]
}
