/**
 * Address normalisation for matching (not for display): upper case, punctuation dropped,
 * whitespace collapsed, and the common street suffixes, directionals and unit designators
 * reduced to their USPS standard abbreviations (USPS Publication 28, Appendices C1, C2 and
 * B), so `123 North Main Street, Apt. 4` and `123 N Main St #4` match.
 */
const SUFFIXES: Record<string, string> = {
  ALLEY: 'ALY',
  AVENUE: 'AVE',
  AV: 'AVE',
  AVEN: 'AVE',
  BOULEVARD: 'BLVD',
  BOUL: 'BLVD',
  CIRCLE: 'CIR',
  COURT: 'CT',
  COVE: 'CV',
  CROSSING: 'XING',
  DRIVE: 'DR',
  DRV: 'DR',
  EXPRESSWAY: 'EXPY',
  FREEWAY: 'FWY',
  HIGHWAY: 'HWY',
  LANE: 'LN',
  LOOP: 'LOOP',
  PARKWAY: 'PKWY',
  PKY: 'PKWY',
  PLACE: 'PL',
  PLAZA: 'PLZ',
  POINT: 'PT',
  ROAD: 'RD',
  SQUARE: 'SQ',
  STREET: 'ST',
  STR: 'ST',
  TERRACE: 'TER',
  TRAIL: 'TRL',
  TURNPIKE: 'TPKE',
  WAY: 'WAY',
}
const DIRECTIONALS: Record<string, string> = {
  NORTH: 'N',
  SOUTH: 'S',
  EAST: 'E',
  WEST: 'W',
  NORTHEAST: 'NE',
  NORTHWEST: 'NW',
  SOUTHEAST: 'SE',
  SOUTHWEST: 'SW',
}
/**
 * Apartment, unit and `#` are one thing for matching: USPS Publication 28 § 213 lets `#`
 * stand for any secondary unit designator, and landlords write the same door all three ways.
 */
const UNITS: Record<string, string> = {
  APARTMENT: '#',
  APT: '#',
  UNIT: '#',
  '#': '#',
  SUITE: 'STE',
  STE: 'STE',
  BUILDING: 'BLDG',
  BLDG: 'BLDG',
  FLOOR: 'FL',
  FL: 'FL',
  ROOM: 'RM',
  RM: 'RM',
}

/** Trims and collapses inner whitespace: what is stored and shown. */
export function tidy(text: string): string {
  return text.trim().replace(/\s+/g, ' ')
}

export function normalizeStreet(address: string): string {
  const words = tidy(address)
    .toUpperCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/#\s*/g, ' # ')
    .replace(/[.,;:'"()]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
  return words.map((w) => UNITS[w] ?? DIRECTIONALS[w] ?? SUFFIXES[w] ?? w).join(' ')
}

/** The matching key of a property: street, city, state and the 5-digit ZIP. */
export function addressKey(input: { address: string; city: string; state: string; postalCode: string }): string {
  const city = tidy(input.city).toUpperCase().replace(/[.,']/g, '')
  return [normalizeStreet(input.address), city, input.state.toUpperCase(), input.postalCode.slice(0, 5)].join('|')
}
