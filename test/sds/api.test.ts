import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { docxText, paragraphs, unzip } from './helpers/unzip'
import { app, base64ToBytes, makeApp, newKey, post, usage } from './helpers'

describe('service basics', () => {
  it('serves health, OpenAPI 3.1 with the three endpoints, and docs', async () => {
    expect(await (await app.request('/healthz', {}, env)).json()).toEqual({ ok: true })
    const doc = (await (await app.request('/openapi.json', {}, env)).json()) as { openapi: string; paths: Record<string, unknown> }
    expect(doc.openapi).toBe('3.1.0')
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/sds/us', '/api/v1/sds/eu', '/api/v1/usage', '/api/v1/documents/{file}'])
    )
    expect((await app.request('/docs', {}, env)).status).toBe(200)
  })
})

describe('authentication', () => {
  it('401 UNAUTHORIZED without a key, with a malformed one, or a revoked one', async () => {
    for (const key of [null, 'sds_live_short', 'dcmp_' + 'a'.repeat(32), 'sds_live_' + 'A'.repeat(32)]) {
      const res = await post(app, 'us', key, { chemical_identifier: '67-64-1' })
      expect(res.status).toBe(401)
      expect(((await res.json()) as { code: string }).code).toBe('UNAUTHORIZED')
    }
    const { rawKey, id } = await newKey('enterprise')
    await env.DB.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ?').bind(new Date().toISOString(), id).run()
    expect((await post(app, 'us', rawKey, { chemical_identifier: '67-64-1' })).status).toBe(401)
    expect((await usage(app, rawKey)).status).toBe(401)
  })
})

describe('request validation (422)', () => {
  it('malformed JSON, wrong Content-Type, missing or extra fields are VALIDATION_ERROR', async () => {
    const { rawKey } = await newKey('enterprise')
    const bad = await post(app, 'us', rawKey, '{"chemical_identifier": ')
    expect(bad.status).toBe(422)
    expect(((await bad.json()) as { code: string }).code).toBe('VALIDATION_ERROR')
    const wrongType = await app.request(
      '/api/v1/sds/us',
      { method: 'POST', headers: { authorization: `Bearer ${rawKey}`, 'content-type': 'text/plain' }, body: 'acetone' },
      env
    )
    expect(wrongType.status).toBe(422)
    for (const body of [
      {},
      { chemical_identifier: '' },
      { chemical_identifier: 'acetone', colour: 'red' },
      { chemical_identifier: 'acetone', response_format: 'pdf' },
    ]) {
      const res = await post(app, 'us', rawKey, body)
      expect(res.status).toBe(422)
      const json = (await res.json()) as { code: string; issues: unknown[] }
      expect(json.code).toBe('VALIDATION_ERROR')
      expect(json.issues.length).toBeGreaterThan(0)
    }
  })

  it('an invalid company_website is INVALID_COMPANY_WEBSITE', async () => {
    const { rawKey } = await newKey('enterprise')
    for (const company_website of ['not a url', 'ftp://acme.example', 'javascript:alert(1)', 'https://localhost']) {
      const res = await post(app, 'eu', rawKey, { chemical_identifier: '67-64-1', company_website })
      expect(res.status).toBe(422)
      const json = (await res.json()) as { code: string; error: string }
      expect(json.code).toBe('INVALID_COMPANY_WEBSITE')
      expect(json.error).toMatch(/company_website must be a valid URL/)
    }
  })

  it('413 PAYLOAD_TOO_LARGE over 16 KiB', async () => {
    const { rawKey } = await newKey('enterprise')
    const res = await post(app, 'us', rawKey, { chemical_identifier: 'acetone', company_address: 'x'.repeat(20_000) })
    expect(res.status).toBe(413)
  })

  it('identifier errors: INVALID_CAS_NUMBER, CHEMICAL_NOT_FOUND with suggestions, AMBIGUOUS_IDENTIFIER with candidates', async () => {
    const { rawKey } = await newKey('enterprise')
    const cas = await post(app, 'us', rawKey, { chemical_identifier: '67-64-2' })
    expect(cas.status).toBe(422)
    expect(((await cas.json()) as { code: string }).code).toBe('INVALID_CAS_NUMBER')
    const nf = await post(app, 'us', rawKey, { chemical_identifier: 'acetonne' })
    const nfBody = (await nf.json()) as { code: string; suggestions: string[] }
    expect(nf.status).toBe(422)
    expect(nfBody.code).toBe('CHEMICAL_NOT_FOUND')
    expect(nfBody.suggestions).toContain('acetone')
    const amb = await post(app, 'us', rawKey, { chemical_identifier: 'C3H8O' })
    const ambBody = (await amb.json()) as { code: string; candidates: Array<{ identifier: string }> }
    expect(amb.status).toBe(422)
    expect(ambBody.code).toBe('AMBIGUOUS_IDENTIFIER')
    expect(ambBody.candidates.map((c) => c.identifier)).toContain('67-63-0')
  })
})

