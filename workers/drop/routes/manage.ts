import { createRoute, z } from '@hono/zod-openapi'
import type { Context, MiddlewareHandler } from 'hono'
import { createRouter } from '../../../shared/app'
import { readKey } from '../../../shared/auth'
import { body, mediaType } from '../../../shared/body'
import { ApiError, defaultErrorPolicy } from '../../../shared/errors'
import { findActiveKey } from '../../../shared/key-store'
import { KEY_SERVICES } from '../../../shared/keys'
import { errorResponses } from '../../../shared/openapi'
import { type AppEnv, portsOf } from '../env'
import { mayManage, type Credential } from '../domain/publish/owner'
import { BaseUrl, EDIT_TOKEN_PREFIX, FREE_MAX_BYTES, PRO_MAX_BYTES, PublishForm, Slug } from '../schemas'
import { listRevisions, MAX_REVISIONS } from '../revisions'
import { deleteDrop, findRow, listDrops, storeOf, type DropRow } from '../store'
import { editDrop } from '../use-cases/publish'
import { proKeyOptional } from './publish'
import { editSlots, limitedBy } from './quota'
import { readSubmission } from './read-submission'
import { EDIT_LIMITS } from '../domain/quota/limits'

const MULTIPART_SLACK = 16 * 1024
const LIST_LIMIT = 200

const denied = () => new ApiError(403, 'FORBIDDEN', 'This drop can be changed only with its edit token or the Pro key that published it.')

function credentialOf(c: Context<AppEnv>): Promise<Credential> | Credential {
  const raw = readKey(c, 'bearer')
  if (!raw) throw new ApiError(401, 'UNAUTHORIZED', 'Send the edit token (drop_edit_…) or your Pro key as `Authorization: Bearer …`.')
  if (raw.startsWith(EDIT_TOKEN_PREFIX)) return { kind: 'edit-token', token: raw }
  if (!raw.startsWith(KEY_SERVICES.drop.prefix))
    throw new ApiError(401, 'UNAUTHORIZED', 'That is neither an edit token (drop_edit_…) nor a Pro key (drop_pro_…).')
  return findActiveKey(c.env.DB, raw).then((key) => {
    if (key?.service !== 'drop') throw new ApiError(401, 'UNAUTHORIZED', 'This Pro key is unknown or revoked.')
    return { kind: 'pro-key', owner: key.account_id ?? key.id }
  })
}

/** Loads the drop and checks the caller may manage it, before any body is read. */
const ownerOnly: MiddlewareHandler<ManageEnv> = async (c, next) => {
  const slug = c.req.param('slug') ?? ''
  const credential = await credentialOf(c as unknown as Context<AppEnv>)
  const row = Slug.safeParse(slug).success ? await findRow(storeOf(c.env), slug) : null
  const expired = row?.expires_at != null && Date.parse(row.expires_at) <= c.var.deps.now().getTime()
  if (!row || row.deleted_at || expired) throw new ApiError(404, 'DROP_NOT_FOUND', 'No live drop has this slug.')
  if (!(await mayManage(row, credential))) throw denied()
  c.set('dropRow', row)
  c.set('proAccount', credential.kind === 'pro-key' ? credential.owner : null)
  await next()
}

type ManageEnv = AppEnv & { Variables: { dropRow: DropRow; proAccount: string | null } }

/** Counted before the body is read: per drop, and per client (its address, or its Pro account). */
const editLimit = limitedBy((c) => {
  const v = c.var as ManageEnv['Variables']
  return editSlots(c, v.dropRow.slug, v.proAccount)
})
const isLarge = (row: DropRow) => row.plan !== 'free'

const params = z.object({ slug: z.string().openapi({ example: 'a1B2c3D4' }) })
const bearer = [{ bearer: [] }]
const Changed = z
  .object({ url: z.string().url(), slug: z.string(), expires_at: z.string().nullable(), updated: z.literal(true) })
  .openapi('DropUpdated')

const putRoute = createRoute({
  method: 'put',
  path: '/api/drop/{slug}',
  summary: 'Replace the Markdown (and title) of a drop',
  description:
    'Same body as a publish (`expires_in` and `burn_after_reading` are ignored). The slug, expiry and plan stay; the page is rendered again. Authorization: the edit token, or the Pro key that published it.',
  security: bearer,
  middleware: [
    ownerOnly,
    editLimit,
    body({
      maxBytes: (c) =>
        (isLarge((c as Context<ManageEnv>).var.dropRow) ? PRO_MAX_BYTES : FREE_MAX_BYTES) * (mediaType(c) === 'application/json' ? 2 : 1) +
        MULTIPART_SLACK,
      accept: ['application/json', 'multipart/form-data'],
      policy: defaultErrorPolicy,
    }),
  ] as const,
  request: {
    params,
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({
            markdown: z.string().optional(),
            content: z.string().optional(),
            title: z.string().max(200).optional(),
            base_url: BaseUrl.optional(),
          }),
        },
        'multipart/form-data': { schema: PublishForm },
      },
    },
  },
  responses: {
    200: { description: 'Replaced.', content: { 'application/json': { schema: Changed } } },
    ...errorResponses({
      400: 'As for a publish.',
      401: 'UNAUTHORIZED: no credential, or an unknown Pro key.',
      403: "FORBIDDEN: not this drop's edit token or owner.",
      404: 'DROP_NOT_FOUND.',
      413: "PAYLOAD_TOO_LARGE (the drop's plan sets the limit).",
      422: 'NESTING_TOO_DEEP or RENDERED_TOO_LARGE, as for a publish; the drop is left as it was.',
      429: `RATE_LIMITED: ${EDIT_LIMITS.perDrop} edits per hour of one drop, ${EDIT_LIMITS.perClient} per hour from one address with edit tokens, ${EDIT_LIMITS.perProAccount.toLocaleString('en')} per Pro account; checked before the body is read, and a 4xx gives the slot back.`,
    }),
  },
})

