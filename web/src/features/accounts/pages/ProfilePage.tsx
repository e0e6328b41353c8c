/** Placeholder until the accounts issue fills this screen; the route is wired so the app layer is complete. */
export default function ProfilePage() {
  return (
    <main id="main" className="container page">
      <h1>My Profile</h1>
    </main>
  );
}
