/**
 * What the data router's route `ErrorBoundary` did: catches what its children throw while rendering (including
 * a screen whose code failed to load) and shows the error page in their place, until the next navigation.
 * Layout.tsx puts one around the screen (the error page between header and footer) and App.tsx one around the
 * whole layout (a crash in the header or footer: the error page alone).
 */
import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorPage } from './ErrorPage';

interface Props {
  /** The location the error happened on: a navigation (a new key) tries the children again. */
  readonly resetKey: string;
  readonly children: ReactNode;
}

interface State {
  readonly failure?: { readonly error: unknown };
  readonly resetKey: string;
}

class ErrorBoundary extends Component<Props, State> {
  override state: State = { resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failure: undefined, resetKey: props.resetKey };
  }

  override render() {
    // React reports the caught error on the console itself (createRoot's onCaughtError).
    return this.state.failure ? <ErrorPage error={this.state.failure.error} /> : this.props.children;
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <ErrorBoundary resetKey={key}>{children}</ErrorBoundary>;
}
