import { z } from '@hono/zod-openapi'
import { US_STATES, isStateCode } from './domain/address/states'
import { CREDIT_BANDS, RISK_FLAGS } from './domain/scoring/credit'
import { ALTERNATIVE_EVIDENCE_KINDS } from './domain/scoring/subsidy-credit'
import { isAdult, isRealDate } from './domain/screening/dates'

// Every field gives at most one issue: each check aborts the field on failure.
const stop = { abort: true } as const

const text = (max: number) =>
  z
    .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be a string') })
    .trim()
    .min(1, { error: 'must not be empty', ...stop })
    .max(max, { error: `must be at most ${max} characters`, ...stop })
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { error: 'must not contain control characters', ...stop })

const email = (example: string) =>
  z
    .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be a string') })
    .trim()
    .max(254, { error: 'must be at most 254 characters', ...stop })
    .pipe(z.email({ error: 'must be a valid e-mail address' }))
    .openapi({ example })

const stateCode = z
  .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be a string') })
  .trim()
  .toUpperCase()
  .refine(isStateCode, {
    error: 'must be the two-letter USPS code of a US state, DC or a US territory (for example TX)',
    ...stop,
  })
  .openapi({ enum: Object.keys(US_STATES), example: 'TX' })

const zip = z
  .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be a string') })
  .trim()
  .regex(/^\d{5}(-\d{4})?$/, { error: 'must be a US ZIP code: 12345 or 12345-6789', ...stop })
  .openapi({ example: '78701' })

const dollars = (min: number, max: number, what: string) =>
  z
    .number({ error: (i) => (i.input === undefined ? 'is required' : `must be a number of US dollars per month`) })
    .int({ error: 'must be a whole number of dollars', ...stop })
    .min(min, { error: `must be at least ${min} (${what} minimum, USD per month)`, ...stop })
    .max(max, { error: `must be at most ${max}`, ...stop })

/** 8-4-4-4-12 hex digits, any version (partners bring their own ids). */
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const uuid = z
  .string({ error: 'must be a string' })
  .trim()
  .toLowerCase()
  .regex(UUID_RE, { error: 'must be a UUID such as 3f2b8c1e-5d4a-4c6b-9e7f-1a2b3c4d5e6f', ...stop })

/** Clock skew tolerated on a consent time from the caller's machine. */
const CONSENT_SKEW_MS = 5 * 60 * 1000

