import { Component, type ReactNode } from 'react';
import { RouteError } from './pages/route-error';

type TProps = { resetKey: string; children: ReactNode };
type TState = { failed: boolean; failedAt: string | null };

/**
 * Catches a screen that fails to load or render (most often a lazy chunk after a network error or a
 * new deployment). Navigating to another path clears the error and tries again, without remounting
 * the healthy tree around it.
 */
export class ErrorBoundary extends Component<TProps, TState> {
  override state: TState = { failed: false, failedAt: null };

  static getDerivedStateFromError(): Partial<TState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: TProps, state: TState): Partial<TState> | null {
    if (state.failed && state.failedAt === null) return { failedAt: props.resetKey };
    if (state.failed && state.failedAt !== props.resetKey) return { failed: false, failedAt: null };
    return null;
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
