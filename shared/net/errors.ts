/** Why a target (the requested domain, or a redirect hop) is refused before any request to it. */
export type TargetErrorCode = 'INVALID_DOMAIN' | 'DOMAIN_NOT_PUBLIC' | 'DOMAIN_NOT_FOUND' | 'DNS_UNAVAILABLE'

export class TargetError extends Error {
  constructor(
    readonly code: TargetErrorCode,
    message: string
  ) {
    super(message)
    this.name = 'TargetError'
  }
}
