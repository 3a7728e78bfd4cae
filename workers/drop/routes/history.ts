import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { sendPage } from '../../../shared/html'
import { htmlResponse } from '../../../shared/openapi'
import type { AppEnv } from '../env'
import { DIFF_LIMITS } from '../domain/diff/limits'
import { diffPage, HISTORY_CSS, historyPage } from '../pages/history'
import { storeOf } from '../store'
import { diffAfter, historyOf } from '../use-cases/history'
import { DROP_PAGE_POLICY, findDrop, isMissing, missing } from './view'

// Built at each view: an edit or a deletion shows at once, so no copy may be kept.
const HISTORY_POLICY = { ...DROP_PAGE_POLICY, css: HISTORY_CSS }
const params = z.object({ slug: z.string().openapi({ example: 'a1B2c3D4' }) })
const missingResponses = {
  404: htmlResponse('No live drop has this slug, it is burn-after-reading (no history), or this version is not kept.'),
  410: htmlResponse('The drop has expired, or the operator removed it.'),
  451: htmlResponse('The operator removed the drop for legal reasons.'),
  503: htmlResponse('Just published and not yet readable in this location; retry after Retry-After seconds.'),
}

const history = createRoute({
  method: 'get',
  path: '/v/{slug}/history',
  summary: 'The earlier versions of a drop',
  description:
    'Visible to whoever can see the drop (its link): each kept version, newest first, with its page and what the next edit changed. 404 for a burn-after-reading drop.',
  request: { params },
  responses: { 200: htmlResponse('The list of kept versions.'), ...missingResponses },
})

const diff = createRoute({
  method: 'get',
  path: '/v/{slug}/revisions/{n}/diff',
  summary: 'What the edit after version n changed',
  description:
    `The Markdown of version n against the next version (or the current one), line by line, rendered on the server (no JavaScript). ` +
    `The search stops after ${DIFF_LIMITS.maxSteps.toLocaleString('en')} steps and the page then says the versions are too different to show line by line; ` +
    `at most ${DIFF_LIMITS.maxRows.toLocaleString('en')} lines are shown, with ${DIFF_LIMITS.contextLines} unchanged lines around each change.`,
  request: { params: params.extend({ n: z.string().openapi({ example: '1' }) }) },
  responses: { 200: htmlResponse('The changes.'), ...missingResponses },
})

export const historyRoutes = createRouter<AppEnv>()
  .openapi(history, async (c) => {
    const drop = await findDrop(c, c.req.valid('param').slug)
    if (isMissing(drop)) return missing(c, drop)
    const revisions = await historyOf(storeOf(c.env), drop)
    if (!revisions) return missing(c, { status: 404 })
    c.header('Cache-Control', 'no-cache')
    return sendPage(c, historyPage(drop, revisions), 200, HISTORY_POLICY)
  })
  .openapi(diff, async (c) => {
    const { slug, n } = c.req.valid('param')
    const drop = await findDrop(c, slug)
    if (isMissing(drop)) return missing(c, drop)
    const number = /^[1-9]\d{0,5}$/.test(n) ? Number(n) : 0
    const found = number === 0 ? null : await diffAfter(storeOf(c.env), drop, number)
    if (!found) return missing(c, { status: 404 })
    c.header('Cache-Control', 'no-cache')
    return sendPage(c, diffPage(drop, found.from, found.to, found.comparison), 200, HISTORY_POLICY)
  })
