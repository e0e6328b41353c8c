import type { MarketplaceApp } from '@shared/content/catalogue';

export const ALL_APPS = 'All Apps';

/** Search over name and description, case-insensitive, within the chosen category tab (lowercase category). */
export function filterApps(apps: readonly MarketplaceApp[], search: string, tab: string): MarketplaceApp[] {
  const query = search.trim().toLowerCase();
  return apps.filter(
    (a) =>
      (tab === ALL_APPS || a.category.toLowerCase() === tab) &&
      (!query || a.name.toLowerCase().includes(query) || a.description.toLowerCase().includes(query)),
  );
}
