import { env } from 'cloudflare:workers'
import { expect, it } from 'vitest'
import { app } from './app'
import { gradeOurPage } from '../helpers/audit-grade'

it('the market-data docs page passes our own audit rules with A+', async () => {
  const report = await gradeOurPage(app, env as never, '/docs')
  expect(report.findings.filter((f) => !f.pass)).toEqual([])
  expect(report.score).toBe('A+')
})
