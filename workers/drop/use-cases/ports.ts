import type { DropStore } from '../store'

/** What drop's use cases work with, built once per request (`portsOf` in env.ts). */
export type DropPorts = {
  store: DropStore
  now: () => Date
  /** This deployment's address, written into stored pages (their canonical link). */
  baseUrl: string
}
