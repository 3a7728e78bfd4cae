import type { PendingAlert } from './alerts'

/**
 * The alert e-mail: a fixed template. Its only variable parts are the domain (a validated,
 * normalised hostname), grades, numbers and our own links (BASE_URL), so it carries no
 * caller-written text. Stored in alert_mail_outbox, sent by the cron (outbox.ts).
 */
export function alertMail(
  to: string,
  alert: PendingAlert,
  context: { domain: string; checked_at: string; view_url: string; history_url: string }
) {
  return {
    to,
    subject: `HTTPS audit alert: ${alert.summary}`.slice(0, 200),
    text: [
      alert.summary,
      '',
      `Checked: ${context.checked_at}`,
      `Report: ${context.view_url}`,
      `History: ${context.history_url}`,
      '',
      `You receive this because a Pro monitor of ${context.domain} lists this address for its alerts.`,
    ].join('\n'),
  }
}
