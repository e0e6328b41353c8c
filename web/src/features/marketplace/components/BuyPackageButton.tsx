/** Placeholder: the Services page's 'Buy Now' for the AI agent package (wired to create-payment by the marketplace issue). */
export default function BuyPackageButton() {
  return (
    <button type="button" className="button button-primary">
      Buy Now
    </button>
  );
}
