import { ScreeningRequest } from '../../schemas'
import type * as store from '../../store'

/** The fields the applicant fills in on the hosted form (pages/embed.ts renders them). */
export const EMBED_FIELDS = [
  'applicantName',
  'applicantEmail',
  'applicantDob',
  'applicantAddress',
  'applicantCity',
  'applicantState',
  'applicantPostalCode',
  'monthlyIncome',
  'voucherAmount',
  'consent',
] as const

export type EmbedField = (typeof EMBED_FIELDS)[number]
export type EmbedValues = Partial<Record<EmbedField, string>>
export type EmbedErrors = Partial<Record<EmbedField, string>>

const LABELS: Record<EmbedField, string> = {
  applicantName: 'Name',
  applicantEmail: 'E-mail',
  applicantDob: 'Date of birth',
  applicantAddress: 'Street address',
  applicantCity: 'City',
  applicantState: 'State',
  applicantPostalCode: 'ZIP code',
  monthlyIncome: 'Monthly income',
  voucherAmount: 'Voucher amount',
  consent: 'Consent',
}

function toNumber(value: string | undefined): unknown {
  const v = (value ?? '').trim()
  if (v === '') return undefined
  return v.length <= 12 && [...v].every((ch) => ch >= '0' && ch <= '9') ? Number(v) : v
}

function isIpv4(ip: string): boolean {
  const parts = ip.split('.')
  return (
    parts.length === 4 &&
    parts.every((p) => p.length >= 1 && p.length <= 3 && [...p].every((ch) => ch >= '0' && ch <= '9') && Number(p) <= 255)
  )
}

/**
 * The screening request an embed form makes: the applicant's fields, and the property, its
 * landlord and the rent from the stored record (never from the form). Each bad field gets
 * one sentence for the page.
 */
export function embedApplication(input: {
  values: EmbedValues
  property: store.PropertyRow
  rent: number
  now: Date
  ip: string
  consentVersion: string
}): { ok: true; request: ScreeningRequest } | { ok: false; errors: EmbedErrors } {
  const { values, property } = input
  const errors: EmbedErrors = {}
  // FCRA § 604(a)(3)(F): no consumer report without the applicant's authorisation,
  // whatever provider is configured.
  if (values.consent !== 'yes') errors.consent = 'Tick this box to authorise the screening; without it we cannot screen.'
  const parsed = ScreeningRequest.safeParse({
    email: property.owner_email,
    applicantName: values.applicantName ?? '',
    applicantEmail: values.applicantEmail ?? '',
    applicantDob: values.applicantDob ?? '',
    applicantAddress: values.applicantAddress ?? '',
    applicantCity: values.applicantCity ?? '',
    applicantState: (values.applicantState ?? '').trim().toUpperCase(),
    applicantPostalCode: values.applicantPostalCode ?? '',
    propertyAddress: property.address,
    propertyCity: property.city,
    propertyState: property.state,
    propertyPostalCode: property.postal_code,
    monthlyRent: input.rent,
    monthlyIncome: toNumber(values.monthlyIncome),
    voucherAmount: values.voucherAmount?.trim() ? toNumber(values.voucherAmount) : null,
    consent: {
      given_at: input.now.toISOString(),
      method: 'online_checkbox',
      text_version: input.consentVersion,
      ...(isIpv4(input.ip) ? { ip: input.ip } : {}),
    },
    propertyId: property.external_id,
  })
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = issue.path[0] as EmbedField
      if ((EMBED_FIELDS as readonly string[]).includes(name) && !errors[name]) errors[name] = `${LABELS[name]} ${issue.message}.`
    }
    if (Object.keys(errors).length === 0)
      errors.applicantName = 'The stored property could not be screened; contact the site that sent you here.'
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors }
  return { ok: true, request: parsed.data }
}
