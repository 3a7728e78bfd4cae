import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { testApp } from './helpers'

const app = testApp()

describe('OpenAPI document and docs page', () => {
  it('documents every endpoint with its request and response schemas', async () => {
    const res = await app.request('/openapi.json', {}, env)
    expect(res.status).toBe(200)
    const doc = (await res.json()) as any
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.servers).toEqual([{ url: env.BASE_URL }])
    expect(Object.keys(doc.paths).sort()).toEqual([
      // Issue 34: the applicant's answer to a notice of criminal-history records.
      '/api/fair-chance/notice',
      '/api/fair-chance/response',
      '/api/free-screening',
      '/api/links/revoke',
      // Issue 34 §5 and §2: embed link signing, the subsidy-credit policy, and the partner's listing.
      '/api/partner/embed/signing-secret',
      '/api/partner/screening-cap',
      '/api/partner/subsidy-credit-policy',
      '/api/properties/{propertyId}',
      '/api/properties/{propertyId}/applicants',
      '/api/scrape',
      '/api/screenings/{screeningId}',
      '/api/screenings/{screeningId}/adverse-action-notice',
      // Issue 34 §3: the service e-mails the notice to the applicant.
      '/api/screenings/{screeningId}/adverse-action-notice/send',
      '/api/screenings/{screeningId}/applicant-copy',
      '/api/screenings/{screeningId}/audit',
      '/api/screenings/{screeningId}/conditional-offer',
      '/api/screenings/{screeningId}/decision',
      '/api/screenings/{screeningId}/fair-chance',
      '/api/screenings/{screeningId}/individualized-assessment',
      '/api/screenings/{screeningId}/rescore',
      '/api/screenings/{screeningId}/versions',
      // Issue 23: the shared webhook API, for partner keys.
      '/api/v1/webhooks',
      '/api/v1/webhooks/notices',
      '/api/v1/webhooks/{id}',
      '/api/v1/webhooks/{id}/deliveries',
      '/api/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver',
      '/api/v1/webhooks/{id}/enable',
      '/healthz',
    ])
    expect(doc.paths['/api/v1/webhooks'].post.security).toEqual([{ partnerKey: [] }])
    expect(doc.components.securitySchemes.partnerKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' })
    const request = doc.components.schemas.ScreeningRequest
    expect(request.required.sort()).toEqual(
      [
        'email',
        'applicantEmail',
        'applicantDob',
        'applicantAddress',
        'applicantCity',
        'applicantState',
        'applicantPostalCode',
        'propertyAddress',
        'propertyCity',
        'propertyState',
        'propertyPostalCode',
        'monthlyRent',
        'monthlyIncome',
      ].sort()
    )
    expect(request.properties.monthlyRent).toMatchObject({ type: 'integer', minimum: 300 })
    expect(request.properties.monthlyIncome).toMatchObject({ type: 'integer', minimum: 1000 })
    expect(request.properties.applicantState.enum).toContain('DC')
    const post = doc.paths['/api/free-screening'].post
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '422', '429', '502', '503', '504']))
    expect(doc.components.schemas.ScreeningError.properties.ok).toBeDefined()
  })

  it('serves the human docs page', async () => {
    const res = await app.request('/docs', {}, env)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/text\/html/)
    expect(await res.text()).toContain('/api/free-screening')
  })

  it('answers unknown paths with a JSON 404 carrying ok: false', async () => {
    const res = await app.request('/api/nope', {}, env)
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ ok: false, code: 'NOT_FOUND' })
  })
})
