import { guardTexts } from '../domain/safety/guard'
import type { GuardVerdict } from '../domain/safety/guard-verdict'
import type { DecomposePorts } from '../env'

/**
 * The guard model's verdict on the texts (issue 30 §1) when the AI binding is configured, else
 * null. A timeout, error or unreadable answer is logged by its reason only, never the text, and
 * the rules screen decides alone.
 */
export async function guardVerdict(ports: Pick<DecomposePorts, 'ai'>, texts: string[]): Promise<GuardVerdict | null> {
  if (!ports.ai) return null
  const outcome = await guardTexts(ports.ai, texts)
  if (outcome.reason !== 'ok') console.warn(`decompose: safety guard ${outcome.reason}, rules screen alone`)
  return outcome.verdict
}
