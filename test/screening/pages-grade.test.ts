import { env } from 'cloudflare:workers'
import { expect, it } from 'vitest'
import app from '../../workers/screening/index'
import { gradeOurPage } from '../helpers/audit-grade'
import { freshIp, linksIn, mailApi, screen, testApp } from './helpers'

it('the screening docs page passes our own audit rules with A+', async () => {
  const report = await gradeOurPage(app, env as never, '/docs')
  expect(report.findings.filter((f) => !f.pass)).toEqual([])
  expect(report.score).toBe('A+')
})

it('the printable adverse-action notice passes our own audit rules with A+', async () => {
  const mail = mailApi()
  const mailing = testApp({ fetcher: mail.fetcher })
  const s = (await (
    await screen(mailing, { applicantEmail: 'graded@example.com', email: 'graded-landlord@example.com' }, freshIp(), mail.bindings)
  ).json()) as { screeningId: string }
  const { token } = linksIn(mail.sent[0])
  const decided = await mailing.request(
    `/api/screenings/${s.screeningId}/decision?token=${token}`,
    { method: 'POST', headers: { 'content-type': 'application/json', ...freshIp() }, body: JSON.stringify({ action: 'denied' }) },
    mail.bindings
  )
  expect(decided.status).toBe(201)
  const report = await gradeOurPage(
    mailing,
    env as never,
    `/api/screenings/${s.screeningId}/adverse-action-notice?format=html&token=${token}`
  )
  expect(report.findings.filter((f) => !f.pass)).toEqual([])
  expect(report.score).toBe('A+')
})
