import { htmlDocument, markup, type Markup } from '../../../shared/html'
import { AUDIT_CSS } from './style'

// The page behind a confirmation link. Opening the link confirms nothing: mail scanners and
// link previews open links too, so confirming takes the button (a POST to this site).

function page(title: string, body: Markup): string {
  return htmlDocument({ title, css: AUDIT_CSS, body: markup`<main><h1>${title}</h1>${body}</main>` })
}

export function renderConfirmForm(token: string): string {
  return page(
    'Confirm your alert address',
    markup`<p>A Pro key of the HTTPS audit asked to send monitor alerts to your address. Nothing is sent until you confirm.</p>
<form method="post" action="/alert-email/confirm"><input type="hidden" name="token" value="${token}"><button type="submit">Confirm this address</button></form>`
  )
}

export function renderConfirmed(address: string): string {
  return page('Address confirmed', markup`<p>Monitor alerts may now be sent to <strong>${address}</strong>.</p>`)
}

export function renderConfirmError(message: string): string {
  return page('Link not valid', markup`<p role="alert">${message}</p>`)
}
