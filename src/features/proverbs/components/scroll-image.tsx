/** A group's scroll artwork as a decorative, lazily loaded backdrop (spec §2: /img/{language}-scroll.jpeg). */
export function ScrollImage({ src, eager = false }: { src: string | null; eager?: boolean }) {
  if (!src) return <div className="scroll-image scroll-image--plain" aria-hidden="true" />
  return (
    <img
      className="scroll-image"
      src={src}
      alt=""
      width={960}
      height={640}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  )
}
