import type { HttpFetcher } from '../../../../shared/http-fetcher'
import type { Bindings } from '../../env'
import { queueMail } from '../mail/outbox'
import { selectProvider } from '../provider/select'
import type { FairChancePorts } from './workflow'

/** The fair-chance ports of a request: D1, the clock, the configured provider and the outbox. */
export function fairChancePorts(ctx: { env: Bindings; fetcher: HttpFetcher; now: Date; userAgent: string }): FairChancePorts {
  return {
    db: ctx.env.DB,
    now: ctx.now,
    provider: () => selectProvider(ctx.env, ctx.fetcher, ctx.userAgent),
    notifyApplicant: async (screeningId, to) => {
      const outcome = await queueMail(ctx, 'fair_chance_notice', screeningId, to)
      if (outcome === 'capped') return 'not sent: this applicant address reached its daily e-mail limit'
      return outcome === 'sent' ? 'e-mailed to the applicant' : 'queued in the outbox for the applicant'
    },
  }
}
