import type { HttpFetcher } from '../../shared/http-fetcher'
import type { Bindings } from './env'
import { deliverDue } from './mail/outbox'

/**
 * The screening cron (wrangler.toml [env.screening] triggers): delivers the outbox. Each run
 * takes what is due in batches until nothing is left or the run has done enough for now.
 */
export async function runCron(env: Bindings, fetcher: HttpFetcher, now: Date): Promise<void> {
  for (let batch = 0; batch < 8; batch++) {
    const outcome = await deliverDue({ env, fetcher, now }, 25)
    if (outcome.claimed < 25) break
  }
}
