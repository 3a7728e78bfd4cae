/**
 * Why an ENTSO-E answer could not be turned into prices. `code` drives what the caller does:
 * UNAUTHORIZED (fix the token), RATE_LIMITED (back off `retryAfterSeconds`), REJECTED (the
 * query itself is wrong), WRONG_ZONE / UNSUPPORTED_DOCUMENT / MALFORMED (the document is not
 * a French day-ahead price document we can trust), UPSTREAM (the platform failed).
 */
export type EntsoeErrorCode =
  | 'UNAUTHORIZED'
  | 'RATE_LIMITED'
  | 'REJECTED'
  | 'WRONG_ZONE'
  | 'UNSUPPORTED_DOCUMENT'
  | 'MALFORMED'
  | 'UPSTREAM'

export class EntsoeError extends Error {
  constructor(
    readonly code: EntsoeErrorCode,
    message: string,
    readonly retryAfterSeconds?: number
  ) {
    super(message)
    this.name = 'EntsoeError'
  }
}
