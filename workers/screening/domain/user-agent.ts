/** How this service names itself to the sites and providers it calls, with where to read about it. */
export function userAgent(baseUrl: string): string {
  return `VetScoreBot/1.0 (+${baseUrl}/docs)`
}
