import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import type { AppEnv } from '../env'
import { CLI } from '../cli/script'
import { installLine } from '../cli/fill'
import { servedCli } from '../cli/served'

const route = createRoute({
  method: 'get',
  path: '/cli',
  summary: 'Download the drop CLI (one file, Node 20+)',
  description:
    'The command-line client as a single JavaScript file, with this service as its default. Install: `curl -fsSL -o drop.mjs <service>/cli && node drop.mjs notes.md`. ' +
    'No registry is involved: the npm name in packages/drop-cli is not published.',
  responses: {
    200: {
      description: 'The script, as an attachment named drop.mjs; `X-Drop-CLI-Version` gives its version.',
      headers: z.object({
        'X-Drop-CLI-Version': z.string().openapi({ example: '2.0.0' }),
        'Content-Disposition': z.string().openapi({ example: 'attachment; filename="drop.mjs"' }),
      }),
      content: { 'text/javascript': { schema: z.string() } },
    },
  },
})

// Built once per isolate: the file and the URL do not change while it runs.
let served: { baseUrl: string; body: string } | undefined

/** GET /cli: the CLI from the service itself, never from a package name someone else could take. */
export const cliRoutes = createRouter<AppEnv>().openapi(route, (c) => {
  if (served?.baseUrl !== c.env.BASE_URL) served = { baseUrl: c.env.BASE_URL, body: servedCli(c.env.BASE_URL) }
  return c.body(served.body, 200, {
    'Content-Type': 'text/javascript; charset=utf-8',
    'Content-Disposition': `attachment; filename="${CLI.fileName}"`,
    'X-Drop-CLI-Version': CLI.version,
    'X-Drop-CLI-Install': installLine(c.env.BASE_URL),
    'Cache-Control': 'public, max-age=300',
  })
})
