// Its own module so that the parsers (csv, normalise, marginal) can throw it without
// importing the client that imports them.
export type RteErrorCode = 'NOT_CONFIGURED' | 'UNAUTHORIZED' | 'RATE_LIMITED' | 'UPSTREAM' | 'MALFORMED'

export class RteError extends Error {
  constructor(
    readonly code: RteErrorCode,
    message: string,
    readonly retryAfterSeconds?: number
  ) {
    super(message)
    this.name = 'RteError'
  }
}
