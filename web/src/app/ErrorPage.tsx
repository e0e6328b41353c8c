/**
 * The error screen (spec 000_87e5fbf87b6c3f39.txt §8: the router's fallback heading 'Unexpected Application Error!'): the
 * route table's `ErrorBoundary` (./routes/index.tsx) when a screen or the layout throws while rendering, or a screen's
 * code cannot be loaded (for example after a deploy replaced the chunk files).
 */
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return 'Something went wrong while showing this page.';
}

export function ErrorPage() {
  const error = useRouteError();
  return (
    <main id="main" className="container page status-page">
      <div>
        <h1>Unexpected Application Error!</h1>
        <p>{describe(error)}</p>
        {/* A full page load, not a client navigation: it also picks up a newly deployed version. */}
        <a href="/" className="button button-primary">
          Return to Home
        </a>
      </div>
    </main>
  );
}
