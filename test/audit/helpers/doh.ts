import { DOH_ENDPOINT } from '../../../shared/net/dns'

export type Zone = Record<string, { A?: string[]; AAAA?: string[]; CAA?: string[]; status?: number; cname?: string }>

/**
 * A replayFetcher route answering DNS-over-HTTPS JSON queries from `zone`, in the shape
 * cloudflare-dns.com documents (developers.cloudflare.com/1.1.1.1/encryption/dns-over-https/
 * make-api-requests/dns-json/). Names not in the zone get NXDOMAIN (Status 3).
 */
export function dohRoute(zone: Zone): [RegExp, (req: Request) => { status: number; headers: Record<string, string>; body: string }] {
  return [
    new RegExp(`^${DOH_ENDPOINT.replace(/[.]/g, '\\.')}\\?`),
    (req) => {
      const url = new URL(req.url)
      const name = url.searchParams.get('name') ?? ''
      const asked = url.searchParams.get('type')
      const type = asked === 'AAAA' ? 'AAAA' : asked === 'CAA' ? 'CAA' : 'A'
      const entry = zone[name]
      const typeNo = { A: 1, AAAA: 28, CAA: 257 }[type]
      const answers = [
        ...(entry?.cname ? [{ name, type: 5, TTL: 300, data: `${entry.cname}.` }] : []),
        ...(entry?.[type] ?? []).map((data) => ({ name: entry?.cname ?? name, type: typeNo, TTL: 300, data })),
      ]
      const body = {
        Status: entry ? (entry.status ?? 0) : 3,
        TC: false,
        RD: true,
        RA: true,
        AD: false,
        CD: false,
        Question: [{ name, type: typeNo }],
        ...(answers.length ? { Answer: answers } : {}),
      }
      return { status: 200, headers: { 'content-type': 'application/dns-json' }, body: JSON.stringify(body) }
    },
  ]
}
