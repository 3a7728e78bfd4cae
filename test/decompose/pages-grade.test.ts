import { env } from 'cloudflare:workers'
import { expect, it } from 'vitest'
import app from '../../workers/decompose/index'
import { gradeOurPage } from '../helpers/audit-grade'

it.each(['/dashboard', '/docs'])('the decompose page %s passes our own audit rules with A+', async (path) => {
  const report = await gradeOurPage(app, env as never, path)
  expect(report.findings.filter((f) => !f.pass)).toEqual([])
  expect(report.score).toBe('A+')
})
