// Screening benchmarks (partner key, so the per-IP limit stays out of the numbers).
// New screenings get a fresh applicant per request; the repeat scenarios measure the
// saved-result path (validation, property match, one D1 read). A property with 25 screened
// applicants is set up first for the ranking read. Scraping is left out: it would reach the
// public sites.
const applicant = (i, propertyId) => ({
  email: 'bench-landlord@example.com',
  applicantName: `Bench Applicant ${i}`,
  applicantEmail: `bench-${i}@example.com`,
  applicantDob: '1990-04-12',
  applicantAddress: '500 W 2nd St Apt 1204',
  applicantCity: 'Austin',
  applicantState: 'TX',
  applicantPostalCode: '78701',
  propertyAddress: '1100 S Lamar Blvd Unit 2',
  propertyCity: 'Austin',
  propertyState: 'TX',
  propertyPostalCode: '78704',
  monthlyRent: 1850,
  monthlyIncome: 3000 + i * 150,
  ...(propertyId ? { propertyId } : {}),
})

export default async function scenarios({ baseUrl, createKey }) {
  const key = await createKey('screening', 'partner')
  const headers = { 'content-type': 'application/json', 'x-api-key': key }
  let propertyId
  for (let i = 0; i < 25; i++) {
    const res = await fetch(`${baseUrl}/api/free-screening`, { method: 'POST', headers, body: JSON.stringify(applicant(i, propertyId)) })
    if (!res.ok) throw new Error(`screening setup failed: ${res.status} ${await res.text()}`)
    propertyId = (await res.json()).result.propertyId
  }
  let next = 1000
  return [
    {
      name: 'screen a new applicant (score, save, outbox)',
      method: 'POST',
      path: '/api/free-screening',
      headers,
      amount: 600,
      // A fresh applicant per request, so each one is a new screening, not a repeat.
      requests: [
        {
          method: 'POST',
          path: '/api/free-screening',
          headers,
          setupRequest: (req) => ({ ...req, body: JSON.stringify(applicant(next++, propertyId)) }),
        },
      ],
    },
    {
      name: 'screen (repeat applicant: saved result)',
      method: 'POST',
      path: '/api/free-screening',
      headers,
      body: JSON.stringify(applicant(0, propertyId)),
    },
    {
      name: 'screen, no propertyId (address match + saved result)',
      method: 'POST',
      path: '/api/free-screening',
      headers,
      body: JSON.stringify(applicant(1)),
    },
    { name: 'rank 25 applicants', path: `/api/properties/${propertyId}/applicants`, headers: { 'x-api-key': key } },
    {
      name: 'screen, invalid body (422)',
      method: 'POST',
      path: '/api/free-screening',
      headers,
      body: JSON.stringify({ ...applicant(2), monthlyRent: 10, applicantState: 'ZZ' }),
    },
  ]
}

// Worst inputs at the schema's maximum sizes (names 120, addresses 200, cities 100
// characters) against a typical screening, for `npm run bench -- worst-case`. Each request
// is a new applicant, so every one is scored and saved rather than answered from a repeat.
const WORST_SHAPES = [
  ['address of 200 spaces and unit marks', { applicantAddress: `1${' #'.repeat(99)}`, propertyAddress: `2${' Apt'.repeat(49)}` }],
  [
    'addresses of repeated designators',
    { applicantAddress: 'Apt Unit # Ste '.repeat(13).slice(0, 200), propertyAddress: '# # # # '.repeat(25) },
  ],
  ['city of 100 separators', { applicantCity: ', .'.repeat(33), propertyCity: 'St. Saint '.repeat(10) }],
  ['name of 120 letters and marks', { applicantName: "a-'.".repeat(30) }],
  ['address of 200 digits', { applicantAddress: '1'.repeat(200), propertyAddress: '9'.repeat(200) }],
]

export async function worstCase({ createKey }) {
  const key = await createKey('screening', 'partner')
  const headers = { 'content-type': 'application/json', 'x-api-key': key }
  let n = 0
  const request = (extra) => ({
    method: 'POST',
    path: '/api/free-screening',
    headers,
    body: () => JSON.stringify({ ...applicant(5000 + n++), ...extra }),
  })
  return WORST_SHAPES.map(([name, extra]) => ({ name: `POST /api/free-screening: ${name}`, typical: request({}), worst: request(extra) }))
}
