import { DomainError } from '../../../shared/errors'
import { checkToken } from '../domain/access'
import { windowOpen } from '../domain/fair-chance/deadline'
import { type ApplicantResponseInput, MAX_APPLICANT_RESPONSES, parseNotice, submitApplicantResponse } from '../domain/fair-chance/workflow'
import type { ScreeningPorts } from '../env'
import * as store from '../store'
import * as fc from '../stores/fair-chance'

type Ports = Pick<ScreeningPorts, 'db' | 'now' | 'linkSecret'>

const noNotice = () => new DomainError('NOTICE_NOT_FOUND', 'There is no notice of criminal-history records behind this link.')

/** The screening behind the applicant's signed link; nothing for any other kind of link or an erased screening. */
async function applicantScreening(ports: Ports, token: string) {
  const capability = await checkToken({ db: ports.db, now: ports.now(), linkSecret: ports.linkSecret }, token)
  if (capability.kind !== 'applicant') throw noNotice()
  const found = await store.screeningWithProperty(ports.db, capability.subject_id)
  if (!found || found.screening.erasedAt) throw noNotice()
  return { capability, screeningId: found.screening.id }
}

/** The applicant opens the notice of criminal-history records (issue 34 §1) through its link. */
export async function openApplicantNotice(ports: Ports, token: string) {
  const { screeningId } = await applicantScreening(ports, token)
  const notice = parseNotice(await fc.criminalCheck(ports.db, screeningId))
  if (!notice) throw noNotice()
  const [answers, decision] = await Promise.all([fc.applicantResponses(ports.db, screeningId), fc.decisionOf(ports.db, screeningId)])
  return {
    screeningId,
    notice,
    windowOpen: windowOpen(notice.respondBy, ports.now()),
    decided: decision !== null,
    answersSent: answers.length,
    answersLeft: Math.max(0, MAX_APPLICANT_RESPONSES - answers.length),
  }
}

/**
 * The applicant answers through the same link. `requireNotice` (the web page) refuses a link
 * with no notice behind it as the page that showed it would; the API leaves that refusal to
 * the workflow (CRIMINAL_CHECK_NOT_RECEIVED).
 */
export async function answerApplicantNotice(
  ports: Ports,
  input: { token: string; response: ApplicantResponseInput; requireNotice?: boolean }
): Promise<{ id: string; submittedAt: string }> {
  const { capability, screeningId } = await applicantScreening(ports, input.token)
  if (input.requireNotice && !parseNotice(await fc.criminalCheck(ports.db, screeningId))) throw noNotice()
  return submitApplicantResponse({ db: ports.db, now: ports.now() }, { screeningId, capabilityId: capability.id, response: input.response })
}
