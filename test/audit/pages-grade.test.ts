import { env } from 'cloudflare:workers'
import { expect, it } from 'vitest'
import { buildAuditApp } from '../../workers/audit/app'
import { gradeOurPage } from '../helpers/audit-grade'

const app = buildAuditApp({ fetcher: async () => Response.error(), connectTls: null, now: () => new Date() })

it.each(['/', '/scoring', '/docs', '/check?domain=localhost'])('the audit page %s passes our own audit rules with A+', async (path) => {
  const report = await gradeOurPage(app, env as never, path)
  expect(report.findings.filter((f) => !f.pass)).toEqual([])
  expect(report.score).toBe('A+')
})
