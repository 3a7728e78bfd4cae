import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { gradeOurPage } from '../helpers/audit-grade'
import { monitoringWorld, proKey } from './helpers/monitoring'

const HOUR = 3_600_000
const w = monitoringWorld()

/** A domain watched by a monitor, with `runs` runs an hour apart; the HSTS header goes after the first. */
async function watched(runs: number) {
  const { domain, headers } = await w.site()
  const { rawKey } = await proKey()
  const res = await w.request('/api/v1/monitors', { method: 'POST', body: JSON.stringify({ domain, interval: 'hourly' }) }, rawKey)
  expect(res.status).toBe(201)
  for (let i = 0; i < runs; i++) {
    await w.cron()
    delete headers['strict-transport-security']
    w.advance(HOUR)
  }
  return domain
}

describe('history page', () => {
  it('draws the score over time as SVG, without script, and passes our own audit rules with A+', async () => {
    const domain = await watched(3)
    const res = await w.request(`/check/${domain}/history`)
    expect(res.status).toBe(200)
    const page = await res.text()
    expect(page).toContain('<svg class="chart"')
    const points = /<polyline[^>]* points="([^"]+)"/.exec(page)![1].split(' ')
    expect(points).toHaveLength(3)
    // The first run scored higher (HSTS sent) than the next two: a higher point has a smaller y.
    const ys = points.map((p) => Number(p.split(',')[1]))
    expect(ys[0]).toBeLessThan(ys[1])
    expect(ys[1]).toBe(ys[2])
    expect(page).not.toMatch(/<script|\son[a-z]+=|style="/i)
    expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-/)
    const report = await gradeOurPage(w.app, env as never, `/check/${domain}/history`)
    expect(report.findings.filter((f) => !f.pass)).toEqual([])
    expect(report.score).toBe('A+')
  })

  it('answers 404 for a domain no monitor has recorded, and 400 for a bad name, as pages', async () => {
    const none = await w.request('/check/never-watched.org/history')
    expect(none.status).toBe(404)
    expect(await none.text()).toContain('No history is kept for this domain')
    const bad = await w.request('/check/%3Cscript%3E/history')
    expect(bad.status).toBe(400)
    const text = await bad.text()
    expect(text).not.toContain('<script>')
    expect(bad.headers.get('content-type')).toMatch(/text\/html/)
  })
})

describe('badge', () => {
  it('serves the latest grade as an embeddable SVG with cache headers and no cookies', async () => {
    const domain = await watched(1)
    const res = await w.request(`/badge/${domain}.svg`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('public, max-age=300')
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    expect(res.headers.get('set-cookie')).toBeNull()
    const svg = await res.text()
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    expect(svg).toContain('>A+</text>')
    expect(svg).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/)
    // The monitor's next run saw no HSTS: the badge follows the latest grade, not the first.
    w.advance(HOUR)
    await w.cron()
    // Without HSTS (−20, bonuses lost) it scores 80: the Observatory's B+, and the badge says B+, not B.
    const later = await (await w.request(`/badge/${domain}.svg`)).text()
    expect(later).toContain('>B+</text>')
    expect(later).toContain('aria-label="HTTPS audit: B+"')
  })

  it('says "not checked" for a domain without a grade, never starting a check', async () => {
    const calls = w.fetcher.calls.length
    const svg = await (await w.request('/badge/unknown-site.org.svg')).text()
    expect(svg).toContain('>not checked</text>')
    expect(w.fetcher.calls.length).toBe(calls)
  })

  it('refuses names that are not hostnames and paths without .svg', async () => {
    const bad = await w.request('/badge/%3Cscript%3E.svg')
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { code: string }).code).toBe('INVALID_DOMAIN')
    expect((await w.request('/badge/example.org.png')).status).toBe(404)
  })

  it('is offered on the report view with a snippet to copy, escaped', async () => {
    const { domain } = await w.site()
    const page = await (await w.request(`/check/${domain}`)).text()
    expect(page).toContain(`<img src="/badge/${domain}.svg"`)
    expect(page).toContain(
      `&lt;a href=&quot;${env.BASE_URL}/check/${domain}&quot;&gt;&lt;img src=&quot;${env.BASE_URL}/badge/${domain}.svg&quot;`
    )
  })
})

describe('cron handler', () => {
  it('the scheduled handler enqueues due monitors and the queue handler runs them', async () => {
    const { domain } = await w.site()
    const { rawKey } = await proKey()
    const { id } = (await (
      await w.request('/api/v1/monitors', { method: 'POST', body: JSON.stringify({ domain, interval: 'daily' }) }, rawKey)
    ).json()) as { id: string }
    const { sent } = await w.scheduled()
    expect(sent.map((m) => m.body.monitor_id)).toContain(id)
    await w.consume(sent.map((m) => m.body))
    const monitor = (await (await w.request(`/api/v1/monitors/${id}`, {}, rawKey)).json()) as {
      last: { grade: string } | null
      last_run_at: string | null
    }
    expect(monitor.last?.grade).toBe('A+')
    expect(monitor.last_run_at).not.toBeNull()
  })
})

describe('OpenAPI', () => {
  it('documents the monitoring, webhook, history and badge routes with their schemas', async () => {
    const doc = (await (await w.request('/openapi.json')).json()) as {
      paths: Record<string, Record<string, any>>
      components: { schemas: Record<string, any> }
    }
    for (const path of [
      '/api/v1/monitors',
      '/api/v1/monitors/{id}',
      '/api/v1/monitors/{id}/history',
      '/api/v1/webhooks',
      '/badge/{file}',
      '/check/{domain}/history',
    ]) {
      expect(doc.paths[path], path).toBeDefined()
    }
    expect(Object.keys(doc.paths['/api/v1/monitors/{id}']).sort()).toEqual(['delete', 'get', 'patch'])
    expect(doc.components.schemas).toHaveProperty('Monitor')
    expect(doc.components.schemas).toHaveProperty('MonitorHistory')
    expect(JSON.stringify(doc.components.schemas.WebhookEndpointCreate)).toContain('audit.grade_changed')
  })
})

describe('history page limit', () => {
  it('answers 429 as a page past 60 history pages a minute from one client, exactly, in parallel', async () => {
    const ip = '203.0.113.61'
    const results = await Promise.all(
      Array.from({ length: 64 }, () => w.request('/check/never-watched.org/history', { headers: { 'cf-connecting-ip': ip } }))
    )
    const statuses = results.map((r) => r.status)
    expect(statuses.filter((s) => s === 404)).toHaveLength(60)
    expect(statuses.filter((s) => s === 429)).toHaveLength(4)
    const limited = results.find((r) => r.status === 429)!
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(limited.headers.get('content-type')).toMatch(/text\/html/)
  })
})
