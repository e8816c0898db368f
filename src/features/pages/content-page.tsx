import './pages.css'
import type { PageContent } from './content'

/** Renders a text page (about, terms, privacy) from structured content. */
export function ContentPage({ content }: { content: PageContent }) {
  return (
    <article className="prose">
      <h1>{content.title}</h1>
      <p className="lead">{content.lead}</p>
      {content.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.list && (
            <ul>
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
          {section.links && (
            <ul>
              {section.links.map((link) => (
                <li key={link.href}>
                  <a href={link.href} download>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </article>
  )
}
