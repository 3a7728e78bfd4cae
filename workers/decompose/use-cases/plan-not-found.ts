import { DomainError } from '../../../shared/errors'

/** Another account's plan and a plan that does not exist get the same answer (rule 4). */
export const planNotFound = () => new DomainError('PLAN_NOT_FOUND', 'No plan with that id belongs to this key’s account.')
