/**
 * The customization of an app (spec 000_87e5fbf87b6c3f39.txt §2): the three cascading selects (field, type of
 * business, product) over the catalogue's field options, and their reset rules. The marketplace's detail panel and
 * the prompt studio choose with them; the prompt API and the prompt writers resolve what was chosen.
 */
import type { CatalogueProduct, FieldOption, MarketplaceApp, Subcategory } from './catalogue';

export interface Customization {
  readonly fieldId: string;
  readonly subcategoryId: string;
  /** Absent when the chosen subcategory has no products. */
  readonly productId?: string;
}

function firstOf(field: FieldOption | undefined, subcategoryId?: string): Customization | undefined {
  if (!field) return undefined;
  const sub = (subcategoryId ? field.subcategories.find((s) => s.id === subcategoryId) : undefined) ?? field.subcategories[0];
  if (!sub) return undefined;
  const product = sub.products?.[0];
  return { fieldId: field.id, subcategoryId: sub.id, ...(product ? { productId: product.id } : {}) };
}

/** First field, its first subcategory, that subcategory's first product; undefined for apps without field options. */
export function defaultCustomization(app: MarketplaceApp): Customization | undefined {
  return firstOf(app.fieldOptions?.[0]);
}

/** Changing the field resets the subcategory to its first and the product to that subcategory's first. */
export function changeField(app: MarketplaceApp, current: Customization | undefined, fieldId: string): Customization | undefined {
  const field = app.fieldOptions?.find((f) => f.id === fieldId);
  return field ? firstOf(field) : current;
}

/** Changing the subcategory resets the product to its first. */
export function changeSubcategory(app: MarketplaceApp, current: Customization, subcategoryId: string): Customization {
  const field = app.fieldOptions?.find((f) => f.id === current.fieldId);
  if (!field?.subcategories.some((s) => s.id === subcategoryId)) return current;
  return firstOf(field, subcategoryId) ?? current;
}

export function changeProduct(app: MarketplaceApp, current: Customization, productId: string): Customization {
  const resolved = resolveCustomization(app, current);
  if (!resolved?.subcategory.products?.some((p) => p.id === productId)) return current;
  return { ...current, productId };
}

export interface ResolvedCustomization {
  readonly field: FieldOption;
  readonly subcategory: Subcategory;
  readonly product?: CatalogueProduct;
}

/** The catalogue entries behind a customization; undefined if any id does not exist where it claims to. */
export function resolveCustomization(
  app: MarketplaceApp,
  c: { fieldId?: string | undefined; subcategoryId?: string | undefined; productId?: string | undefined },
): ResolvedCustomization | undefined {
  const field = app.fieldOptions?.find((f) => f.id === c.fieldId);
  const subcategory = field?.subcategories.find((s) => s.id === c.subcategoryId);
  if (!field || !subcategory) return undefined;
  if (c.productId === undefined) return { field, subcategory };
  const product = subcategory.products?.find((p) => p.id === c.productId);
  return product ? { field, subcategory, product } : undefined;
}
