/** Placeholder until the marketplace issue fills this screen; the route is wired so the app layer is complete. */
export default function QuickCheckoutPage() {
  return (
    <main id="main" className="container page">
      <h1>Quick Checkout (Fallback Mode)</h1>
    </main>
  );
}
