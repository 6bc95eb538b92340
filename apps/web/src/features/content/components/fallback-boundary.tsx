import { Component, type ReactNode } from 'react';

interface FallbackBoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Keeps a failed optional chunk (a carousel that could not load on a bad connection) from
 * taking the page down: the static fallback simply stays.
 */
export class FallbackBoundary extends Component<FallbackBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
