import { checkStorable } from '../domain/publish/publish'
import { dropPage } from '../pages/view'
import type { DropRecord } from '../schemas'
import type { StoredPage } from '../store'

/**
 * The page a drop is stored with, built once and checked against the size limits before any
 * write (RENDERED_TOO_LARGE). A burn-after-reading drop stores none (it shows a confirmation
 * first), but its page is still checked: it is what the one reader will get.
 */
export function storablePage(drop: DropRecord, baseUrl: string): StoredPage {
  const page = dropPage(drop, { baseUrl, justUpgraded: false })
  checkStorable(drop, page)
  return drop.burn ? null : page
}