export const Consent = z
  .object({
    given_at: z
      .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be a string') })
      .pipe(z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time, e.g. 2026-05-01T10:00:00Z' }))
      .refine((t) => Date.parse(t) <= Date.now() + CONSENT_SKEW_MS, { error: 'must not be in the future', ...stop })
      .openapi({ example: '2026-05-01T10:00:00Z' }),
    method: z
      .enum(['electronic_signature', 'online_checkbox', 'paper_signature'], {
        error: 'must be one of electronic_signature, online_checkbox, paper_signature',
      })
      .openapi({ description: 'How the applicant authorised the consumer report.' }),
    text_version: text(60).openapi({ description: 'The version of the authorisation text the applicant saw.', example: 'auth-2026-01' }),
    ip: z
      .union([z.ipv4(), z.ipv6()], { error: 'must be an IPv4 or IPv6 address' })
      .optional()
      .openapi({ description: 'Where the applicant consented from (optional).' }),
  })
  .openapi('Consent', {
    description:
      "The applicant's authorisation of the consumer report (FCRA § 604(a)(2)/(a)(3)(F), 15 U.S.C. § 1681b). Required " +
      'with a verified provider (422 CONSENT_REQUIRED without it); stored with the screening and sent to the provider.',
  })

export const AlternativeEvidence = z
  .object({
    kind: z.enum(ALTERNATIVE_EVIDENCE_KINDS, { error: `must be one of ${ALTERNATIVE_EVIDENCE_KINDS.join(', ')}` }),
    description: text(500).openapi({
      description: 'What the applicant offers, e.g. "24 months of on-time rent, landlord letter attached".',
      example: '24 months of on-time rent payments (bank statements available)',
    }),
  })
  .strict()
  .openapi('AlternativeEvidence', {
    description:
      "Evidence of ability to pay the tenant's share of the rent that the applicant offers instead of a credit history " +
      '(Cal. Gov. Code § 12955(o)); recorded and shown to the landlord, never scored.',
  })

export type AlternativeEvidence = z.infer<typeof AlternativeEvidence>

export const ScreeningRequest = z
  .object({
    email: email('landlord@example.com').openapi({ description: 'Landlord or operator e-mail: receives the result.' }),
    applicantName: z
      .string({ error: 'must be a string' })
      .trim()
      .max(120, { error: 'must be at most 120 characters', ...stop })
      .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { error: 'must not contain control characters', ...stop })
      .nullish()
      .openapi({ description: 'Shown in the result; `Applicant` when omitted or empty.', example: 'Jordan Rivera' }),
    applicantEmail: email('jordan@example.com').openapi({
      description: 'Identity matching and duplicate prevention (case-insensitive).',
    }),
    applicantDob: z
      .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be a string') })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date in YYYY-MM-DD form', ...stop })
      .refine(isRealDate, { error: 'must be a real calendar date from 1900 on, not in the future', ...stop })
      .refine((dob) => isAdult(dob, new Date()), { error: 'applicant must be at least 18 years old', ...stop })
      .openapi({ description: 'Date of birth, YYYY-MM-DD. Used only to check the applicant is 18 or older.', example: '1990-04-12' }),
    applicantAddress: text(200).openapi({ example: '500 W 2nd St Apt 1204' }),
    applicantCity: text(100).openapi({ example: 'Austin' }),
    applicantState: stateCode,
    applicantPostalCode: zip,
    propertyAddress: text(200).openapi({ example: '1100 S Lamar Blvd Unit 2' }),
    propertyCity: text(100).openapi({ example: 'Austin' }),
    propertyState: stateCode,
    propertyPostalCode: zip,
    monthlyRent: dollars(300, 1_000_000, 'rent').openapi({ example: 1850 }),
    monthlyIncome: dollars(1000, 100_000_000, 'income').openapi({
      description:
        'Gross monthly income from all lawful sources (wages, benefits, child support). A housing voucher paid to the ' +
        'landlord goes in voucherAmount instead.',
      example: 6200,
    }),
    voucherAmount: z
      .number({ error: 'must be a number of US dollars per month' })
      .int({ error: 'must be a whole number of dollars', ...stop })
      .min(0, { error: 'must be at least 0', ...stop })
      .max(1_000_000, { error: 'must be at most 1000000', ...stop })
      .nullish()
      .openapi({
        description:
          "Housing voucher or subsidy paid to the landlord, USD per month. The income test then uses the tenant's share " +
          '(rent minus voucher), as source-of-income laws require. At most monthlyRent.',
        example: 1450,
      }),
    consent: Consent.nullish(),
    alternativeEvidence: z.array(AlternativeEvidence).max(5, { error: 'must list at most 5 items' }).optional().openapi({
      description: 'Alternative evidence of ability to pay (rent payment history, benefit statements…), shown to the landlord.',
    }),
    propertyId: uuid.nullish().openapi({
      description: 'Property comparison key. Omit it to have one assigned (the same landlord and address get the same key).',
      example: '3f2b8c1e-5d4a-4c6b-9e7f-1a2b3c4d5e6f',
    }),
  })
  .refine((b) => (b.voucherAmount ?? 0) <= b.monthlyRent, {
    error: 'must not be more than monthlyRent',
    path: ['voucherAmount'],
  })
  .openapi('ScreeningRequest')

export type ScreeningRequest = z.infer<typeof ScreeningRequest>

export const RuleRef = z
  .object({
    id: z.string(),
    name: z.string(),
    law: z.string().nullable(),
    confidence: z.string().openapi({ description: 'verified, secondary or uncertain (of the source behind the rule).' }),
    officialUrl: z.string().nullable(),
  })
  .openapi('JurisdictionRule')

export const CriminalScreening = z
  .object({
    status: z.enum(['deferred', 'not_permitted', 'completed']),
    reason: z.string(),
    rule: RuleRef.nullable().openapi({ description: "The property's fair-chance rule, or null where none is on file." }),
  })
  .openapi('CriminalScreening')

