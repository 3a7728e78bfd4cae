import type { SheetBranding } from './generate'

/** The request fields that brand a sheet (Section 1's supplier), as every generator takes them. */
export type BrandingFields = SheetBranding & { response_format?: 'url' | 'base64' }

export function brandingOf(input: BrandingFields): SheetBranding {
  return {
    company_name: input.company_name,
    company_address: input.company_address,
    company_phone: input.company_phone,
    company_website: input.company_website,
    company_email: input.company_email,
    emergency_phone: input.emergency_phone,
  }
}

/** `style_profile_applied`: any branding field given. */
export function styled(input: BrandingFields): boolean {
  return Boolean(input.company_name || input.company_address || input.company_phone || input.company_website || input.company_email)
}
