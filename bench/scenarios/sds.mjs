// Safety data sheet benchmarks: generation (US and EU, url and base64, and under 20 concurrent
// requests) and the usage read. The original service takes 30 to 55 s per document: that is
// the anchor these latencies are compared with. Each scenario gets its own enterprise key,
// since a key may make 60 requests per minute (warm-up 25 + timed 25 stays under it).
const AMOUNT = 25
const PROXY_SMILES = 'CC1=CC(=O)N(C1=O)c1ccc(cc1)C(F)(F)F'
// Issue 33: a formulator's 10-component mixture (solvents, caustics, a glycol, a trace of
// formaldehyde, water), each component resolved and classified, then the mixture calculated.
const TEN_COMPONENTS = [
  ['acetone', 20],
  ['ethanol', 10],
  ['methanol', 5],
  ['propan-2-ol', 5],
  ['ethylene glycol', 5],
  ['toluene', 3],
  ['sodium hydroxide', 1],
  ['potassium hydroxide', 1],
  ['formaldehyde', 0.5],
  ['water', 49.5],
].map(([identifier, concentration]) => ({ identifier, concentration, unit: '% w/w' }))

// The worst-case run sends hundreds of requests per key; the operator override lifts the 60 per
// minute per key so that it measures the input's cost, not 429s.
export const vars = { RATE_LIMIT_PER_MINUTE: '1000000' }

export default async function scenarios({ baseUrl, createKey }) {
  const json = async (body) => {
    const key = await createKey('sds', 'enterprise')
    return { headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify(body) }
  }
  const branding = {
    company_name: 'Bench Chemicals Ltd',
    company_address: '1 Bench Road',
    company_phone: '+1 555 0100',
    company_website: 'https://bench.example',
  }
  // Prove the service answers before measuring it.
  const probe = await json({ chemical_identifier: 'acetone', response_format: 'base64' })
  const res = await fetch(`${baseUrl}/api/v1/sds/us`, { method: 'POST', ...probe })
  if (res.status !== 200) throw new Error(`sds probe failed: ${res.status} ${await res.text()}`)

  // The usage read is also the sheets' CPU baseline (`cpuBaseline`): the same key lookup, rate
  // limiter and quota read, whose SQLite work runs in the worker's own workerd only locally.
  const usageKey = await createKey('sds', 'trial')
  return [
    // One request at a time: the latency of a single generation, to set against 30-55 s.
    {
      name: 'US sheet, base64, 1 connection',
      method: 'POST',
      path: '/api/v1/sds/us',
      ...(await json({ chemical_identifier: '67-64-1', response_format: 'base64', ...branding })),
      amount: AMOUNT,
      connections: 1,
      cpuBaseline: 'usage',
    },
    {
      name: 'EU sheet, base64, 1 connection',
      method: 'POST',
      path: '/api/v1/sds/eu',
      ...(await json({ chemical_identifier: '50-00-0', response_format: 'base64', ...branding })),
      amount: AMOUNT,
      connections: 1,
      cpuBaseline: 'usage',
    },
    // R&D proxy (issue 17) next to the standard sheet above: the same DOCX plus structure parsing,
    // property prediction, alert search and a read-across scan. A novel maleimide, base64.
    {
      name: 'US R&D proxy sheet, base64, 1 connection',
      method: 'POST',
      path: '/api/v1/sds/rnd/us',
      ...(await json({ smiles: PROXY_SMILES, name: 'BENCH-1', response_format: 'base64', ...branding })),
      amount: AMOUNT,
      connections: 1,
      cpuBaseline: 'usage',
    },
    {
      name: 'EU R&D proxy sheet, base64, 1 connection',
      method: 'POST',
      path: '/api/v1/sds/rnd/eu',
      ...(await json({ smiles: PROXY_SMILES, name: 'BENCH-1', response_format: 'base64', ...branding })),
      amount: AMOUNT,
      connections: 1,
      cpuBaseline: 'usage',
    },
    // Issue 33: the mixture sheet as a ratio to the single-substance sheet above (same format,
    // same branding, one connection), in alternating rounds.
    {
      name: 'EU mixture sheet, 10 components, base64, 1 connection',
      method: 'POST',
      path: '/api/v1/sds/eu',
      ...(await json({ product_name: 'Bench cleaner 10', components: TEN_COMPONENTS, response_format: 'base64', ...branding })),
      amount: AMOUNT,
      connections: 1,
      versus: 'EU sheet, base64, 1 connection',
    },
    {
      name: 'US sheet, url (acetone)',
      method: 'POST',
      path: '/api/v1/sds/us',
      ...(await json({ chemical_identifier: '67-64-1', ...branding })),
      amount: AMOUNT,
    },
    {
      name: 'US sheet, base64 (acetone)',
      method: 'POST',
      path: '/api/v1/sds/us',
      ...(await json({ chemical_identifier: '67-64-1', response_format: 'base64', ...branding })),
      amount: AMOUNT,
    },
    {
      name: 'EU sheet, url (formaldehyde)',
      method: 'POST',
      path: '/api/v1/sds/eu',
      ...(await json({ chemical_identifier: '50-00-0', ...branding })),
      amount: AMOUNT,
    },
    {
      name: 'EU sheet, base64 (formaldehyde)',
      method: 'POST',
      path: '/api/v1/sds/eu',
      ...(await json({ chemical_identifier: '50-00-0', response_format: 'base64', ...branding })),
      amount: AMOUNT,
    },
    {
      name: 'US sheet, url, 20 concurrent',
      method: 'POST',
      path: '/api/v1/sds/us',
      ...(await json({ chemical_identifier: 'benzene', ...branding })),
      amount: AMOUNT,
      connections: 20,
    },
    {
      name: 'EU sheet, base64, 20 concurrent',
      method: 'POST',
      path: '/api/v1/sds/eu',
      ...(await json({ chemical_identifier: 'sodium hydroxide', response_format: 'base64' })),
      amount: AMOUNT,
      connections: 20,
    },
    { name: 'usage', path: '/api/v1/usage', headers: { authorization: `Bearer ${usageKey}` }, amount: AMOUNT },
  ]
}

