import { Component, type ReactNode } from 'react';

/**
 * For a lazily loaded extra whose chunk may fail to arrive (offline, a flaky network): shows
 * `fallback` in its place instead of letting the error replace the whole page, which is what the
 * route's boundary does for the page's own code.
 */
export class FallbackOnError extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
