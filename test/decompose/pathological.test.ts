import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { app } from './app'
import { DecomposeResponseSchema } from '../../workers/decompose/schemas'
import { issueTestKey } from '../helpers/keys'
import { createTestAccount } from './accounts'
import { PATHOLOGICAL_UNITS, pathological } from './pathological'

// Issue 13: inputs that once cost seconds of CPU (a context of 2,000 digits took about 10 s).
// The cost itself is measured by `npm run bench -- worst-case`; here every shape, at the
// largest size the API accepts, must come back as a valid plan, not a 500 or a timeout.
const bindings = { ...env, RATE_LIMIT_PER_MINUTE: '1000000' }

async function paidKey() {
  const account = await createTestAccount('paid')
  return (await issueTestKey(env.DB, 'decompose', 'paid', { accountId: account.id })).rawKey
}

describe('pathological inputs at the maximum size', () => {
  it.each(PATHOLOGICAL_UNITS)('%j repeated: goal 500 and context 2,000 characters give a 200 plan', async (unit) => {
    const key = await paidKey()
    for (const body of [pathological(unit, 'context'), pathological(unit, 'goal')]) {
      expect(body.goal.length).toBeLessThanOrEqual(500)
      expect(body.context.length).toBe(2000)
      const res = await app.request(
        '/api/v1/decompose',
        { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify(body) },
        bindings
      )
      expect(res.status).toBe(200)
      const plan = DecomposeResponseSchema.parse(await res.json())
      expect(plan.first_cycle_actions).toHaveLength(14)
    }
  })

  it('a context one character over the limit is a 400 in the documented shape', async () => {
    const key = await paidKey()
    const res = await app.request(
      '/api/v1/decompose',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ goal: 'Run a 5K', context: '1'.repeat(2001) }),
      },
      bindings
    )
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'INVALID_BODY' })
  })
})
