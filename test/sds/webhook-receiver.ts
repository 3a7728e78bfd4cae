/**
 * Node-side fixture for the sds webhook and bulk tests: a local HTTP receiver on
 * 127.0.0.1 (allowed by WEBHOOK_ALLOW_LOCAL=true in test-vars.json) that records every
 * delivery as it arrived (headers and raw body) and answers as the URL asks:
 *   POST /hook/<name>?fail=<n>   500 for the first n requests, then 200
 *   POST /hook/<name>?hang=<n>   no answer for 8 s (past the 5 s attempt timeout) for the first n
 *   POST /hook/<name>?redirect=1 302 to a private address (must not be followed)
 *   GET  /log/<name>             what <name> received, oldest first
 * The port reaches the tests through vitest's provide/inject.
 */
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

declare module 'vitest' {
  export interface ProvidedContext {
    webhookReceiverPort: number
  }
}

type Received = { headers: Record<string, string>; body: string; received_at: number; answered: number | null }

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

export default async function setup(project: { provide: (key: 'webhookReceiverPort', value: number) => void }) {
  const log = new Map<string, Received[]>()
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const [, kind, name] = url.pathname.split('/')
    if (req.method === 'GET' && kind === 'log' && name) {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(log.get(name) ?? []))
      return
    }
    if (req.method !== 'POST' || kind !== 'hook' || !name) {
      res.writeHead(404).end()
      return
    }
    const body = await readBody(req)
    const entries = log.get(name) ?? []
    log.set(name, entries)
    const headers: Record<string, string> = {}
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v
    const entry: Received = { headers, body, received_at: Date.now(), answered: null }
    entries.push(entry)
    const n = entries.length
    const fail = Number(url.searchParams.get('fail') ?? 0)
    const hang = Number(url.searchParams.get('hang') ?? 0)
    const answer = (status: number, extra: Record<string, string> = {}) => {
      entry.answered = status
      if (!res.writableEnded && !res.destroyed) res.writeHead(status, extra).end(status === 200 ? 'ok' : '')
    }
    if (url.searchParams.get('redirect')) return answer(302, { location: 'http://10.0.0.1/steal' })
    if (n <= fail) return answer(500)
    if (n <= hang) {
      setTimeout(() => answer(200), 8000)
      return
    }
    answer(200)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  project.provide('webhookReceiverPort', (server.address() as AddressInfo).port)
  return async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
}
