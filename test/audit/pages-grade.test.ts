import { env } from 'cloudflare:workers'
import { beforeAll, expect, it } from 'vitest'
import { makeApp } from './app'
import { cacheReport } from '../../workers/audit/store'
import { gradeOurPage } from '../helpers/audit-grade'
import reportJson from '../e2e/fixtures/audit-good-site.json?raw'

const app = makeApp({ fetcher: async () => Response.error() })

beforeAll(async () => {
  // A report as a fresh check leaves it, so /check/<domain> renders the full report view.
  await cacheReport(env.CACHE, { ...JSON.parse(reportJson), checked_at: new Date().toISOString() }, false, new Date())
})

it.each(['/', '/scoring', '/docs', '/check/good-site.org', '/check?domain=localhost'])(
  'the audit page %s passes our own audit rules with A+',
  async (path) => {
    const report = await gradeOurPage(app, env as never, path)
    expect(report.findings.filter((f) => !f.pass)).toEqual([])
    expect(report.score).toBe('A+')
  }
)

it('the report view really shows the cached report', async () => {
  const page = await (await app.request('/check/good-site.org', {}, env)).text()
  expect(page).toContain('Encrypt (R11)')
  expect(page).toContain('http://good-site.org/ -&gt; 301 -&gt; https://good-site.org/')
})
