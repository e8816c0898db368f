import { SHARE_TARGET_PARAMS, sharedProverbPath } from '../src/core/shared/share-target'

/**
 * Web Share Target: the system's share sheet posts what was shared to /share-target (the manifest's `share_target`);
 * the worker answers at once, offline too, with a redirect (303, so the browser then GETs it) to "Suggest a proverb"
 * with the shared words in the proverb's field (src/core/shared/share-target.ts).
 */
export async function answerShare(request: Request): Promise<Response> {
  const form = await request.formData().catch(() => new FormData())
  const field = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : null
  }
  const path = sharedProverbPath({
    title: field(SHARE_TARGET_PARAMS.title),
    text: field(SHARE_TARGET_PARAMS.text),
    url: field(SHARE_TARGET_PARAMS.url),
  })
  return Response.redirect(new URL(path, request.url).href, 303)
}
