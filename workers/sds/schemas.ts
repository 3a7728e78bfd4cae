import { z } from '@hono/zod-openapi'

const text = (max: number, description: string) => z.string().trim().min(1).max(max).optional().openapi({ description })

/** Only http(s) URLs with a host count as a company website. */
export const websiteUrl = z
  .string()
  .trim()
  .max(300)
  .refine((v) => {
    try {
      const u = new URL(v)
      return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname.includes('.')
    } catch {
      return false
    }
  }, 'company_website must be a valid URL (http or https, e.g. https://example.com)')

export const GenerateRequest = z
  .object({
    chemical_identifier: z.string().trim().min(1, 'chemical_identifier must not be empty').max(500).openapi({
      description: 'CAS number, EC number, CLP Annex VI index number, InChIKey, name or synonym, molecular formula, or SMILES.',
      example: '67-64-1',
    }),
    company_website: websiteUrl
      .optional()
      .openapi({ description: 'Company website (http or https URL).', example: 'https://acme.example' }),
    company_name: text(200, 'Company name for the header and Section 1.'),
    company_phone: text(60, 'Company telephone number.'),
    company_address: text(400, 'Company postal address.'),
    company_email: z.string().trim().email().max(200).optional().openapi({
      description: 'E-mail of the competent person responsible for the SDS (REACH Annex II 1.3). Extension to the original API.',
    }),
    emergency_phone: text(100, 'Emergency telephone number with its hours (Section 1). Extension to the original API.'),
    concentration: z.number().gt(0).max(100).optional().openapi({
      description:
        'Percent by weight of the substance in water (an aqueous solution). Specific concentration limits of CLP Annex VI, else the generic limits of CLP Annex I, decide the classification. Also read from the identifier ("sulfuric acid 98%"). Extension to the original API.',
      example: 37,
    }),
    physical_form: z.enum(['gas', 'liquid', 'solid', 'powder', 'aqueous_solution']).optional().openapi({
      description:
        'The form the sheet is for: decides flammable gas vs liquid criteria and the inhalation point estimates (powder: dust). `concentration` implies `aqueous_solution`; for an Annex VI entry of the solution (hydrochloric acid ... %) only `aqueous_solution` or `liquid` (else 422). Extension to the original API.',
    }),
    response_format: z
      .enum(['url', 'base64'])
      .default('url')
      .openapi({ description: '`url` (default): `document_url` only; `base64`: `document_base64` only.' }),
  })
  .strict()
  .openapi('GenerationRequest')

export type GenerateRequest = z.infer<typeof GenerateRequest>

export const Substance = z
  .object({
    name: z.string(),
    cas: z.string().nullable(),
    ec: z.string().nullable(),
    index_no: z
      .string()
      .nullable()
      .openapi({ description: 'CLP Annex VI index number; null when the substance has no harmonised classification.' }),
    matched_by: z.enum(['cas', 'ec', 'index_no', 'inchikey', 'name', 'formula', 'smiles']),
    harmonised_classification: z.boolean(),
    concentration: z
      .number()
      .nullable()
      .optional()
      .openapi({ description: 'Percent in water the sheet is for; null for the substance itself.' }),
  })
  .openapi('Substance')

export const GenerateResponse = z
  .object({
    document_url: z
      .string()
      .url()
      .optional()
      .openapi({ description: 'Present when response_format is url (default). Signed, valid 7 days.' }),
    document_base64: z.string().optional().openapi({ description: 'Present when response_format is base64.' }),
    format: z.literal('docx'),
    generated_at: z.string().openapi({ example: '2026-03-04T10:00:00.000Z' }),
    style_profile_applied: z.boolean().openapi({ description: 'True when any branding field was given.' }),
    units_used: z.number().int().openapi({ description: 'Documents used in the current quota period, counting this one.' }),
    units_remaining: z.number().int().nullable().openapi({ description: 'Units left; null where unlimited.' }),
    expires_at: z.string().optional().openapi({ description: 'When document_url stops working.' }),
    filename: z.string().openapi({ example: 'acetone-67-64-1-SDS-US.docx' }),
    jurisdiction: z.enum(['us', 'eu']),
    substance: Substance,
  })
  .openapi('GenerationResponse')

export const UsageResponse = z
  .object({
    subscription_tier: z
      .enum(['trial', 'standard', 'pro', 'enterprise'])
      .or(z.string())
      .openapi({ description: 'trial, standard, pro or enterprise.' }),
    subscription_status: z.enum(['active', 'inactive']),
    quota_monthly: z.number().int().nullable().openapi({
      description: 'Documents allowed per month (trial: in the trial); null for standard (credits) and enterprise (unlimited).',
    }),
    quota_resets_at: z
      .string()
      .nullable()
      .openapi({ description: 'Trial: trial end; pro/enterprise: first instant of next month UTC; standard: null.' }),
    units_used: z.number().int().openapi({ description: 'Documents used in the current quota period.' }),
    units_remaining: z.number().int().nullable(),
    units_reserved: z.number().int().openapi({
      description: 'Units held by bulk jobs still running: not in units_used yet, not available either. A failed item gives its unit back.',
    }),
  })
  .openapi('UsageSnapshot')

export const ErrorWithCandidates = z
  .object({
    error: z.string(),
    code: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    suggestions: z.array(z.string()).optional().openapi({ description: 'CHEMICAL_NOT_FOUND: closest known names.' }),
    components: z
      .array(z.string())
      .optional()
      .openapi({ description: 'MIXTURE_NOT_SUPPORTED: the parts of the identifier that name a substance.' }),
    candidates: z
      .array(
        z.object({
          name: z.string(),
          cas: z.string().nullable(),
          ec: z.string().nullable(),
          index_no: z.string().nullable(),
          identifier: z.string(),
        })
      )
      .optional()
      .openapi({ description: 'AMBIGUOUS_IDENTIFIER: send one candidate’s `identifier` as chemical_identifier.' }),
    retry_after_seconds: z.number().int().optional(),
  })
  .openapi('SdsError')

export const DocumentParams = z.object({
  file: z
    .string()
    .regex(/^[0-9a-f-]{36}\.docx$/)
    .openapi({ param: { name: 'file', in: 'path' }, example: '0b4e…docx' }),
})
export const DocumentQuery = z.object({ expires: z.string().optional(), sig: z.string().optional() })
