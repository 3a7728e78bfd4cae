/** Text for WordprocessingML: characters XML 1.0 cannot carry dropped, the five specials escaped. */

// Characters XML 1.0 cannot carry; user-supplied branding could contain them.
const INVALID_XML =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g
const SPECIAL = /[&<>"']/g
const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

export const clean = (s: string) => s.replace(INVALID_XML, '')

/** Escaped for an element's text or an attribute value in double quotes. */
export const esc = (s: string) => clean(s).replace(SPECIAL, (c) => ENTITY[c])
