/** Placeholder until the Idea Hub issue fills this screen; the route is wired so the app layer is complete. */
export default function IdeaHubPage() {
  return (
    <main id="main" className="container page">
      <h1>Idea Hub</h1>
    </main>
  );
}
