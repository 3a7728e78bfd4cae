// Goal decomposition benchmarks. Every request passes through the real key lookup (D1), the
// paid-plan check and the per-key limiter (Durable Object), so "plans per second" includes
// them. A key may make 10 requests a minute, which would turn a plan benchmark into a 429
// benchmark; `vars` asks the harness to start this worker with a higher limit (an operator
// var, 10 by default). When the harness does not pass it, the plan scenario rotates keys
// instead; autocannon sends each connection's first request from one shared buffer, so a few
// keys still go over their 10 and the non-2xx column shows how many.
export const vars = { RATE_LIMIT_PER_MINUTE: '1000000' }

const TIMED = 150
const PER_KEY = 10
const KEYS = Math.ceil((Math.min(50, TIMED) + TIMED) / PER_KEY)

const GOALS = [
  { goal: 'Run my first 5K', context: 'complete beginner, 30 minutes a day, mornings' },
  { goal: 'Do 20 push-ups in a row', context: 'beginner, 20 minutes, no equipment' },
  { goal: 'Learn Japanese', context: 'complete beginner, 20 minutes a day on my commute' },
  { goal: 'Fall asleep faster', context: 'I lie awake for an hour and drink coffee after lunch' },
  { goal: 'Pay off my credit card debt', context: '20 minutes, 5 days a week' },
  { goal: 'Switch careers to become a data analyst', context: 'beginner, 30 min weekdays' },
  { goal: 'Write a novel', context: 'intermediate, 45 minutes, mornings, 5 days a week' },
  { goal: 'reduce stress', context: 'anxious, beginner, 10 min' },
  { goal: 'lose 8 kg', context: 'beginner, 20 minutes a day, in 6 weeks' },
  { goal: 'Pass the AWS Solutions Architect exam', context: 'intermediate, 45 minutes on weekdays, exam in 8 weeks' },
  { goal: 'Stop procrastinating', context: 'I work from home, 25 minutes, evenings' },
  { goal: 'Renovate the garden shed', context: 'weekends only, 2 hours' },
]

export default async function scenarios({ baseUrl, createKey }) {
  const headers = (key) => ({ 'content-type': 'application/json', authorization: `Bearer ${key}` })

  // Prove the service answers before measuring it, and see which limit it runs with.
  const probeKey = await createKey('decompose', 'paid')
  const probe = await fetch(`${baseUrl}/api/v1/decompose`, { method: 'POST', headers: headers(probeKey), body: JSON.stringify(GOALS[0]) })
  if (probe.status !== 200) throw new Error(`decompose probe failed: ${probe.status} ${await probe.text()}`)
  const raised = Number(probe.headers.get('ratelimit-limit')) > 10_000
  const keys = []
  if (!raised) for (let i = 0; i < KEYS; i++) keys.push(await createKey('decompose', 'paid'))
  let sent = 0
  const keyFor = (n) => (raised ? probeKey : keys[Math.floor(n / PER_KEY) % keys.length])

  const list = [
    {
      name: 'plan: 12 goals in rotation',
      method: 'POST',
      path: '/api/v1/decompose',
      // With the raised limit, run for the harness's full duration; otherwise stay within the keys.
      ...(raised ? {} : { amount: TIMED }),
      requests: [
        {
          method: 'POST',
          path: '/api/v1/decompose',
          setupRequest: (req) => {
            const n = sent++
            return { ...req, headers: headers(keyFor(n)), body: JSON.stringify(GOALS[n % GOALS.length]) }
          },
        },
      ],
    },
    {
      name: '401 without a key',
      method: 'POST',
      path: '/api/v1/decompose',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(GOALS[0]),
      amount: TIMED,
    },
    { name: 'GET /dashboard (sign-in page)', path: '/dashboard', amount: TIMED },
  ]
  if (!raised) {
    // The cost of turning a request away: one key, 10 plans, then only 429s.
    list.push({
      name: 'one key over its limit: 10 plans, then 429',
      method: 'POST',
      path: '/api/v1/decompose',
      headers: headers(await createKey('decompose', 'paid')),
      body: JSON.stringify(GOALS[0]),
      amount: TIMED,
    })
  }
  return list
}

// `npm run bench -- worst-case` (issue 13): each endpoint's typical request against its worst
// inputs at the maximum accepted size (goal 500, context 2,000 characters). The shapes are the
// ones that once backtracked (a context of 2,000 digits cost ~10 s of CPU) and the runs that
// almost match a phrase the planner reads; test/decompose/pathological.ts tests them all for
// status. A function, not a plain array, because every request needs a paid key.
const fill = (unit, n) => unit.repeat(Math.floor(n / unit.length)).padEnd(n, '.')
const WORST_SHAPES = [
  ['context of 2,000 digits', { goal: 'Run my first 5K', context: fill('1', 2000) }],
  ['goal of 500 digits, context of 2,000 digits', { goal: fill('1', 500), context: fill('1', 2000) }],
  ['durations almost matching ("1 h 1")', { goal: 'Run my first 5K', context: fill('1 h 1', 2000) }],
  ['ranges ("1-1-1-")', { goal: fill('1-', 500), context: fill('1-', 2000) }],
  ['hyphenated words ("a-a-a-")', { goal: fill('a-', 500), context: fill('a-', 2000) }],
  ['amounts ("$1$1")', { goal: fill('$1', 500), context: fill('1k ', 2000) }],
  ['negations ("no no no")', { goal: 'Learn Spanish', context: fill('no ', 2000) }],
  ['deadlines almost matching ("by jan ")', { goal: 'Pass my exam', context: fill('by jan ', 2000) }],
  ['one 2,000-letter word', { goal: fill('a', 500), context: fill('a', 2000) }],
]

export async function worstCase({ baseUrl, createKey }) {
  const key = await createKey('decompose', 'paid')
  const request = (body) => ({
    method: 'POST',
    path: '/api/v1/decompose',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  })
  const typical = request(GOALS[0])
  const plans = WORST_SHAPES.map(([name, body]) => ({ name: `POST /api/v1/decompose: ${name}`, typical, worst: request(body) }))
  return [...plans, await worstCaseCycles({ baseUrl, key })]
}

// The cycles endpoint (issue 18 §4): its worst input is the largest check-in it accepts.
export async function worstCaseCycles({ baseUrl, key }) {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${key}` }
  const res = await fetch(`${baseUrl}/api/v1/decompose`, { method: 'POST', headers, body: JSON.stringify(GOALS[0]) })
  const { plan_id } = await res.json()
  const path = `/api/v1/decompose/${plan_id}/cycles`
  const request = (body) => ({ method: 'POST', path, headers, body: JSON.stringify(body) })
  return {
    name: 'POST /api/v1/decompose/{plan_id}/cycles: 14 per-day difficulties and 1,000 characters of notes',
    typical: request({ cycle: 1, completed: [1, 2, 3, 5, 6, 8, 9, 10, 12, 14], difficulty: 3 }),
    worst: request({
      cycle: 1,
      completed: Array.from({ length: 14 }, (_, i) => i + 1),
      difficulty: Array(14).fill(5),
      notes: fill('1 h 1', 1000),
    }),
  }
}
