/** Placeholder until the marketplace issue fills this screen; the route is wired so the app layer is complete. */
export default function PaymentCancelPage() {
  return (
    <main id="main" className="container page">
      <h1>Payment Canceled</h1>
    </main>
  );
}
