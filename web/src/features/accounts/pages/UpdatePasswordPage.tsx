/** Placeholder until the accounts issue fills this screen; the route is wired so the app layer is complete. */
export default function UpdatePasswordPage() {
  return (
    <main id="main" className="container page">
      <h1>Set a new password</h1>
    </main>
  );
}
