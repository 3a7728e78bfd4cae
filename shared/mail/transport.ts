import type { HttpFetcher } from '../http-fetcher'

/** One plain-text message; every template of ours renders to this. */
export type OutgoingMail = { to: string; subject: string; text: string }

/** The worker settings a transport is chosen from (wrangler.toml vars, secrets, a send_email binding). */
export type MailSettings = {
  EMAIL?: SendEmail
  EMAIL_FROM?: string
  EMAIL_API_URL?: string
  EMAIL_API_KEY?: string
}

export type Transport = { name: 'cloudflare-email' | 'http'; send(mail: OutgoingMail): Promise<void> }

const SEND_TIMEOUT_MS = 5000

/**
 * Where e-mails go, for every worker that sends them: the Cloudflare Email Service binding
 * when it is bound and a sender is set; else an HTTP e-mail API (a Resend-style
 * `POST {from, to, subject, text}` with a bearer key) through the worker's one fetcher; else
 * none, and the caller keeps the message in its outbox table.
 */
export function selectTransport(settings: MailSettings, fetcher: HttpFetcher): Transport | null {
  const from = settings.EMAIL_FROM?.trim()
  if (!from) return null
  if (settings.EMAIL) {
    const binding = settings.EMAIL
    return {
      name: 'cloudflare-email',
      async send(mail) {
        await binding.send({ from, to: mail.to, subject: mail.subject, text: mail.text })
      },
    }
  }
  const url = settings.EMAIL_API_URL?.trim()
  const key = settings.EMAIL_API_KEY?.trim()
  if (url && key) {
    return {
      name: 'http',
      async send(mail) {
        const res = await fetcher(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ from, to: mail.to, subject: mail.subject, text: mail.text }),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        })
        if (!res.ok) throw new Error(`the e-mail API answered HTTP ${res.status}`)
      },
    }
  }
  return null
}

/** Why selectTransport found none, in the words an operator reading an outbox row needs. */
export function missingTransportReason(settings: MailSettings): string {
  if (!settings.EMAIL_FROM?.trim()) return 'not sent: no e-mail transport configured (EMAIL_FROM is not set)'
  return 'not sent: no e-mail transport configured (bind EMAIL, or set the EMAIL_API_URL and EMAIL_API_KEY secrets)'
}
