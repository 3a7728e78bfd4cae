import { BASE_CSS, htmlDocument, markup, type Markup } from '../../../shared/html'
import type { EmbedPartner } from '../domain/embed/config'

/** Bumped whenever CONSENT_TEXT changes; stored with every consent (FCRA § 604(a)(3)(F)). */
export const EMBED_CONSENT_VERSION = 'embed-auth-2026-11'
export const CONSENT_TEXT =
  'I authorise the landlord of this property and its screening service to obtain a consumer report about me ' +
  '(credit, eviction and, where the law allows, criminal records) to evaluate my rental application.'

/** The partner colour is validated as #rgb/#rrggbb (embed/config.ts) before it gets here. */
export function embedCss(color: string | null): string {
  return `${BASE_CSS}
:root{--brand:${color ?? '#0969da'}}
main{max-width:36rem;padding:1.25rem 1rem 2rem}
.brand{display:flex;align-items:center;gap:.75rem}.brand img{max-height:2.5rem;max-width:8rem}
form .field{margin:0 0 1rem}label{display:block;font-weight:600;margin-bottom:.25rem}
input[type=text],input[type=email],input[type=date],input[type=number]{width:100%;font:inherit;padding:.55rem .6rem;border:1px solid var(--muted);border-radius:6px;background:var(--bg);color:var(--fg)}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--brand);outline-offset:2px}
.row{display:grid;grid-template-columns:1fr;gap:0 1rem}@media (min-width:32rem){.row{grid-template-columns:2fr 1fr 1fr}}
.consent{display:flex;gap:.5rem;align-items:flex-start}.consent input{width:1.25rem;height:1.25rem;margin-top:.2rem;flex:none}.consent label{font-weight:400}
.error{color:#b42318;font-weight:600;margin:.25rem 0 0}@media (prefers-color-scheme:dark){.error{color:#ff8182}}
[aria-invalid=true]{border-color:#b42318!important;border-width:2px!important}
button{font:inherit;font-weight:600;padding:.7rem 1.2rem;border:0;border-radius:6px;background:var(--brand);color:#fff;cursor:pointer;min-height:44px}
.hint{color:var(--muted);font-size:.9rem;margin:.15rem 0 0}`
}

export type FieldName =
  | 'applicantName'
  | 'applicantEmail'
  | 'applicantDob'
  | 'applicantAddress'
  | 'applicantCity'
  | 'applicantState'
  | 'applicantPostalCode'
  | 'monthlyIncome'
  | 'voucherAmount'
  | 'consent'

export type FormState = {
  values: Partial<Record<FieldName, string>>
  errors: Partial<Record<FieldName, string>>
}

type FieldSpec = {
  name: FieldName
  label: string
  type: string
  autocomplete?: string
  hint?: string
  required: boolean
  inputmode?: string
}

const FIELDS: FieldSpec[] = [
  { name: 'applicantName', label: 'Full name', type: 'text', autocomplete: 'name', required: true },
  { name: 'applicantEmail', label: 'E-mail', type: 'email', autocomplete: 'email', required: true },
  {
    name: 'applicantDob',
    label: 'Date of birth',
    type: 'date',
    autocomplete: 'bday',
    hint: 'Only used to check you are 18 or older.',
    required: true,
  },
  { name: 'applicantAddress', label: 'Current street address', type: 'text', autocomplete: 'address-line1', required: true },
  { name: 'applicantCity', label: 'City', type: 'text', autocomplete: 'address-level2', required: true },
  { name: 'applicantState', label: 'State (2 letters)', type: 'text', autocomplete: 'address-level1', required: true },
  { name: 'applicantPostalCode', label: 'ZIP code', type: 'text', autocomplete: 'postal-code', inputmode: 'numeric', required: true },
  {
    name: 'monthlyIncome',
    label: 'Gross monthly income (USD)',
    type: 'number',
    inputmode: 'numeric',
    hint: 'From all lawful sources: wages, benefits, child support.',
    required: true,
  },
  {
    name: 'voucherAmount',
    label: 'Housing voucher paid to the landlord (USD per month, optional)',
    type: 'number',
    inputmode: 'numeric',
    required: false,
  },
]

function brand(p: EmbedPartner): Markup {
  return markup`<div class="brand">${p.logoUrl ? markup`<img src="${p.logoUrl}" alt="${p.name ?? 'Partner'} logo">` : ''}<p><strong>${p.name ?? 'Rental application'}</strong></p></div>`
}

