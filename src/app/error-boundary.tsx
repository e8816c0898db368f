import { Component, type ErrorInfo, type ReactNode } from 'react'

type State = { error: unknown }

/** Shown when rendering throws (e.g. offline before a page's code was cached), instead of a blank screen. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null }

  static getDerivedStateFromError(error: unknown): State {
    return { error }
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('The page failed to render', error, info.componentStack)
  }

  render() {
    if (!this.state.error) return this.props.children
    const offline = typeof navigator !== 'undefined' && !navigator.onLine
    return (
      <main id="main" className="route-error">
        <h1>Something went wrong</h1>
        <p role="alert">{offline ? 'This page is not available offline yet.' : 'This page failed to load.'}</p>
        <p>
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            Reload
          </button>{' '}
          <a className="button" href="/">
            Go home
          </a>
        </p>
      </main>
    )
  }
}
