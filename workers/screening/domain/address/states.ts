/**
 * USPS two-letter codes of the 50 states, the District of Columbia and the five inhabited
 * territories (USPS Publication 28, Appendix B). Armed-forces codes (AA, AE, AP) and the
 * freely associated states are not rental markets this service screens for.
 */
export const US_STATES = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  DC: 'District of Columbia',
  AS: 'American Samoa',
  GU: 'Guam',
  MP: 'Northern Mariana Islands',
  PR: 'Puerto Rico',
  VI: 'U.S. Virgin Islands',
} as const

export type StateCode = keyof typeof US_STATES

export function isStateCode(value: string): value is StateCode {
  return Object.hasOwn(US_STATES, value)
}

const BY_NAME = new Map<string, StateCode>(
  Object.entries(US_STATES).map(([code, name]) => [name.toLowerCase().replace(/\./g, ''), code as StateCode])
)
BY_NAME.set('washington dc', 'DC')
BY_NAME.set('virgin islands', 'VI')
BY_NAME.set('us virgin islands', 'VI')

/** `tx`, `TX`, `Texas` → `TX`; anything else → null. */
export function stateFromText(text: string): StateCode | null {
  const t = text.trim().replace(/\./g, '').replace(/\s+/g, ' ')
  const upper = t.toUpperCase()
  if (upper.length === 2 && isStateCode(upper)) return upper
  return BY_NAME.get(t.toLowerCase()) ?? null
}
