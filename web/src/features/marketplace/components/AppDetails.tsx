/** The detail panel of the selected app (spec 000_87e5fbf87b6c3f39.txt §2): features, customization, what happens next, price. */
import { appPrice, formatPrice, type MarketplaceApp } from '@shared/content/catalogue';
import { type Customization } from '@shared/content/customization';
import { CustomizeAgent } from './CustomizeAgent';

export function AppDetails({
  app,
  customization,
  onCustomize,
  busy,
  onBuy,
}: {
  app: MarketplaceApp;
  customization: Customization | undefined;
  onCustomize: (next: Customization | undefined) => void;
  busy: boolean;
  onBuy: () => void;
}) {
  return (
    <section className="card app-details" aria-labelledby="app-details-title">
      <div className="app-details-intro">
        <img className="app-details-image" src={app.image} alt="" width={320} height={180} />
        <div>
          <span className="app-category">{app.category}</span>
          <h2 id="app-details-title" tabIndex={-1}>
            {app.name}
          </h2>
          <p className="app-details-description">{app.description}</p>
        </div>
      </div>

      <div className="app-details-body">
        <div>
          <h3>Features</h3>
          <ul className="app-details-features">
            {app.features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </div>

        {customization ? <CustomizeAgent app={app} value={customization} onChange={onCustomize} /> : null}

        <details className="after-payment">
          <summary>What happens after payment?</summary>
          <p>
            After payment you receive a customization form for the field, business type and product you chose. Your
            answers are used to generate a tailored system prompt for your AI agent: its role, goals, tone, the questions it
            asks, its guardrails and when it hands over to a person.
          </p>
          <p>
            Come back to this page and choose &lsquo;Get prompt&rsquo; on the app&rsquo;s card to read and copy it whenever you
            need it.
          </p>
        </details>
      </div>

      <div className="app-details-buy">
        <div>
          <p className="app-price app-price-lg">{formatPrice(appPrice(app))}</p>
          <p className="app-price-note">One-time payment</p>
        </div>
        <button type="button" className="button button-primary button-lg" disabled={busy} aria-busy={busy} onClick={onBuy}>
          Buy Now
        </button>
      </div>
    </section>
  );
}
