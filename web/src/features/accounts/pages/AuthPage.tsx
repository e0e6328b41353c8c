/** Placeholder until the accounts issue fills this screen; the route is wired so the app layer is complete. */
export default function AuthPage() {
  return (
    <main id="main" className="container page">
      <h1>Sign In</h1>
    </main>
  );
}
