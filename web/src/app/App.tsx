/** The whole app inside a router: main.tsx renders it in a BrowserRouter, entry-server.tsx in a StaticRouter. */
import { Layout } from './Layout';
import { RouteErrorBoundary } from './RouteErrorBoundary';

export function App() {
  return (
    // A crash in the layout itself (header, footer): the error page alone.
    <RouteErrorBoundary>
      <Layout />
    </RouteErrorBoundary>
  );
}