export const VetScoreResult = z
  .object({
    propertyId: z.string().openapi({ format: 'uuid' }),
    applicantName: z.string(),
    vetScore: z.number().int().min(0).max(100),
    recommendation: z.string().openapi({
      description:
        'One of: Recommend approval; Conditional approval: verify income and rental history; Not recommended: below the approval threshold; Individual review required.',
    }),
    tierLabel: z.string().openapi({ description: 'Excellent fit (85–100), Good fit (70–84), Fair fit (50–69), Poor fit (0–49).' }),
    factors: z.array(z.string()).openapi({ description: 'The score breakdown, most important first (see docs/vetscore.md).' }),
    screeningSourceLabel: z.string(),
    verificationStatus: z.enum(['verified', 'mock']),
    screeningReportStatus: z.string().openapi({ example: 'COMPLETE' }),
    verifiedCreditScore: z.number().int().nullable(),
    verifiedCreditBand: z
      .enum(CREDIT_BANDS)
      .nullable()
      .openapi({ description: 'null only when a verified provider holds no credit file for the applicant; never null in mock mode.' }),
    verifiedCreditLabel: z.string().nullable(),
    verifiedEvictionRisk: z.enum(RISK_FLAGS).openapi({
      description:
        'Only eviction records that may be considered: judgments for the landlord within the lookback (`hit`), cases without an outcome (`review`).',
    }),
    verifiedCriminalRisk: z.enum(RISK_FLAGS).openapi({
      description: 'Always `review` in the first step: criminal history is neither scored nor disclosed here (see criminalScreening).',
    }),
    criminalScreening: CriminalScreening,
    providerScore: z.number().int().nullable(),
    providerScoreLabel: z.string().nullable(),
    creditNotScored: z
      .object({ basis: z.enum(['law', 'partner_policy']), rule: z.string(), law: z.string(), reason: z.string() })
      .nullable()
      .optional()
      .openapi({
        description:
          'Set when credit was not scored for an applicant with a rent subsidy: the law (data/subsidy-credit.json) or the ' +
          "partner's policy, and why. Absent on results saved before vetscore-2.1.",
      }),
    alternativeEvidence: z
      .array(AlternativeEvidence)
      .optional()
      .openapi({ description: 'What the applicant offered instead of credit history, for the landlord to consider.' }),
  })
  .openapi('VetScoreResult')

export type VetScoreResult = z.infer<typeof VetScoreResult>

export const ScreeningResponse = z
  .object({
    ok: z.literal(true),
    existingRequest: z.boolean(),
    screeningId: z.string().openapi({
      format: 'uuid',
      description: 'The stored screening: GET /api/screenings/{screeningId} with the owning partner key or the e-mailed link.',
    }),
    propertyId: z.string().openapi({ format: 'uuid' }),
    message: z.string().openapi({ description: 'Says "simulated" when the result comes from the mock provider.' }),
    result: VetScoreResult.nullable().openapi({
      description:
        "This request's own result. On a repeat (existingRequest: true) the saved result is returned only to the partner key " +
        'that owns the property; without a key it is null and stays behind the link e-mailed to the landlord.',
    }),
  })
  .openapi('ScreeningResponse')

export const TokenQuery = z.object({
  token: z
    .string()
    .max(200)
    .optional()
    .openapi({
      param: { name: 'token', in: 'query' },
      description: 'The capability link token from the result e-mail (anonymous properties). Partners send x-api-key instead.',
    }),
})

export const ScreeningParams = z.object({
  screeningId: uuid.openapi({ param: { name: 'screeningId', in: 'path' }, example: '7a1c2e3d-4b5f-4a6b-8c7d-9e0f1a2b3c4d' }),
})

export const StoredScreening = z
  .object({
    ok: z.literal(true),
    screeningId: z.string(),
    propertyId: z.string(),
    version: z
      .number()
      .int()
      .min(1)
      .openapi({ description: 'Starts at 1; each rescore or completed report adds one (earlier ones at /versions).' }),
    applicantEmail: z.string(),
    screenedAt: z.string().openapi({ description: 'ISO 8601 UTC.' }),
    result: VetScoreResult,
  })
  .openapi('StoredScreening')

