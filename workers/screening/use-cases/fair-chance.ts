import { actorOf, ownedScreening } from '../domain/access'
import { screeningRef } from '../domain/fair-chance/ref'
import { type FairChancePorts, makeConditionalOffer, parseNotice, recordAssessment, recordDecision } from '../domain/fair-chance/workflow'
import type { ScreeningPorts } from '../env'
import * as fc from '../stores/fair-chance'
import { type Asker, callerOf } from './caller'

type Ports = Pick<ScreeningPorts, 'db' | 'now' | 'linkSecret'>
type Input = Asker & { screeningId: string }

/** The owner's screening as a fair-chance step sees it; the applicant's copy link does not act for the landlord. */
async function ownedRef(ports: Ports, input: Input) {
  const found = await ownedScreening(callerOf(ports, input.partnerId), input.screeningId, input.token, { landlord: true })
  return screeningRef(ports.db, found, actorOf(found.reader))
}

/** The fair-chance ports of one step: the provider on demand and the applicant's notice through the outbox. */
function fairChancePorts(ports: Ports & Pick<ScreeningPorts, 'provider' | 'outbox'>): FairChancePorts {
  return {
    db: ports.db,
    now: ports.now(),
    provider: ports.provider,
    notifyApplicant: async (screeningId, to) => {
      const outcome = await ports.outbox.queue('fair_chance_notice', screeningId, to)
      if (outcome === 'capped') return 'not sent: this applicant address reached its daily e-mail limit'
      return outcome === 'sent' ? 'e-mailed to the applicant' : 'queued in the outbox for the applicant'
    },
  }
}

/** Conditional offer, then the separate criminal request where the law allows it (issue 34 §1). */
export async function conditionalOffer(ports: Ports & Pick<ScreeningPorts, 'provider' | 'outbox'>, input: Input) {
  const ref = await ownedRef(ports, input)
  return makeConditionalOffer(fairChancePorts(ports), ref)
}

export async function individualizedAssessment(ports: Ports, input: Input & { assessment: Parameters<typeof recordAssessment>[2] }) {
  const ref = await ownedRef(ports, input)
  return recordAssessment({ db: ports.db, now: ports.now() }, ref, input.assessment)
}

export async function decide(ports: Ports, input: Input & { decision: Parameters<typeof recordDecision>[2] }) {
  const ref = await ownedRef(ports, input)
  return recordDecision({ db: ports.db, now: ports.now() }, ref, input.decision, ref.conditionalOfferAt)
}

/** The second step so far, for the owner: the check, the applicant's answers, the assessment and the decision. */
export async function secondStepOf(ports: Ports, input: Input) {
  const ref = await ownedRef(ports, input)
  const [check, responses, assessment, decision] = await Promise.all([
    fc.criminalCheck(ports.db, ref.screeningId),
    fc.applicantResponses(ports.db, ref.screeningId),
    fc.assessmentOf(ports.db, ref.screeningId),
    fc.decisionOf(ports.db, ref.screeningId),
  ])
  return {
    conditionalOfferAt: ref.conditionalOfferAt,
    criminalCheck: check
      ? { status: check.status, requestedAt: check.requested_at, receivedAt: check.received_at, notice: parseNotice(check) }
      : null,
    applicantResponses: responses.map((r) => ({ id: r.id, submittedAt: r.submitted_at, response: JSON.parse(r.response_json) })),
    assessment: assessment
      ? { assessedAt: assessment.assessed_at, actor: assessment.actor, assessment: JSON.parse(assessment.assessment_json) }
      : null,
    decision: decision
      ? { decidedAt: decision.decided_at, actor: decision.actor, action: decision.action, decision: JSON.parse(decision.decision_json) }
      : null,
  }
}
