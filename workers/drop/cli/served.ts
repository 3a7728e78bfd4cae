import { fillServed } from './fill'
import { CLI } from './script'

/** The CLI as this service hands it out (GET /cli): the package's file, this service as its default. */
export function servedCli(baseUrl: string): string {
  return fillServed(CLI.script, CLI.version, baseUrl)
}
