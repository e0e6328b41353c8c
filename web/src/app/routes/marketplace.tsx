/**
 * /marketplace: the marketplace feature's page; a signed-in visitor's Buy Now goes through the account (issue 21).
 * Its Get prompt dialog reads through the query client: both load when a buyer first opens it (./marketplace-prompt-dialog.tsx).
 */
import { lazy } from 'react';
import MarketplacePage from '../../features/marketplace/pages/MarketplacePage';
import { signedInNow } from '../../features/accounts/utils/start-session';

const PromptDialog = lazy(() => import('./marketplace-prompt-dialog'));

export default function MarketplaceRoute() {
  return <MarketplacePage signedInNow={signedInNow} PromptDialog={PromptDialog} />;
}
