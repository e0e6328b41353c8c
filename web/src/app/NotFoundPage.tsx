/** Any unknown path (spec 000_87e5fbf87b6c3f39.txt §2): '404', 'Oops! Page not found' and a link to /. */
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <main id="main" className="container page status-page">
      <div>
        <h1 className="status-code">404</h1>
        <p>Oops! Page not found</p>
        <Link to="/" className="button button-primary">
          Return to Home
        </Link>
      </div>
    </main>
  );
}
