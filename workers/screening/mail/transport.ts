import type { HttpFetcher } from '../../../shared/http-fetcher'
import type { ResultMail } from './result-mail'

export type MailSettings = {
  EMAIL?: SendEmail
  EMAIL_FROM?: string
  EMAIL_API_URL?: string
  EMAIL_API_KEY?: string
}

export type Transport = { name: 'cloudflare-email' | 'http'; send(mail: ResultMail): Promise<void> }

const SEND_TIMEOUT_MS = 5000

/**
 * Where result e-mails go: the Cloudflare Email Service binding when it is bound and a
 * sender is set; else an HTTP e-mail API (a Resend-style `POST {from, to, subject, text}`
 * with a bearer key); else none, and the message stays in the outbox table.
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
