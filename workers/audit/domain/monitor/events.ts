/** Webhook event types the audit sends (docs/audit.md, "Monitoring"). */
export const AUDIT_EVENTS = ['audit.grade_changed', 'audit.certificate_expiring', 'audit.check_failed', 'audit.header_removed'] as const
export type AuditEvent = (typeof AUDIT_EVENTS)[number]

/** The `alert.on` conditions of a monitor and the event each one sends. */
export const ALERT_CONDITIONS = {
  grade_drop: 'audit.grade_changed',
  cert_expiry: 'audit.certificate_expiring',
  check_failed: 'audit.check_failed',
  header_removed: 'audit.header_removed',
} as const satisfies Record<string, AuditEvent>
export type AlertCondition = keyof typeof ALERT_CONDITIONS
export const ALERT_CONDITION_NAMES = Object.keys(ALERT_CONDITIONS) as [AlertCondition, ...AlertCondition[]]
