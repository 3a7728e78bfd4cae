import type { Context } from 'hono'
import { createRouter } from '../../../shared/app'
import { ApiError } from '../../../shared/errors'
import { findActiveKey } from '../../../shared/key-store'
import { KEY_SERVICES } from '../../../shared/keys'
import { sendPage } from '../../../shared/html'
import type { AppEnv } from '../env'
import { pastePage, publishedPage } from '../pages/paste'
import { DROP_CSS } from '../pages/style'
import { FREE_MAX_BYTES } from '../schemas'
import { PUBLISH_BODY, publisherOf } from './publish'
import { readBody } from '../../../shared/body'
import { portsOf } from '../env'
import { publishDrop } from '../use-cases/publish'
import { asApiError } from '../policy'
import { isRefusal, publishSlot, reserve, type Held } from './quota'
import { readSubmission } from './read-submission'

// The paste page posts to itself, so only 'self' may receive the form.
const PASTE_POLICY = { css: DROP_CSS, imgSrc: "'self'", formAction: "'self'" }
type PageStatus = 400 | 401 | 403 | 413 | 422 | 429 | 503

/**
 * The form's optional Pro key (a browser form cannot send an Authorization header): with it the
 * drop is the Pro account's (listed, editable with the key, `never` allowed, the Pro quota).
 * The form itself stays at the free size limit; larger drops go through the API or the CLI.
 */
async function proKeyFromForm(c: Context<AppEnv>): Promise<void> {
  const field = (await c.req.formData()).get('pro_key')
  const raw = typeof field === 'string' ? field.trim() : ''
  if (raw === '') return
  const key = raw.startsWith(KEY_SERVICES.drop.prefix) ? await findActiveKey(c.env.DB, raw) : null
  if (key?.service !== 'drop')
    throw new ApiError(401, 'UNAUTHORIZED', 'That Pro key is unknown or revoked. Leave the field empty to publish without one.')
  c.set('apiKey', key)
}

/** `/`: a form that works without JavaScript, publishing through the same path as the API. */
export const pasteRoutes = createRouter<AppEnv>()
  .get('/', (c) => sendPage(c, pastePage({ baseUrl: c.env.BASE_URL }), 200, PASTE_POLICY))
  .post('/', async (c) => {
    c.set('apiKey', null) // the form publishes as a free, anonymous drop
    c.header('Cache-Control', 'no-store')
    // The address's slot is taken before the form is read; a Pro key in the form then takes
    // the key's slot instead, still before anything is rendered.
    let held: Held | undefined
    try {
      held = await reserve(c, [publishSlot(c)])
      await readBody(c as Context, PUBLISH_BODY)
      const submission = await readSubmission(c, FREE_MAX_BYTES, false)
      await proKeyFromForm(c)
      if (c.var.apiKey) {
        const keySlot = await reserve(c, [publishSlot(c)])
        await held?.release()
        held = keySlot
      }
      const { drop, editToken, url } = await publishDrop(portsOf(c), submission, publisherOf(c))
      return sendPage(c, publishedPage(drop, url, editToken), 200, PASTE_POLICY)
    } catch (thrown) {
      const error = asApiError(thrown)
      if (!(error instanceof ApiError) || error.status >= 500) throw error
      if (isRefusal(error.status)) await held?.release()
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value)
      const status = ([400, 401, 403, 413, 422, 429].includes(error.status) ? error.status : 400) as PageStatus
      return sendPage(c, pastePage({ baseUrl: c.env.BASE_URL, error: error.message }), status, PASTE_POLICY)
    }
  })
