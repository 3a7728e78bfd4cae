import { sha256Hex } from '../../../../shared/keys'
import type { DropRow } from '../../store'

/** Equal-length hex digests compared without an early exit. */
function sameDigest(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}

export type Credential = { kind: 'edit-token'; token: string } | { kind: 'pro-key'; owner: string }

/**
 * Who may replace or delete a drop: whoever holds its edit token (compared as SHA-256
 * digests, never stored in clear), or the Pro account whose key published it. Nobody else,
 * and never across owners: another Pro key is refused like a wrong token.
 */
export async function mayManage(row: DropRow, credential: Credential): Promise<boolean> {
  if (credential.kind === 'pro-key') return row.owner !== null && row.owner === credential.owner
  return sameDigest(await sha256Hex(credential.token), row.edit_token_hash)
}
