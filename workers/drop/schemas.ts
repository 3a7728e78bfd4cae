import { z } from '@hono/zod-openapi'

export const FREE_MAX_BYTES = 512 * 1024
export const EDIT_TOKEN_PREFIX = 'drop_edit_'
export const PRO_MAX_BYTES = 5 * 1024 * 1024
export const FREE_TTL_SECONDS = 7 * 24 * 60 * 60
export const ACCEPTED_EXTENSIONS = ['.md', '.markdown', '.txt'] as const

const Title = z.string().max(200).optional().openapi({
  description: 'When the Markdown has no top-level heading, `# <title>` is put before it; when it already has one, the title is ignored.',
  example: 'Release notes',
})

export const EXPIRY_SECONDS = { '1h': 3600, '1d': 86_400, '7d': FREE_TTL_SECONDS } as const
export const ExpiresIn = z.enum(['1h', '1d', '7d', 'never']).openapi({
  description: 'How long the drop lives: `1h`, `1d` or `7d` (the default for free drops); `never` (the default) needs a Pro key.',
  example: '1d',
})
export type ExpiresIn = z.infer<typeof ExpiresIn>

export const BaseUrl = z
  .string()
  .max(500)
  .regex(/^https?:\/\/[^\s]+$/, 'base_url must be an absolute http(s) URL.')
  .openapi({
    description:
      "Where the document's relative links and images live, e.g. a repository's raw URL. Without it, relative images show as their alt text and relative links as text.",
    example: 'https://raw.githubusercontent.com/owner/repo/main/',
  })

export const PublishJson = z
  .object({
    markdown: z.string().optional().openapi({ description: 'Raw Markdown (GitHub Flavored).', example: '# Hello\n\nWorld' }),
    content: z.string().optional().openapi({ description: 'Alias of `markdown`; send one of the two.' }),
    title: Title,
    expires_in: ExpiresIn.optional(),
    base_url: BaseUrl.optional(),
    burn_after_reading: z.boolean().optional().openapi({
      description: 'Delete the drop once it has been read: its link shows a "read and delete" page first, so link previews do not burn it.',
    }),
  })
  .openapi('PublishJson')

/**
 * The multipart form, as a plain OpenAPI schema: the upload is checked by hand (name, size
 * before parsing, UTF-8), so no zod form validator should run on it.
 */
export const PublishForm = {
  type: 'object' as const,
  required: ['file'],
  properties: {
    file: { type: 'string' as const, format: 'binary', description: 'A .md, .markdown or .txt file, UTF-8.' },
    title: { type: 'string' as const, maxLength: 200, description: 'Same rule as in the JSON body.' },
    expires_in: { type: 'string' as const, enum: ['1h', '1d', '7d', 'never'], description: 'As in the JSON body.' },
    base_url: { type: 'string' as const, maxLength: 500, description: 'As in the JSON body.' },
    burn_after_reading: {
      type: 'string' as const,
      enum: ['true', 'false', 'on'],
      description: 'As in the JSON body (`on` from an HTML checkbox).',
    },
  },
}

export const Published = z
  .object({
    url: z.string().url().openapi({ example: 'https://drop.example/v/a1B2c3D4' }),
    slug: z
      .string()
      .regex(/^[0-9A-Za-z]{8}$/)
      .openapi({ example: 'a1B2c3D4' }),
    expires_at: z
      .string()
      .datetime()
      .nullable()
      .openapi({ description: 'When the drop expires (7 days for free drops); null means permanent (Pro).' }),
    edit_token: z.string().openapi({
      description: 'Shown once, stored only as a hash: send it as `Authorization: Bearer …` to replace (PUT) or delete (DELETE) this drop.',
      example: 'drop_edit_0123456789abcdefghijABCDEFGHIJ',
    }),
    burn_after_reading: z.boolean(),
  })
  .openapi('Published')

export const Slug = z.string().regex(/^[0-9A-Za-z]{8}$/, 'A slug is 8 letters and digits.')

export const CheckoutQuery = z.object({
  slug: Slug.openapi({ param: { name: 'slug', in: 'query' }, example: 'a1B2c3D4' }),
  source: z
    .string()
    .regex(/^[a-z0-9_-]{1,32}$/i, 'source is 1–32 letters, digits, _ or -.')
    .optional()
    .openapi({ param: { name: 'source', in: 'query' }, description: 'Where the request comes from, e.g. `cli`.', example: 'cli' }),
})

export const CheckoutLink = z
  .object({
    url: z.string().url().openapi({ description: 'Checkout page that makes the drop permanent once paid.' }),
    slug: z.string(),
  })
  .openapi('CheckoutLink')

export const WebhookAck = z.object({ received: z.literal(true), upgraded: z.boolean().optional() }).openapi('WebhookAck')

export type DropRecord = {
  slug: string
  markdown: string
  /** Sanitized HTML, rendered once at publish time. */
  html: string
  title: string
  description: string
  created_at: string
  expires_at: string | null
  plan: 'free' | 'pro' | 'upgraded'
  /** Resolves relative links and images (kept for re-rendering on edit). */
  base_url?: string
  /** Shown once behind a confirmation, then deleted. */
  burn?: boolean
  /** Set by an edit: the version it replaced was kept, so the page links to its history. */
  edited_at?: string
}