// `npm run bench -- worst-case` (issue 13): the typical request (a US sheet for acetone, which
// generates a DOCX) against the worst identifiers at the maximum accepted size (500 characters;
// SMILES at most 200). Long SMILES once cost 0.6-1.4 s of CPU each and came back "not found";
// test/sds/pathological.test.ts asserts the status of each. A function, because every request
// needs a key.
const fill = (unit, n) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n)
const WORST_IDENTIFIERS = [
  ['SMILES chain over the SMILES limit (500)', fill('C', 500)],
  ['SMILES chain at the SMILES limit (200)', fill('C', 200)],
  ['fused aromatic rings at the SMILES limit', fill('c1ccccc1', 200)],
  ['ring-closure digits at the SMILES limit', 'C%10C%11C%12C%13'.repeat(12)],
  ['nested branches at the SMILES limit', fill('C(C(', 200)],
  ['bracket atoms at the SMILES limit', fill('[Na+]', 200)],
  [
    'stereo-rich SMILES of a known formula (sucrose acetate isobutyrate, 155)',
    'CC(C)C(=O)OC[C@@H]1[C@H]([C@@H]([C@](O1)(COC(=O)C)O[C@@H]2[C@@H]([C@H]([C@@H]([C@H](O2)COC(=O)C)OC(=O)C(C)C)OC(=O)C(C)C)OC(=O)C(C)C)OC(=O)C(C)C)OC(=O)C(C)C',
  ],
  ['formula of 500 element symbols', fill('CH', 500)],
  ['nested formula parentheses', fill('(', 250) + fill(')', 250)],
  ['name of 500 characters (suggestions)', fill('sodium chloride ', 500)],
  ['run of semicolons (name trim)', fill(';', 499) + 'x'],
  ['run of hyphens and spaces', fill('- ', 498) + 'xy'],
]

/** A chain of carbons where each also opens and closes ring bonds up to valence 4 (deterministic). */
function denseRings(n) {
  let s = ''
  const open = []
  let label = 10
  for (let i = 0; i < n; i++) {
    s += 'C'
    let free = i === 0 || i === n - 1 ? 3 : 2
    while (free > 0 && open.length && open[0].at < i - 1) (s += `%${open.shift().label}`), free--
    if (free > 0 && label < 99) open.push({ label, at: i }), (s += `%${label++}`), free--
  }
  for (const o of open) s += `C%${o.label}`
  return s
}

const WORST_PROXY = [
  ['120-carbon chain (atom limit)', { smiles: fill('C', 120) }],
  ['20 linked benzene rings (120 atoms, 200 characters)', { smiles: 'c1ccc(cc1)'.repeat(20) }],
  ['dense ring closures (100 atoms, every carbon in up to 4 rings)', { smiles: denseRings(100) }],
  ['SMILES over the length limit (1,001)', { smiles: fill('C', 1001) }],
  ['121 atoms (refused after one parse)', { smiles: fill('C', 121) }],
  ['branches nested 41 deep (refused before parsing)', { smiles: fill('C(', 82) + 'C' + fill(')', 41) }],
]

export async function worstCase({ createKey }) {
  const key = await createKey('sds', 'enterprise')
  const request = (body) => ({
    method: 'POST',
    path: '/api/v1/sds/us',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  })
  const typical = request({ chemical_identifier: '67-64-1', response_format: 'base64' })
  const rnd = (body) => ({ ...request({ ...body, response_format: 'base64' }), path: '/api/v1/sds/rnd/us' })
  const typicalProxy = rnd({ smiles: PROXY_SMILES })
  return [
    ...WORST_IDENTIFIERS.map(([name, id]) => ({
      name: `POST /api/v1/sds/us: ${name}`,
      typical,
      worst: request({ chemical_identifier: id, response_format: 'base64' }),
    })),
    // The R&D proxy at its limits: the largest accepted structures, and the refused ones.
    ...WORST_PROXY.map(([name, body]) => ({ name: `POST /api/v1/sds/rnd/us: ${name}`, typical: typicalProxy, worst: rnd(body) })),
  ]
}
