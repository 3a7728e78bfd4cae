import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { GRADED_HOST, gradeOurPage } from '../helpers/audit-grade'
import { app, publishJson, published } from './helpers'

describe('drop pages under our audit rules', () => {
  it('a drop page earns the top grade, A+, with every header test passing', async () => {
    const { slug } = await published(await publishJson({ markdown: '# Graded\n\nA page to audit.' }))
    const report = await gradeOurPage(app, env as never, `/v/${slug}`)
    expect(report.redirects.http_to_https).toBe(true)
    expect(report.redirects.chain[0]).toBe(`http://${GRADED_HOST}/ -> 301 -> https://${GRADED_HOST}/`)
    expect(report.findings.filter((f) => !f.pass)).toEqual([])
    expect(report.score).toBe('A+')
  })

  it.each(['/docs', '/v/Zz9Zz9Zz'])('%s earns A+ too', async (path) => {
    const report = await gradeOurPage(app, env as never, path)
    expect(report.findings.filter((f) => !f.pass)).toEqual([])
    expect(report.score).toBe('A+')
  })
})
