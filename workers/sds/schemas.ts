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

/** The fields of one substance sheet; the bulk and R&D bodies pick theirs from here. */
export const SheetFields = z
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

export const MIN_COMPONENTS = 2
export const MAX_COMPONENTS = 50

export const MixtureComponentInput = z
  .object({
    identifier: z.string().trim().min(1, 'identifier must not be empty').max(500).openapi({
      description: 'The component, named as chemical_identifier would name it (CAS, EC, index number, name, formula, SMILES).',
      example: '1310-73-2',
    }),
    concentration: z.number().gt(0).max(100).openapi({
      description: 'Percent by weight; with concentration_max, the lower end of the declared range.',
      example: 1,
    }),
    concentration_max: z
      .number()
      .gt(0)
      .max(100)
      .optional()
      .openapi({ description: 'Upper end of a declared range (e.g. 10 to 20 %). The classification uses the upper end.' }),
    unit: z.literal('% w/w').default('% w/w').openapi({ description: 'Only percent by weight is accepted.' }),
  })
  .strict()
  .openapi('MixtureComponent')

export const AcuteToxData = z
  .object({
    oral: z.number().gt(0).max(1e6).optional().openapi({ description: 'LD50 oral of the mixture, mg/kg bodyweight.' }),
    dermal: z.number().gt(0).max(1e6).optional().openapi({ description: 'LD50 dermal of the mixture, mg/kg bodyweight.' }),
    inhalation: z.number().gt(0).max(1e6).optional().openapi({
      description: 'LC50 (4 h) by inhalation of the mixture: mg/l for vapours (liquid) and dusts (solid), ppmV for gases.',
    }),
  })
  .strict()
  .openapi('MixtureAcuteToxData')

/**
 * One substance (chemical_identifier) or one mixture (product_name and components): the
 * mixture's own test data decide before any calculation (CLP Art. 6(1) and 9).
 */
export const GenerateRequest = SheetFields.extend({
  chemical_identifier: SheetFields.shape.chemical_identifier.optional(),
  product_name: z.string().trim().min(1).max(200).optional().openapi({
    description: 'Trade name of the mixture (Section 1.1). Required with components.',
    example: 'Drain cleaner 2.5',
  }),
  components: z
    .array(MixtureComponentInput)
    .min(MIN_COMPONENTS, `a mixture has at least ${MIN_COMPONENTS} components; for one substance send chemical_identifier`)
    .max(MAX_COMPONENTS, `at most ${MAX_COMPONENTS} components`)
    .optional()
    .openapi({
      description: `A mixture instead of chemical_identifier: ${MIN_COMPONENTS} to ${MAX_COMPONENTS} components in % w/w; their lower ends add up to at most 100 %, the remainder is declared non-hazardous or water.`,
    }),
  flash_point_c: z.number().min(-150).max(1000).optional().openapi({ description: 'Mixture only: measured flash point, °C.' }),
  initial_boiling_point_c: z
    .number()
    .min(-273)
    .max(5000)
    .optional()
    .openapi({ description: 'Mixture only: measured initial boiling point, °C.' }),
  ph: z
    .number()
    .min(0)
    .max(14)
    .optional()
    .openapi({ description: 'Mixture only: measured pH (≤ 2 or ≥ 11.5 classifies, CLP Annex I 3.2.3.1.2).' }),
  kinematic_viscosity_40c: z
    .number()
    .gt(0)
    .max(1e7)
    .optional()
    .openapi({ description: 'Mixture only: kinematic viscosity at 40 °C, mm²/s (aspiration hazard, CLP Annex I 3.10.3.3.1).' }),
  physical_state: z.enum(['gas', 'liquid', 'solid']).optional().openapi({ description: 'Mixture only: physical state at 20 °C.' }),
  acute_tox_data: AcuteToxData.optional().openapi({ description: 'Mixture only: acute toxicity measured on the mixture, per route.' }),
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

export const BASES = [
  'harmonised entry',
  'SCL',
  'generic limit',
  'summation',
  'additivity formula',
  'test data',
  'not classified because data lacking',
] as const

export const HazardClass = z
  .object({
    class: z.string().openapi({ description: 'Hazard class as CLP abbreviates it, e.g. "Skin Corr.".', example: 'Skin Corr.' }),
    category: z.string().nullable().openapi({ description: 'Category; null where the class was not decided.', example: '1B' }),
    h_code: z.string().nullable().openapi({ example: 'H314' }),
    basis: z.enum(BASES).openapi({ description: 'How the class was reached.' }),
    detail: z.string().optional().openapi({ description: 'The calculation or source in words, with the paragraph it follows.' }),
  })
  .openapi('HazardClass')

export const Classification = z
  .object({
    hazard_classes: z.array(HazardClass),
    signal_word: z.enum(['Danger', 'Warning']).nullable(),
    pictograms: z.array(z.string()).openapi({ example: ['GHS05'] }),
    h_statements: z.array(z.object({ code: z.string(), text: z.string() })),
    p_statements: z.array(z.object({ code: z.string(), text: z.string() })),
    ate: z
      .object({ oral: z.number().nullable(), dermal: z.number().nullable(), inhalation: z.number().nullable() })
      .optional()
      .openapi({ description: 'Acute toxicity estimates (oral, dermal mg/kg; inhalation mg/l or ppmV); present where any route has one.' }),
  })
  .openapi('Classification', {
    description:
      'The classification and label the sheet prints (EU: CLP; US: HazCom 2012, GHS Rev. 7, no environmental classes on the label).',
  })

export const Mixture = z
  .object({
    product_name: z.string(),
    components: z.array(
      z.object({
        identifier: z.string(),
        name: z.string(),
        cas: z.string().nullable(),
        ec: z.string().nullable(),
        index_no: z.string().nullable(),
        matched_by: Substance.shape.matched_by,
        concentration: z.number(),
        concentration_max: z.number().nullable(),
      })
    ),
    remainder: z.number().openapi({ description: 'Percent not declared: non-hazardous components or water.' }),
  })
  .openapi('Mixture')

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
    substance: Substance.optional().openapi({ description: 'Present for a substance sheet.' }),
    mixture: Mixture.optional().openapi({ description: 'Present for a mixture sheet.' }),
    classification: Classification,
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
    component: z
      .number()
      .int()
      .optional()
      .openapi({ description: 'Mixture requests: the index in components of the component that did not resolve.' }),
    retry_after_seconds: z.number().int().optional(),
  })
  .openapi('SdsError')
