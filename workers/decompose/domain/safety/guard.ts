import GUARD from './guard.json'
import { parseGuard, type GuardVerdict } from './guard-verdict'

/** The slice of the Workers AI binding the guard needs (tests pass a replay of its answers). */
export type GuardRunner = { run(model: string, input: { messages: Array<{ role: 'user'; content: string }> }): Promise<unknown> }

export type GuardOutcome = { verdict: GuardVerdict | null; reason: 'ok' | 'timeout' | 'error' | 'malformed' }

/**
 * Asks the guard model (Llama Guard 3 on Workers AI) about every text a person sent, as one
 * user turn. A timeout, an error or an answer we cannot read gives `verdict: null`: the rules
 * screen alone decides, and the caller logs the reason (never the text).
 */
export async function guardTexts(ai: GuardRunner, texts: string[], timeoutMs = GUARD.timeout_ms): Promise<GuardOutcome> {
  const content = texts.filter((t) => t.trim()).join('\n\n')
  if (!content) return { verdict: { safe: true }, reason: 'ok' }
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs)
  })
  try {
    const answer = await Promise.race([ai.run(GUARD.model, { messages: [{ role: 'user', content }] }), timeout])
    if (answer === 'timeout') return { verdict: null, reason: 'timeout' }
    const verdict = parseGuard(answer)
    return verdict ? { verdict, reason: 'ok' } : { verdict: null, reason: 'malformed' }
  } catch {
    return { verdict: null, reason: 'error' }
  } finally {
    clearTimeout(timer)
  }
}
