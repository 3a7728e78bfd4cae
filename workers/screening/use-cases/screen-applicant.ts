import { type ScreenOutcome, screenApplicant } from '../domain/screening/screen'
import type { ScreeningPorts } from '../env'
import type { ScreeningRequest } from '../schemas'

type Ports = Pick<ScreeningPorts, 'db' | 'now' | 'linkSecret' | 'providerConfigured' | 'provider' | 'defaultPartnerCap' | 'outbox' | 'emit'>

/**
 * One screening through the API (the partner key, or the landlord's e-mail without one) or
 * the partner's hosted embed (`keyId: null`, `callerIsOwner: false`: an applicant there is
 * never told a screening already exists).
 */
export function screen(
  ports: Ports,
  input: { partnerId: string | null; keyId: string | null; callerIsOwner: boolean; request: ScreeningRequest }
): Promise<ScreenOutcome> {
  return screenApplicant(
    {
      db: ports.db,
      linkSecret: ports.linkSecret,
      providerConfigured: ports.providerConfigured,
      provider: ports.provider,
      defaultPartnerCap: ports.defaultPartnerCap,
      outbox: ports.outbox,
      emit: ports.emit,
      now: ports.now(),
      partnerId: input.partnerId,
      keyId: input.keyId,
      callerIsOwner: input.callerIsOwner,
    },
    input.request
  )
}
