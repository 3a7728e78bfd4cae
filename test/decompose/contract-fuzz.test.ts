import { env } from 'cloudflare:workers'
import { expect, it } from 'vitest'
import { fuzzService } from '../helpers/fuzz'
import { issueTestKey } from '../helpers/keys'
import { createTestAccount } from './accounts'
import { app } from './app'

it('fuzz: no input makes any decompose endpoint fail or answer off-contract', async () => {
  // A paid key per endpoint, and the operator's limit raised so bodies reach the planner.
  const headersFor = async () => {
    const account = await createTestAccount('paid')
    return { authorization: `Bearer ${(await issueTestKey(env.DB, 'decompose', 'paid', { accountId: account.id })).rawKey}` }
  }
  // A valid body, so each pathological value reaches the safety screen and the planner.
  const examples = { 'POST /api/v1/decompose': { goal: 'Run my first 5K', context: 'beginner, 30 minutes a day' } }
  const { requests, failures } = await fuzzService({
    app,
    env: { ...env, RATE_LIMIT_PER_MINUTE: '1000000' } as never,
    headersFor,
    examples,
  })
  expect(failures).toEqual([])
  expect(requests).toBeGreaterThan(100)
}, 300_000)
