import { env } from 'cloudflare:workers'
import { expect, it } from 'vitest'
import { app } from '../../workers/screening/index'
import { gradeOurPage } from '../helpers/audit-grade'

it('the screening docs page passes our own audit rules with A+', async () => {
  const report = await gradeOurPage(app, env as never, '/docs')
  expect(report.findings.filter((f) => !f.pass)).toEqual([])
  expect(report.score).toBe('A+')
})
