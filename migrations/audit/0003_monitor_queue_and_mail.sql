-- Migration number: 0003
-- Monitor runs fanned out through the audit-monitor-runs queue, and alert e-mails delivered
-- through the shared mail transport (shared/mail/transport.ts), docs/audit.md "Monitoring".

-- queued_slot: the slot (epoch ms) of the one run ticket in flight for the monitor; the cron
-- sets it when it moves the monitor to its next slot and sends the ticket, the run that
-- records the result clears it. A ticket whose slot no longer matches is void (a queue
-- delivers at least once; a deleted monitor has no row), so each slot is recorded once.
-- last_run_id: the run that last recorded; its history row and mails are written only when
-- that run won the ticket.
ALTER TABLE monitors ADD COLUMN queued_slot INTEGER;
ALTER TABLE monitors ADD COLUMN last_run_id TEXT;

-- Delivery of alert e-mails: status queued -> sending (a lease until next_attempt_at) ->
-- sent, or back to queued with backoff, or dead after the last attempt. last_error says why a
-- message is not sent yet (including "no e-mail transport configured").
ALTER TABLE alert_mail_outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE alert_mail_outbox ADD COLUMN next_attempt_at TEXT;
ALTER TABLE alert_mail_outbox ADD COLUMN last_error TEXT;
ALTER TABLE alert_mail_outbox ADD COLUMN transport TEXT;
ALTER TABLE alert_mail_outbox ADD COLUMN sent_at TEXT;
CREATE INDEX alert_mail_outbox_due ON alert_mail_outbox (status, next_attempt_at);
