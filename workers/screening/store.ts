/**
 * The only modules that talk to D1 (tables in migrations/screening/), one per feature under
 * stores/. Races are settled by the database: unique keys plus `ON CONFLICT DO NOTHING` and
 * a read back, never by checking first and writing after. Every property query names its
 * owner: there is no lookup of a stored screening by a bare id that a caller could use as
 * access.
 */
export * from './stores/audit'
export * from './stores/capabilities'
export * from './stores/embed'
export * from './stores/leads'
export * from './stores/mail'
export * from './stores/properties'
export * from './stores/screenings'
export * from './stores/partner-policy'
