import { z } from '@hono/zod-openapi'
import { ALERT_CONDITION_NAMES } from './domain/monitor/events'
import { MAX_MONITORS_PER_KEY } from './domain/monitor/schedule'

const EMAIL_MAX = 254
// One character class, anchored, no nesting: linear on any input.
const EMAIL_PART = /^[^\s@<>()[\]\\,;:"\u0000-\u001f\u007f]+$/

/** A plain address check: one @, something on each side, a dot in the domain. The mailbox is not verified. */
export function isEmailAddress(value: string): boolean {
  const at = value.lastIndexOf('@')
  if (at < 1 || at !== value.indexOf('@') || at > 64) return false
  const local = value.slice(0, at)
  const domain = value.slice(at + 1)
  return EMAIL_PART.test(local) && EMAIL_PART.test(domain) && domain.includes('.') && !domain.startsWith('.') && !domain.endsWith('.')
}

const Email = z.string().trim().max(EMAIL_MAX).refine(isEmailAddress, 'not an e-mail address').openapi({
  description:
    'Where alert e-mails go, once the address is confirmed: setting it sends the address a confirmation link (valid 48 hours); no alert is sent to it before it is confirmed (alert.email_confirmed). Sent by the cron through the configured mail transport, kept in an outbox with backoff until then (docs/audit.md, "E-mail").',
  example: 'ops@example.com',
})

const On = z
  .array(z.enum(ALERT_CONDITION_NAMES))
  .max(ALERT_CONDITION_NAMES.length)
  .refine((list) => new Set(list).size === list.length, 'conditions must not repeat')
  .openapi({
    description:
      'Which changes alert: grade_drop (audit.grade_changed, sent when the grade changes either way), cert_expiry (audit.certificate_expiring, once per certificate at the threshold), check_failed (audit.check_failed, when the site stops answering or its name stops resolving), header_removed (audit.header_removed, a security header that was sent is gone).',
    example: [...ALERT_CONDITION_NAMES],
  })

const CertDays = z
  .number()
  .int()
  .min(1)
  .max(90)
  .openapi({ description: 'Days before expiry at which cert_expiry alerts (default 14).', example: 14 })

export const MonitorCreate = z
  .object({
    domain: z.string().trim().min(1).max(2048).openapi({
      description: 'A public hostname, or a URL whose host is watched; read and validated as `domain` in GET /api/v1/check.',
      example: 'example.com',
    }),
    interval: z.enum(['hourly', 'daily']),
    alert: z.object({ email: Email.optional(), on: On.optional(), cert_expiry_days: CertDays.optional() }).strict().optional(),
  })
  .strict()
  .openapi('MonitorCreate')

export const MonitorUpdate = z
  .object({
    interval: z.enum(['hourly', 'daily']).optional(),
    alert: z.object({ email: Email.nullable().optional(), on: On.optional(), cert_expiry_days: CertDays.optional() }).strict().optional(),
  })
  .strict()
  .openapi('MonitorUpdate', { description: 'Fields to change; the domain cannot change (delete and create another monitor).' })

export const Monitor = z
  .object({
    id: z.string().openapi({ example: 'mon_3f2a…' }),
    domain: z.string(),
    interval: z.enum(['hourly', 'daily']),
    alert: z.object({
      email: z.string().nullable(),
      email_confirmed: z.boolean().nullable().openapi({
        description:
          'Whether this key has confirmed alert.email (the link sent to it); alerts are e-mailed only when true. null without an address.',
      }),
      on: z.array(z.enum(ALERT_CONDITION_NAMES)),
      cert_expiry_days: z.number().int(),
    }),
    created_at: z.string(),
    next_run_at: z
      .string()
      .openapi({ description: 'When the next check is due (the cron runs due checks every minute, a bounded batch at a time).' }),
    last_run_at: z.string().nullable(),
    last: z
      .object({ status: z.enum(['ok', 'failed']), grade: z.string().nullable(), score: z.number().int().nullable() })
      .nullable()
      .openapi({ description: 'What the latest run found; null before the first run.' }),
    history_url: z.string(),
  })
  .openapi('Monitor')

export const MonitorParams = z.object({
  id: z
    .string()
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' }, example: 'mon_3f2a…' }),
})

const isoDate = (name: string) =>
  z
    .string()
    .max(40)
    .refine((v) => !Number.isNaN(Date.parse(v)), `${name} must be an ISO 8601 date or date-time`)
    .optional()
    .openapi({ param: { name, in: 'query' }, example: '2026-11-01T00:00:00Z' })

export const HistoryQuery = z.object({ from: isoDate('from'), to: isoDate('to') })

export const HISTORY_MAX_ROWS = 2000

const HeaderVerdict = z.object({ present: z.boolean(), result: z.string() })

export const HistoryRun = z
  .object({
    checked_at: z.string(),
    status: z.enum(['ok', 'failed', 'error']).openapi({
      description: 'ok: a report; failed: the site could not be checked; error: our DNS resolver was unavailable (never alerted).',
    }),
    score: z.number().int().nullable(),
    grade: z.string().nullable(),
    ssl_grade: z.string().nullable(),
    cert_expires_at: z.string().nullable(),
    cert_days_remaining: z.number().int().nullable(),
    headers: z
      .object({
        hsts: HeaderVerdict,
        csp: HeaderVerdict,
        x_frame_options: HeaderVerdict,
        x_content_type_options: HeaderVerdict,
        referrer_policy: HeaderVerdict,
        cross_origin_resource_policy: HeaderVerdict,
        cross_origin_opener_policy: HeaderVerdict,
        cross_origin_embedder_policy: HeaderVerdict,
      })
      .nullable()
      .openapi({ description: 'Each security header: sent or not, and its test result.' }),
    error: z.string().nullable(),
  })
  .openapi('MonitorRun')

export const History = z
  .object({
    monitor_id: z.string(),
    domain: z.string(),
    from: z.string(),
    to: z.string(),
    runs: z.array(HistoryRun).openapi({ description: `Oldest first, at most ${HISTORY_MAX_ROWS}.` }),
    truncated: z.boolean().openapi({ description: 'More runs fall in the range than were returned: narrow it.' }),
  })
  .openapi('MonitorHistory')

export const LIMIT_TEXT = `At most ${MAX_MONITORS_PER_KEY} monitors per key.`

export const ConfirmEmailBody = z
  .object({ token: z.string().max(200).openapi({ description: 'The token of the confirmation link (its `token` query parameter).' }) })
  .strict()
  .openapi('ConfirmAlertEmail')

export const ConfirmedEmail = z
  .object({ address: z.string(), confirmed_at: z.string() })
  .openapi('ConfirmedAlertEmail', { description: "The address is confirmed: alerts of this key's monitors listing it are e-mailed." })
