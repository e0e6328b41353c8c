/** Placeholder until the marketplace issue fills this screen; the route is wired so the app layer is complete. */
export default function PaymentSuccessPage() {
  return (
    <main id="main" className="container page">
      <h1>Successful payment!</h1>
    </main>
  );
}
