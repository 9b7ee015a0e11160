import { Component, type ErrorInfo, type ReactNode } from 'react';
import { NotFoundError } from '../apps/errors/notFound.ts';
import { UnauthenticatedError } from '../relay/errors.ts';

interface ErrorBoundaryProps {
  /** What replaces the children once they failed (given the error, to say what went wrong). */
  fallback: ReactNode | ((error: unknown) => ReactNode);
  children: ReactNode;
}

/**
 * Keeps a failing part of a screen (a header selector, a side panel) from taking the whole page down. An expired
 * session and a missing page are not that part's business: they go on to the route's boundaries.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failure: { error: unknown } | null }> {
  override state: { failure: { error: unknown } | null } = { failure: null };

  static getDerivedStateFromError(error: unknown) {
    return { failure: { error } };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (error instanceof UnauthenticatedError || error instanceof NotFoundError) return;
    console.error('Part of the screen failed', error, info.componentStack);
  }

  override render() {
    const { failure } = this.state;
    if (!failure) return this.props.children;
    if (failure.error instanceof UnauthenticatedError || failure.error instanceof NotFoundError) {
      throw failure.error;
    }
    const { fallback } = this.props;
    return typeof fallback === 'function' ? fallback(failure.error) : fallback;
  }
}