function field(spec: FieldSpec, state: FormState, autofocus: boolean): Markup {
  const id = `f-${spec.name}`
  const error = state.errors[spec.name]
  const described = [spec.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return markup`<div class="field">
<label for="${id}">${spec.label}</label>
<input id="${id}" name="${spec.name}" type="${spec.type}" value="${state.values[spec.name] ?? ''}"${spec.autocomplete ? markup` autocomplete="${spec.autocomplete}"` : ''}${
    spec.inputmode ? markup` inputmode="${spec.inputmode}"` : ''
  }${spec.required ? markup` required aria-required="true"` : ''}${described ? markup` aria-describedby="${described}"` : ''}${error ? markup` aria-invalid="true"` : ''}${autofocus ? markup` autofocus` : ''}>
${spec.hint ? markup`<p class="hint" id="${id}-hint">${spec.hint}</p>` : ''}${error ? markup`<p class="error" id="${id}-error">${error}</p>` : ''}
</div>`
}

/** The applicant's form. Works as a plain form POST; no script is needed. */
export function embedFormPage(a: {
  partner: EmbedPartner
  property: { address: string; city: string; state: string }
  rent: number
  propertyId: string
  token: string
  state: FormState
}): string {
  const firstError = FIELDS.find((f) => a.state.errors[f.name])?.name ?? (a.state.errors.consent ? 'consent' : null)
  const consentError = a.state.errors.consent
  const body = markup`<main>
${brand(a.partner)}
<h1>Apply for ${a.property.address}, ${a.property.city}, ${a.property.state}</h1>
<p>Rent: $${a.rent} per month. Your details go to the screening service directly, not to ${a.partner.name ?? 'the partner site'}; the landlord sees the screening result.</p>
${Object.keys(a.state.errors).length > 0 ? markup`<p class="error" role="alert">Please correct the fields marked below.</p>` : ''}
<form method="post" action="/embed/screening" novalidate>
<input type="hidden" name="partner" value="${a.partner.publicId}">
<input type="hidden" name="property" value="${a.propertyId}">
<input type="hidden" name="rent" value="${a.rent}">
<input type="hidden" name="token" value="${a.token}">
${FIELDS.map((f) => field(f, a.state, f.name === firstError))}
<div class="field">
<div class="consent"><input id="f-consent" name="consent" type="checkbox" value="yes" required aria-required="true"${a.state.values.consent === 'yes' ? markup` checked` : ''}${
    consentError ? markup` aria-invalid="true" aria-describedby="f-consent-error"` : ''
  }${firstError === 'consent' ? markup` autofocus` : ''}>
<label for="f-consent">${CONSENT_TEXT}</label></div>
${consentError ? markup`<p class="error" id="f-consent-error">${consentError}</p>` : ''}
</div>
<button type="submit">Submit application</button>
</form>
</main>`
  return htmlDocument({ title: `Rental application – ${a.property.address}`, body, css: embedCss(a.partner.color) })
}

export type EmbedOutcome = { screeningId: string; status: 'completed' | 'already_submitted' }

/**
 * The page after submitting. #embed-outcome carries only what the parent page may learn
 * (screening id, status, the origins to tell); /embed/embed.js posts it.
 */
export function embedResultPage(partner: EmbedPartner, outcome: EmbedOutcome): string {
  const back = partner.returnUrl ? withOutcome(partner.returnUrl, outcome) : null
  const body = markup`<main id="embed-outcome" data-screening-id="${outcome.screeningId}" data-status="${outcome.status}" data-origins="${JSON.stringify(partner.origins)}">
${brand(partner)}
<h1>${outcome.status === 'completed' ? 'Application sent' : 'Application already received'}</h1>
<p role="status">${
    outcome.status === 'completed'
      ? 'Thank you. Your screening is complete and the landlord has the result.'
      : 'You already applied for this property; the landlord has your earlier screening.'
  }</p>
<p>Reference: <code>${outcome.screeningId}</code></p>
${back ? markup`<p><a href="${back}" target="_top">Continue</a></p>` : ''}
</main>
<script src="/embed/embed.js" defer></script>`
  return htmlDocument({ title: 'Application sent', body, css: embedCss(partner.color) })
}

function withOutcome(returnUrl: string, outcome: EmbedOutcome): string {
  const url = new URL(returnUrl)
  url.searchParams.set('screening', outcome.screeningId)
  url.searchParams.set('status', outcome.status)
  return url.href
}

/** A page for what cannot go on (unknown partner or property, provider down): no form. */
export function embedMessagePage(title: string, message: string, color: string | null = null): string {
  const body = markup`<main><h1>${title}</h1><p>${message}</p></main>`
  return htmlDocument({ title, body, css: embedCss(color) })
}
