import { z } from '@hono/zod-openapi'
import { SheetFields } from './schemas'

export const MAX_BULK_ITEMS = 500

export const BulkItem = SheetFields.pick({ chemical_identifier: true, concentration: true, physical_form: true })
  .extend({ format: z.enum(['us', 'eu']).openapi({ description: '`us` (OSHA HazCom) or `eu` (REACH Annex II).' }) })
  .strict()
  .openapi('BulkItem')

export const BulkRequest = SheetFields.pick({
  company_name: true,
  company_address: true,
  company_phone: true,
  company_website: true,
  company_email: true,
  emergency_phone: true,
})
  .extend({
    items: z
      .array(BulkItem)
      .min(1)
      .max(MAX_BULK_ITEMS)
      .openapi({ description: `1 to ${MAX_BULK_ITEMS} documents; the branding fields apply to all.` }),
  })
  .strict()
  .openapi('BulkRequest')

export type BulkRequest = z.infer<typeof BulkRequest>

export const BulkAccepted = z
  .object({
    job_id: z.string().openapi({ example: 'job_5b0c…' }),
    status: z.literal('queued'),
    status_url: z.string().url(),
    total: z.number().int(),
    units_reserved: z
      .number()
      .int()
      .openapi({ description: 'Units taken from the quota now, one per item; a failed item gives its unit back.' }),
  })
  .openapi('BulkAccepted')

const ItemError = z.object({
  code: z.string().openapi({
    description:
      'The code the single endpoints answer for the same input (CHEMICAL_NOT_FOUND, AMBIGUOUS_IDENTIFIER, INVALID_CAS_NUMBER, MIXTURE_NOT_SUPPORTED, VALIDATION_ERROR, INTERNAL_ERROR).',
  }),
  message: z.string(),
})

export const BulkItemStatus = z
  .object({
    index: z.number().int(),
    chemical_identifier: z.string(),
    format: z.enum(['us', 'eu']),
    concentration: z.number().nullable(),
    physical_form: z.string().nullable(),
    status: z.enum(['pending', 'running', 'done', 'failed']),
    filename: z.string().nullable().optional(),
    document_url: z.string().url().optional().openapi({ description: 'Signed link, valid 7 days from generation.' }),
    expires_at: z.string().optional(),
    error: ItemError.optional(),
  })
  .openapi('BulkItemStatus')

export const BulkJob = z
  .object({
    job_id: z.string(),
    status: z.enum(['queued', 'running', 'completed']),
    created_at: z.string(),
    completed_at: z.string().nullable(),
    total: z.number().int(),
    succeeded: z.number().int(),
    failed: z.number().int(),
    pending: z.number().int(),
    units_reserved: z.number().int().openapi({ description: 'Units still held for unfinished items.' }),
    items: z.array(BulkItemStatus),
  })
  .openapi('BulkJob')

export const JobParams = z.object({
  job_id: z
    .string()
    .max(64)
    .openapi({ param: { name: 'job_id', in: 'path' }, example: 'job_5b0c…' }),
})
