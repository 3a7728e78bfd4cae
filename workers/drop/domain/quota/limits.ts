/**
 * Hourly limits of the drop service: every publish and every edit renders Markdown (the
 * costly part of this service, up to 10x a typical document of the same size), so each is
 * counted before its body is read. The numbers are product decisions (docs/drop.md "Limits").
 */
export const HOUR = 3600

export const PUBLISH_LIMITS = {
  /** Publishes per canonical client (IPv4, or the IPv6 /64) without a key. */
  free: 10,
  /** Publishes per Pro account. */
  pro: 1000,
} as const

export const EDIT_LIMITS = {
  /** Edits of one drop, whoever sends them: an edit token cannot re-render one drop without end. */
  perDrop: 60,
  /** Edits by one client holding edit tokens (IPv4, or the IPv6 /64), over all its drops. */
  perClient: 60,
  /** Edits sent with one Pro account's keys, over all its drops. */
  perProAccount: 1000,
} as const
