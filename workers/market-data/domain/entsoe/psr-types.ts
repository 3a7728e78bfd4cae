import psr from '../../data/psr-types.json'

/** ENTSO-E production types served (psrType code → the platform's name); data/psr-types.json cites the code list. */
export const PSR_TYPES: Readonly<Record<string, string>> = psr.types
