// zod without its locale bundles, for the Workers' bundles only (wrangler.toml `alias`).
//
// Why: @hono/zod-openapi re-exports zod's `z` namespace object, so esbuild cannot shake
// anything off it, and zod's namespace carries `locales` (40+ translations of its error
// messages, ~260 KiB minified per worker). Our errors are written by us in English (the
// error policies in shared/errors.ts), so no locale is ever used; zod still registers its
// English messages itself on the first schema (v4/classic/schemas.js).
//
// This file is zod's own index and classic/external.js with the two `locales` namespaces
// left out; everything else is the same module files, so classes and registries are
// shared. test/node/zod-lean.test.ts fails if an upgrade of zod changes the export list.
import * as z from './external.js'

export * from './external.js'
export { z, z as default }
