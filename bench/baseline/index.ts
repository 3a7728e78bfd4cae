import { Hono } from 'hono'

// The baseline every benchmark is compared with: an empty Hono route on the same runtime.
const app = new Hono()
app.get('/', (c) => c.text('ok'))
app.get('/healthz', (c) => c.json({ ok: true }))

export default app