type Generated = {
  document_url?: string
  document_base64?: string
  format: string
  generated_at: string
  style_profile_applied: boolean
  units_used: number
  units_remaining: number | null
  filename: string
  substance: { cas: string; index_no: string | null; matched_by: string }
}

describe('generation and delivery', () => {
  it('returns a signed document_url by default, which serves the DOCX', async () => {
    const { rawKey } = await newKey('enterprise')
    const res = await post(app, 'us', rawKey, { chemical_identifier: 'acetone', company_name: 'Acme Chemicals Inc.' })
    expect(res.status).toBe(200)
    expect(res.headers.get('RateLimit-Limit')).toBe('60')
    const body = (await res.json()) as Generated
    expect(body.format).toBe('docx')
    expect(body.document_base64).toBeUndefined()
    expect(body.style_profile_applied).toBe(true)
    expect(body.substance).toMatchObject({ cas: '67-64-1', index_no: '606-001-00-8', matched_by: 'name' })
    expect(body.document_url).toMatch(
      /^http:\/\/localhost:8787\/api\/v1\/documents\/[0-9a-f-]{36}\.docx\?expires=\d+&sig=[A-Za-z0-9_-]{43}$/
    )
    const url = new URL(body.document_url!)
    const file = await app.request(url.pathname + url.search, {}, env)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document')
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="acetone-67-64-1-SDS-US.docx"')
    const bytes = new Uint8Array(await file.arrayBuffer())
    expect(paragraphs(await docxText(bytes)).some((p) => p.startsWith('SECTION 16'))).toBe(true)
  })

  it('returns document_base64 only when asked, and applies no style profile without branding', async () => {
    const { rawKey } = await newKey('enterprise')
    const res = await post(app, 'eu', rawKey, { chemical_identifier: '7664-93-9', response_format: 'base64' })
    const body = (await res.json()) as Generated
    expect(res.status).toBe(200)
    expect(body.document_url).toBeUndefined()
    expect(body.style_profile_applied).toBe(false)
    const files = await unzip(base64ToBytes(body.document_base64!))
    expect(files.has('word/document.xml')).toBe(true)
    expect(body.filename).toMatch(/-7664-93-9-SDS-EU\.docx$/)
  })

  it('refuses tampered links (403 LINK_INVALID) and expired ones (410 LINK_EXPIRED)', async () => {
    const clock = { now: new Date() }
    const timed = makeApp(clock)
    const { rawKey } = await newKey('enterprise')
    const body = (await (await post(timed, 'us', rawKey, { chemical_identifier: '64-17-5' })).json()) as Generated
    const url = new URL(body.document_url!)
    const path = url.pathname
    const sig = url.searchParams.get('sig')!
    const expires = url.searchParams.get('expires')!
    // The first character: all six of its bits are signature bits (the last one carries padding).
    const tamperedSig = `${path}?expires=${expires}&sig=${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`
    const longer = `${path}?expires=${Number(expires) + 3600}&sig=${sig}`
    const otherId = `/api/v1/documents/00000000-0000-4000-8000-000000000000.docx?expires=${expires}&sig=${sig}`
    for (const link of [tamperedSig, longer, otherId, path, `${path}?expires=abc&sig=${sig}`, '/api/v1/documents/x.docx']) {
      const res = await timed.request(link, {}, env)
      expect(res.status, link).toBe(403)
      expect(((await res.json()) as { code: string }).code).toBe('LINK_INVALID')
    }
    clock.now = new Date(clock.now.getTime() + 8 * 86_400_000)
    const expired = await timed.request(url.pathname + url.search, {}, env)
    expect(expired.status).toBe(410)
    expect(((await expired.json()) as { code: string }).code).toBe('LINK_EXPIRED')
  })
})

describe('rate limit', () => {
  it('allows 60 requests per minute per key, then 429 with Retry-After', async () => {
    const { rawKey } = await newKey('trial')
    for (let i = 0; i < 60; i++) expect((await usage(app, rawKey)).status).toBe(200)
    const res = await usage(app, rawKey)
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0)
    const body = (await res.json()) as { code: string; retry_after_seconds: number }
    expect(body.code).toBe('RATE_LIMITED')
    // Another key is not affected.
    const other = await newKey('trial')
    expect((await usage(app, other.rawKey)).status).toBe(200)
  })
})
