import { describe, expect, it } from 'vitest'
import { replayFetcher, type HttpFetcher } from '../../shared/http-fetcher'
import { selectProvider } from '../../workers/screening/domain/provider/select'
import { ProviderError, type ProviderRequest } from '../../workers/screening/domain/provider/types'
import { verifiedProvider } from '../../workers/screening/domain/provider/verified'
import { policy } from '../../workers/screening/policy'

const URL_ = 'https://provider.test/v1/screenings'
const config = { url: URL_, apiKey: 'prov_secret', timeoutMs: 2000, userAgent: 'test' }
const address = { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701' }
const request: ProviderRequest = {
  sections: ['credit', 'eviction'],
  applicant: { name: 'Jordan Rivera', email: 'jordan@example.com', dateOfBirth: '1990-04-12', address },
  property: { address, monthlyRent: 1500 },
  asOf: '2026-05-01',
}

/** What the provider answers for a complete report (docs/screening-provider.md). */
const complete = {
  status: 'COMPLETE',
  reportId: 'rpt_123',
  sourceName: 'Acme Tenant Data',
  credit: { score: 712, keyFactors: ['Too many accounts with balances', 'b', 'c', 'd', 'e', 'Number of recent inquiries'] },
  eviction: 'clear',
  criminal: 'review',
  riskScore: { value: 610 },
}

async function failure(fetcher: HttpFetcher, timeoutMs = 2000): Promise<ProviderError> {
  try {
    await verifiedProvider({ ...config, timeoutMs }, fetcher).screen(request)
  } catch (err) {
    if (err instanceof ProviderError) return err
    throw err
  }
  throw new Error('expected a ProviderError')
}

describe('verified provider adapter', () => {
  it('sends the identity with the bearer key and maps a complete report', async () => {
    let seen: { auth: string | null; body: any } | null = null
    const fetcher = replayFetcher([
      [
        URL_,
        async (req) => {
          seen = { auth: req.headers.get('authorization'), body: await req.json() }
          return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(complete) }
        },
      ],
    ])
    const report = await verifiedProvider(config, fetcher).screen(request)
    expect(seen!.auth).toBe('Bearer prov_secret')
    expect(seen!.body).toMatchObject({
      applicant: { email: 'jordan@example.com', dateOfBirth: '1990-04-12' },
      permissiblePurpose: 'tenant_screening',
      sections: ['credit', 'eviction'],
    })
    // The answer carried `criminal` (a provider that ignored `sections`): it is dropped unread.
    expect(report).toEqual({
      verificationStatus: 'verified',
      reportId: 'rpt_123',
      sourceLabel: 'Acme Tenant Data (report rpt_123)',
      reportStatus: 'COMPLETE',
      credit: {
        score: 712,
        band: '700_759',
        label: 'Good',
        keyFactors: ['Too many accounts with balances', 'b', 'c', 'd', 'Number of recent inquiries'],
      },
      eviction: 'clear',
      evictionRecords: null, // only the flag was given: VetScore never scores it
      providerScore: { value: 610, label: 'Moderate' },
    })
  })

  it('asks for criminal records in a separate request to the report, and maps the answer', async () => {
    let seen: { url: string; body: any } | null = null
    const fetcher = replayFetcher([
      [
        `${URL_}/rpt_123/criminal`,
        async (req) => {
          seen = { url: req.url, body: await req.json() }
          return {
            body: JSON.stringify({
              status: 'complete',
              reportId: 'rpt_123',
              sourceName: 'Acme Tenant Data',
              criminal: 'hit',
              records: [{ offence: 'Theft', level: 'misdemeanor', disposition: 'conviction', date: '2024-01-02' }],
            }),
          }
        },
      ],
    ])
    const rule = { id: 'nyc', law: 'LL 24', lookbacks: [{ offence: 'felony', years: 5 }], neverConsider: ['arrests'] }
    const report = await verifiedProvider(config, fetcher).criminal({
      reportId: 'rpt_123',
      screeningId: 's',
      asOf: '2026-05-01',
      conditionalOfferAt: '2026-05-01T10:00:00.000Z',
      rule,
    })
    expect(seen!.body).toEqual({
      asOf: '2026-05-01',
      conditionalOfferAt: '2026-05-01T10:00:00.000Z',
      jurisdiction: rule,
      permissiblePurpose: 'tenant_screening',
    })
    expect(report).toEqual({
      reportId: 'rpt_123',
      sourceLabel: 'Acme Tenant Data (report rpt_123)',
      reportStatus: 'COMPLETE',
      finding: 'hit',
      records: [{ offence: 'Theft', level: 'misdemeanor', disposition: 'conviction', date: '2024-01-02', releasedOn: null, court: null }],
    })
    // A record outside the protocol's vocabulary is a failed call, never a guess.
    const odd = replayFetcher([
      [
        `${URL_}/rpt_123/criminal`,
        {
          body: JSON.stringify({
            status: 'COMPLETE',
            reportId: 'r',
            sourceName: 'A',
            criminal: 'hit',
            records: [{ offence: 'x', level: 'felony', disposition: 'maybe', date: '2024-01-02' }],
          }),
        },
      ],
    ])
    await expect(
      verifiedProvider(config, odd).criminal({
        reportId: 'rpt_123',
        screeningId: 's',
        asOf: '2026-05-01',
        conditionalOfferAt: 'x',
        rule: null,
      })
    ).rejects.toMatchObject({ reason: 'invalid_response' })
  })

  it('keeps a thin file as no score and no band', async () => {
    const fetcher = replayFetcher([[URL_, { body: JSON.stringify({ ...complete, credit: { score: null }, riskScore: null }) }]])
    const report = await verifiedProvider(config, fetcher).screen(request)
    expect(report.credit).toEqual({ score: null, band: null, label: null, keyFactors: [] })
    expect(report.providerScore).toBeNull()
  })

  it('fails clearly on refused credentials, server errors, non-JSON and unknown shapes', async () => {
    expect((await failure(replayFetcher([[URL_, { status: 401, body: '{"error":"bad key"}' }]]))).reason).toBe('rejected')
    expect((await failure(replayFetcher([[URL_, { status: 503, body: 'down' }]]))).reason).toBe('unavailable')
    expect((await failure(replayFetcher([[URL_, { status: 200, body: '<html>oops</html>' }]]))).reason).toBe('invalid_response')
    const wrong = { ...complete, eviction: 'maybe' }
    expect((await failure(replayFetcher([[URL_, { status: 200, body: JSON.stringify(wrong) }]]))).reason).toBe('invalid_response')
    const outOfRange = { ...complete, credit: { score: 900 } }
    expect((await failure(replayFetcher([[URL_, { status: 200, body: JSON.stringify(outOfRange) }]]))).reason).toBe('invalid_response')
  })

  it('fails as unavailable when the provider cannot be reached', async () => {
    const unreachable: HttpFetcher = async () => {
      throw new TypeError('fetch failed')
    }
    expect((await failure(unreachable)).reason).toBe('unavailable')
  })

  it('gives up at the timeout: a provider that never answers is a timeout failure', async () => {
    // Answers only when the caller aborts, like a server that hangs.
    const hanging: HttpFetcher = (_input, init) =>
      new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)))
    const err = await failure(hanging, 20)
    expect(err.reason).toBe('timeout')
    expect(err.message).toMatch(/did not answer within/)
  })
})

describe('provider selection', () => {
  const fetcher = replayFetcher([])
  it('is verified with both provider secrets, the mock only with SCREENING_MODE=mock, and otherwise refuses (503)', () => {
    const mock = { SCREENING_MODE: 'mock' }
    expect(selectProvider(mock, fetcher, 'ua').kind).toBe('mock')
    expect(selectProvider({ ...mock, SCREENING_PROVIDER_URL: URL_ }, fetcher, 'ua').kind).toBe('mock')
    expect(selectProvider({ SCREENING_PROVIDER_URL: URL_, SCREENING_PROVIDER_API_KEY: 'k' }, fetcher, 'ua').kind).toBe('verified')
    for (const settings of [{}, { SCREENING_PROVIDER_URL: URL_ }, { SCREENING_PROVIDER_API_KEY: 'k' }, { SCREENING_MODE: 'live' }]) {
      expect(() => selectProvider(settings, fetcher, 'ua'), JSON.stringify(settings)).toThrow(
        expect.objectContaining({ code: 'PROVIDER_NOT_CONFIGURED' })
      )
    }
    // The domain throws a DomainError (issue 38); the worker's one table answers it with 503.
    expect(policy.statuses?.PROVIDER_NOT_CONFIGURED).toBe(503)
  })
})
