/** Placeholder until the marketplace issue fills this screen; the route is wired so the app layer is complete. */
export default function MarketplacePage() {
  return (
    <main id="main" className="container page">
      <h1>AI Apps Marketplace</h1>
    </main>
  );
}
