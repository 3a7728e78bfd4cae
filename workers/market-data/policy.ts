import { defaultErrorPolicy, type ErrorPolicy } from '../../shared/errors'

/**
 * The market-data contract's error answers: the platform defaults (a bad query is
 * `400 INVALID_QUERY`) and, in `statuses`, the HTTP status of every DomainError code the
 * market-data domain and use cases throw.
 */
export const MARKET_DATA_POLICY: ErrorPolicy = {
  ...defaultErrorPolicy,
  statuses: {
    // A zone, range or layout the query names that the data cannot answer (domain/answer.ts, output/range.ts).
    INVALID_QUERY: 400,
  },
}
