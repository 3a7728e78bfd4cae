import type { SeriesName } from './domain/series'

// KV key of a series and zone's settled marker (see store.ts): its own module, free of
// bindings, because `npm run ingest` (Node) deletes these keys after a load too.
const SETTLED_PREFIX = 'md:settled:'

export function settledMarkerKey(series: SeriesName, zone: string): string {
  return SETTLED_PREFIX + series + ':' + zone
}