const deleteRoute = createRoute({
  method: 'delete',
  path: '/api/drop/{slug}',
  summary: 'Delete a drop',
  description:
    'The page and its raw Markdown answer 404 afterwards; the slug is never reused. Authorization: the edit token, or the Pro key that published it.',
  security: bearer,
  middleware: [ownerOnly] as const,
  request: { params },
  responses: {
    200: {
      description: 'Deleted.',
      content: { 'application/json': { schema: z.object({ slug: z.string(), deleted: z.literal(true) }).openapi('DropDeleted') } },
    },
    ...errorResponses({ 401: 'UNAUTHORIZED.', 403: 'FORBIDDEN.', 404: 'DROP_NOT_FOUND.' }),
  },
})

const ListedDrop = z
  .object({
    slug: z.string(),
    url: z.string().url(),
    title: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    expires_at: z.string().nullable(),
    plan: z.enum(['free', 'pro', 'upgraded']),
    burn_after_reading: z.boolean(),
  })
  .openapi('ListedDrop')

const listRoute = createRoute({
  method: 'get',
  path: '/api/drops',
  summary: 'Your drops (Pro)',
  description: `The live drops published with your Pro account's keys, newest first (at most ${LIST_LIMIT}).`,
  security: bearer,
  middleware: [proKeyOptional] as const,
  responses: {
    200: {
      description: 'Your drops.',
      content: { 'application/json': { schema: z.object({ drops: z.array(ListedDrop) }).openapi('DropList') } },
    },
    ...errorResponses({ 401: 'UNAUTHORIZED: a Pro key is required.' }),
  },
})

const Revisions = z
  .object({
    slug: z.string(),
    revisions: z.array(
      z.object({
        n: z.number().int(),
        title: z.string(),
        replaced_at: z.string(),
        bytes: z.number().int(),
        url: z.string().url(),
      })
    ),
  })
  .openapi('DropRevisions')

const revisionsRoute = createRoute({
  method: 'get',
  path: '/api/drop/{slug}/revisions',
  summary: 'Earlier versions of a drop (owner only)',
  description: `Every edit keeps the version it replaces (Markdown and title), newest first, at most ${MAX_REVISIONS}; none for burn-after-reading drops. Authorization: the edit token, or the Pro key that published it.`,
  security: bearer,
  middleware: [ownerOnly] as const,
  request: { params },
  responses: {
    200: { description: 'The kept versions.', content: { 'application/json': { schema: Revisions } } },
    ...errorResponses({ 401: 'UNAUTHORIZED.', 403: 'FORBIDDEN.', 404: 'DROP_NOT_FOUND.' }),
  },
})

export const manageRoutes = createRouter<ManageEnv>()
  .openapi(revisionsRoute, async (c) => {
    const slug = c.var.dropRow.slug
    const revisions = await listRevisions(storeOf(c.env), slug)
    return c.json({ slug, revisions: revisions.map((r) => ({ ...r, url: `${c.env.BASE_URL}/v/${slug}/revisions/${r.n}` })) }, 200)
  })
  .openapi(putRoute, async (c) => {
    const row = c.var.dropRow
    const large = isLarge(row)
    const ctx = c as unknown as Context<AppEnv>
    const submission = await readSubmission(ctx, large ? PRO_MAX_BYTES : FREE_MAX_BYTES, large)
    const drop = await editDrop(portsOf(ctx), row, submission)
    return c.json({ url: `${c.env.BASE_URL}/v/${drop.slug}`, slug: drop.slug, expires_at: drop.expires_at, updated: true as const }, 200)
  })
  .openapi(deleteRoute, async (c) => {
    const slug = c.var.dropRow.slug
    if (!(await deleteDrop(storeOf(c.env), slug, c.var.deps.now())))
      throw new ApiError(404, 'DROP_NOT_FOUND', 'No live drop has this slug.')
    return c.json({ slug, deleted: true as const }, 200)
  })
  .openapi(listRoute, async (c) => {
    const key = c.var.apiKey
    if (!key) throw new ApiError(401, 'UNAUTHORIZED', 'Listing drops needs a Pro key (Authorization: Bearer drop_pro_…).')
    const rows = await listDrops(storeOf(c.env), key.account_id ?? key.id, c.var.deps.now(), LIST_LIMIT)
    return c.json(
      { drops: rows.map((r) => ({ ...r, url: `${c.env.BASE_URL}/v/${r.slug}`, burn_after_reading: r.burn_after_reading === 1 })) },
      200
    )
  })
