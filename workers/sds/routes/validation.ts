import { ApiError, toIssues } from '../../../shared/errors'

/** company_website has its own code (spec: INVALID_COMPANY_WEBSITE); other body errors are VALIDATION_ERROR. */
export function validationHook(result: { success: boolean; error?: unknown }): undefined {
  if (result.success || !result.error) return undefined
  const issues = toIssues((result.error as { issues: Array<{ path: PropertyKey[]; message: string }> }).issues)
  const website = issues.find((i) => i.path === 'company_website')
  if (website)
    throw new ApiError(422, 'INVALID_COMPANY_WEBSITE', 'company_website must be a valid URL (http or https, e.g. https://example.com).', {
      issues: [website],
    })
  const first = issues[0]
  throw new ApiError(422, 'VALIDATION_ERROR', `Invalid request: ${first.path}: ${first.message}.`, { issues })
}