export const RevokeLinkRequest = z
  .object({ token: z.string({ error: (i) => (i.input === undefined ? 'is required' : 'must be a string') }).max(200) })
  .openapi('RevokeLinkRequest')

export const RevokeLinkResponse = z.object({ ok: z.literal(true), revoked: z.literal(true) }).openapi('RevokeLinkResponse')

export const PropertyParams = z.object({
  propertyId: uuid.openapi({ param: { name: 'propertyId', in: 'path' }, example: '3f2b8c1e-5d4a-4c6b-9e7f-1a2b3c4d5e6f' }),
})

/** A partner's listing (issue 34 §5): where the embed takes the property and its rent from. */
export const PropertyListing = z
  .object({
    email: email('landlord@example.com').openapi({ description: "Landlord or operator e-mail: receives the embed's results." }),
    propertyAddress: text(200).openapi({ example: '1100 S Lamar Blvd Unit 2' }),
    propertyCity: text(100).openapi({ example: 'Austin' }),
    propertyState: stateCode,
    propertyPostalCode: zip,
    monthlyRent: dollars(300, 1_000_000, 'rent').openapi({
      description: 'The monthly rent an embed application for this property is scored at (USD).',
      example: 1850,
    }),
  })
  .strict()
  .openapi('PropertyListing')

export const PropertyListingResponse = z
  .object({
    ok: z.literal(true),
    propertyId: z.string(),
    created: z.boolean().openapi({ description: 'false when the property existed: its address is kept as first described.' }),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    monthlyRent: z.number().int(),
  })
  .openapi('PropertyListingResponse')

export const RankingResponse = z
  .object({
    ok: z.literal(true),
    propertyId: z.string(),
    count: z.number().int(),
    applicants: z.array(
      z.object({
        rank: z.number().int().min(1),
        screeningId: z.string(),
        applicantEmail: z.string(),
        screenedAt: z.string().openapi({ description: 'ISO 8601 UTC.' }),
        result: VetScoreResult,
      })
    ),
  })
  .openapi('ApplicantRanking')

export const LEAD_SOURCES = ['vetscore', 'zillow'] as const
export type LeadSource = (typeof LEAD_SOURCES)[number]

export const ScrapeRequest = z
  .object({
    city: z
      .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be a string') })
      .trim()
      .min(2, { error: 'must name a US city, for example "Austin, TX"', ...stop })
      .max(100, { error: 'must be at most 100 characters', ...stop })
      .openapi({ example: 'austin, tx' }),
    source: z
      .enum(['vetscore', 'zillow', 'both'], { error: 'must be one of vetscore, zillow, both' })
      .openapi({ description: '`vetscore`: public classifieds (housing offered and wanted); `zillow`: Zillow rental search.' }),
  })
  .openapi('ScrapeRequest')

export const Lead = z
  .object({
    id: z.string(),
    city: z.string(),
    source: z.enum(LEAD_SOURCES),
    name: z.string().nullable(),
    contact: z.string().nullable().openapi({ description: 'Only public contact details shown on the source page; never invented.' }),
    url: z.string(),
    rawData: z.record(z.string(), z.unknown()).openapi({ description: 'The item exactly as parsed from the source.' }),
    scrapedAt: z.string(),
  })
  .openapi('Lead')

export type Lead = z.infer<typeof Lead>

export const Warning = z.object({ source: z.enum(LEAD_SOURCES), message: z.string() }).openapi('ScrapeWarning')
export type Warning = z.infer<typeof Warning>

export const ScrapeResponse = z
  .object({
    ok: z.literal(true),
    city: z.string().openapi({ example: 'Austin, TX' }),
    leads: z.array(Lead),
    warnings: z.array(Warning),
  })
  .openapi('ScrapeResponse')

/** The error body of this service: the shared one plus `ok: false`. */
export const ScreeningError = z
  .object({
    ok: z.literal(false),
    error: z.string(),
    code: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    retry_after_seconds: z.number().int().optional(),
    candidates: z.array(z.string()).optional(),
    suggestions: z.array(z.string()).optional(),
  })
  .openapi('ScreeningError')
