/**
 * Web Share Target (docs/decisions/023-every-phone.md): text shared into the installed app from another app is posted
 * here (the manifest's `share_target`) and lands on "Suggest a proverb" with the shared words in the proverb's field.
 * The worker answers the post (offline too, sw/routes.ts); the server answers it when no worker does
 * (server/src/features/share-target).
 */

export const SHARE_TARGET_PATH = '/share-target'
/** The form fields the manifest names, as the system's share sheet fills them. */
export const SHARE_TARGET_PARAMS = { title: 'title', text: 'text', url: 'url' } as const
/** The suggestion form reads the shared words from this query parameter. */
export const SHARED_TEXT_PARAM = 'shared'

type Shared = { title?: string | null; text?: string | null; url?: string | null }

/**
 * The words a share carries: its text (or its title when it has none), and its link on a line of its own. Left whole:
 * the form says when they are longer than a suggestion may be.
 */
export function sharedText({ title, text, url }: Shared): string {
  const body = (text?.trim() || title?.trim()) ?? ''
  const link = url?.trim() ?? ''
  return link && !body.includes(link) ? [body, link].filter(Boolean).join('\n') : body
}

/** Where a share lands: the suggestion form, with the shared words when there are any. */
export function sharedProverbPath(shared: Shared): string {
  const words = sharedText(shared)
  return words ? `/add_proverb?${new URLSearchParams({ [SHARED_TEXT_PARAM]: words }).toString()}` : '/add_proverb'
}
