/**
 * One app in the 'Available Apps' grid. The whole card selects the app (the name is a button stretched over
 * the card, so it works by keyboard too); 'Buy Now' / 'Get prompt' sit above that layer.
 */
import { CARD_FEATURE_COUNT, appPrice, formatPrice, type MarketplaceApp } from '@shared/content/catalogue';

export function AppCard({
  app,
  selected,
  purchased,
  busy,
  onSelect,
  onBuy,
  onGetPrompt,
}: {
  app: MarketplaceApp;
  selected: boolean;
  purchased: boolean;
  busy: boolean;
  onSelect: () => void;
  onBuy: () => void;
  onGetPrompt: () => void;
}) {
  const more = app.features.length - CARD_FEATURE_COUNT;
  return (
    <article className="card app-card" data-selected={selected} aria-labelledby={`app-card-${app.id}`}>
      <img className="app-card-image" src={app.image} alt="" width={320} height={180} loading="lazy" decoding="async" />
      <div className="app-card-badges">
        <span className="app-category">{app.category}</span>
        {selected ? <span className="badge">Selected</span> : null}
      </div>
      <h3 className="app-card-title">
        <button type="button" id={`app-card-${app.id}`} className="app-card-select" aria-pressed={selected} onClick={onSelect}>
          {app.name}
        </button>
      </h3>
      <p className="app-card-description">{app.description}</p>
      <ul className="app-card-features">
        {app.features.slice(0, CARD_FEATURE_COUNT).map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      {more > 0 ? <p className="app-card-more">{`+ ${more} more features`}</p> : null}
      <div className="app-card-footer">
        <p className="app-price">{formatPrice(appPrice(app))}</p>
        {purchased ? (
          <button type="button" className="button button-secondary app-card-action" onClick={onGetPrompt}>
            Get prompt
          </button>
        ) : (
          <button type="button" className="button button-primary app-card-action" disabled={busy} aria-busy={busy} onClick={onBuy}>
            Buy Now
          </button>
        )}
      </div>
    </article>
  );
}
