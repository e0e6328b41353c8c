/**
 * 'Customize Your AI Agent': field, business type and product as three cascading selects with the chosen
 * items' descriptions. The reset rules live in shared/content/catalogue.ts (changeField / changeSubcategory).
 */
import { useId } from 'react';
import { type MarketplaceApp } from '@shared/content/catalogue';
import { changeField, changeProduct, changeSubcategory, resolveCustomization, type Customization } from '@shared/content/customization';

interface CustomizeSelectProps {
  id: string;
  label: string;
  value: string;
  options: readonly { id: string; name: string }[];
  /** What the chosen item is, read with the select. */
  description: string;
  /** Shown as the only, empty choice when there are no options; the select is then disabled. */
  placeholder?: string | undefined;
  onSelect: (id: string) => void;
}

/** One of the three cascading selects with the chosen item's description under it. */
function CustomizeSelect({ id, label, value, options, description, placeholder, onSelect }: CustomizeSelectProps) {
  return (
    <div className="customize-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} disabled={options.length === 0} aria-describedby={`${id}-desc`} onChange={(e) => onSelect(e.target.value)}>
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
      <p id={`${id}-desc`} className="customize-description">
        {description}
      </p>
    </div>
  );
}

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
        <CustomizeSelect
          id={`${id}-field`}
          label="Field"
          value={field.id}
          options={app.fieldOptions}
          description={field.description}
          onSelect={(next) => onChange(changeField(app, value, next))}
        />
        <CustomizeSelect
          id={`${id}-sub`}
          label="Business type"
          value={subcategory.id}
          options={field.subcategories}
          description={subcategory.description}
          onSelect={(next) => onChange(changeSubcategory(app, value, next))}
        />
        <CustomizeSelect
          id={`${id}-product`}
          label="Product"
          value={product?.id ?? ''}
          options={products}
          placeholder={products.length === 0 ? `General ${field.name} assistant` : undefined}
          description={product?.description ?? `A general ${field.name} assistant for ${subcategory.name.toLowerCase()}, without a narrower product focus.`}
          onSelect={(next) => onChange(changeProduct(app, value, next))}
        />
      </div>
    </fieldset>
  );
}
