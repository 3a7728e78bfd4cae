import { z } from '@hono/zod-openapi'

/** The body every error response carries (DECISIONS.md, "Every service"). */
export const ErrorSchema = z
  .object({
    error: z.string().openapi({ description: 'A sentence a person can act on.' }),
    code: z.string().openapi({ description: 'UPPER_SNAKE machine code.', example: 'INVALID_BODY' }),
    issues: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .openapi({ description: 'Present on validation errors: one entry per bad field.' }),
    retry_after_seconds: z.number().int().optional().openapi({ description: 'Present on 429.' }),
  })
  .openapi('Error')

/**
 * OpenAPI `responses` entries for error statuses, all with the shared error body.
 *
 * @example
 * responses: { 201: {...}, ...errorResponses({ 400: 'Empty or ambiguous body', 429: 'Rate limited' }) }
 */
export function errorResponses<S extends z.ZodType = typeof ErrorSchema>(descriptions: Record<number, string>, schema?: S) {
  const out: Record<number, { description: string; content: { 'application/json': { schema: z.ZodType } } }> = {}
  for (const [status, description] of Object.entries(descriptions)) {
    out[Number(status)] = { description, content: { 'application/json': { schema: schema ?? ErrorSchema } } }
  }
  return out
}

export const rateLimitHeaders = {
  'RateLimit-Limit': { schema: { type: 'integer' as const }, description: 'Requests allowed in the window.' },
  'RateLimit-Remaining': { schema: { type: 'integer' as const }, description: 'Requests left in the window.' },
  'RateLimit-Reset': { schema: { type: 'integer' as const }, description: 'Seconds until a slot frees up.' },
}

/** An OpenAPI response entry for a server-rendered page. */
export function htmlResponse(description: string) {
  return { description, content: { 'text/html': { schema: z.string() } } }
}
