/**
 * 'Customize Your AI Agent': field, business type and product as three cascading selects with the chosen
 * items' descriptions. The reset rules live in shared/content/catalogue.ts (changeField / changeSubcategory).
 */
import { useId } from 'react';
import {
  changeField,
  changeProduct,
  changeSubcategory,
  resolveCustomization,
  type Customization,
  type MarketplaceApp,
} from '@shared/content/catalogue';

export function CustomizeAgent({
  app,
  value,
  onChange,
}: {
  app: MarketplaceApp;
  value: Customization;
  onChange: (next: Customization | undefined) => void;
}) {
  const id = useId();
  const resolved = resolveCustomization(app, value);
  if (!app.fieldOptions || !resolved) return null;
  const { field, subcategory, product } = resolved;
  const products = subcategory.products ?? [];

  return (
    <fieldset className="customize">
      <legend>
        <h3>Customize Your AI Agent</h3>
      </legend>
      <div className="customize-grid">
        <div className="customize-field">
          <label htmlFor={`${id}-field`}>Field</label>
          <select id={`${id}-field`} value={field.id} aria-describedby={`${id}-field-desc`} onChange={(e) => onChange(changeField(app, value, e.target.value))}>
            {app.fieldOptions.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
          <p id={`${id}-field-desc`} className="customize-description">
            {field.description}
          </p>
        </div>
        <div className="customize-field">
          <label htmlFor={`${id}-sub`}>Business type</label>
          <select
            id={`${id}-sub`}
            value={subcategory.id}
            aria-describedby={`${id}-sub-desc`}
            onChange={(e) => onChange(changeSubcategory(app, value, e.target.value))}
          >
            {field.subcategories.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          <p id={`${id}-sub-desc`} className="customize-description">
            {subcategory.description}
          </p>
        </div>
        <div className="customize-field">
          <label htmlFor={`${id}-product`}>Product</label>
          <select
            id={`${id}-product`}
            value={product?.id ?? ''}
            disabled={products.length === 0}
            aria-describedby={`${id}-product-desc`}
            onChange={(e) => onChange(changeProduct(app, value, e.target.value))}
          >
            {products.length === 0 ? <option value="">General {field.name} assistant</option> : null}
            {products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          <p id={`${id}-product-desc`} className="customize-description">
            {product?.description ?? `A general ${field.name} assistant for ${subcategory.name.toLowerCase()}, without a narrower product focus.`}
          </p>
        </div>
      </div>
    </fieldset>
  );
}
