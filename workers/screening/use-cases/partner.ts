import { DomainError } from '../../../shared/errors'
import { MAX_LINK_TTL_SECONDS, linkSecret } from '../domain/embed/link'
import { ownerOf } from '../domain/owner'
import type { ScreeningPorts } from '../env'
import * as store from '../store'
import * as caps from '../stores/partner-cap'
import * as policies from '../stores/partner-policy'

type Ports = Pick<ScreeningPorts, 'db' | 'now'>

/** The owner a partner-only call acts for; without a key, the refusal every partner setting gives. */
export function partnerOwner(partnerId: string | null): string {
  if (!partnerId) throw new DomainError('UNAUTHORIZED', 'Send your partner key in x-api-key.')
  return ownerOf(partnerId, '')
}

/** The partner's daily cap on new screenings (its own, or the operator's default) and today's count. */
export async function screeningCapOf(ports: Ports & Pick<ScreeningPorts, 'defaultPartnerCap'>, partnerId: string | null) {
  const owner = partnerOwner(partnerId)
  const own = await caps.partnerCap(ports.db, owner)
  return {
    dailyScreeningCap: own ?? ports.defaultPartnerCap,
    isDefault: own === null,
    screenedToday: await caps.screeningsToday(ports.db, owner, ports.now().toISOString().slice(0, 10)),
  }
}

export async function setScreeningCap(
  ports: Ports & Pick<ScreeningPorts, 'defaultPartnerCap'>,
  input: { partnerId: string | null; dailyScreeningCap: number }
) {
  await caps.setPartnerCap(ports.db, partnerOwner(input.partnerId), input.dailyScreeningCap, ports.now())
  return screeningCapOf(ports, input.partnerId)
}

export function subsidyCreditPolicyOf(ports: Ports, partnerId: string | null): Promise<boolean> {
  return policies.skipsCreditForSubsidy(ports.db, partnerOwner(partnerId))
}

export async function setSubsidyCreditPolicy(ports: Ports, input: { partnerId: string | null; skip: boolean }): Promise<void> {
  await policies.setSkipCreditForSubsidy(ports.db, partnerOwner(input.partnerId), input.skip, ports.now())
}

/**
 * Issues the next generation of the secret the partner's server signs embed links with
 * (issue 34 §5). It is derived, not stored, so this answer is the only place to read it.
 */
export async function rotateEmbedSigningSecret(ports: Ports & Pick<ScreeningPorts, 'linkSecret'>, partnerId: string | null) {
  if (!partnerId) throw new DomainError('UNAUTHORIZED', 'Send your partner key in x-api-key.')
  if (!ports.linkSecret) {
    throw new DomainError('NOT_CONFIGURED', 'Signed embed links need LINK_SIGNING_SECRET, which the operator has not set.')
  }
  const next = await store.nextLinkSecretGeneration(ports.db, partnerId, ports.now())
  if (!next) {
    throw new DomainError('EMBED_NOT_CONFIGURED', 'Your embed is not configured yet; ask the operator (npm run admin -- partners embed).')
  }
  return {
    embedId: next.publicId,
    signingSecret: await linkSecret(ports.linkSecret, next.publicId, next.generation),
    generation: next.generation,
    maxLinkTtlSeconds: MAX_LINK_TTL_SECONDS,
  }
}
