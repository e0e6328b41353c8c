/**
 * "My purchases" on /profile (issue 21): what the signed-in account bought (app, date, amount, state) with Get
 * prompt for each app, on any device; Manage billing for a subscriber (Stripe's customer portal for their own
 * customer); and the purchases this browser made without an account, each with "Add to my account" (the server
 * checks it with the browser's httpOnly key or the account's verified e-mail).
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { findApp } from '@shared/content/catalogue';
import { isStudioApp, studioHref, tailorLinkText } from '@shared/content/prompt-studio/apps';
import type { PurchaseSummary } from '@shared/contract/schemas/purchases';
import { toastMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { getAccountPromptQueryOptions } from '../api/get-account-prompt';
import { useAccountPurchases } from '../api/list-account-purchases';
import { useAddAccountPurchase } from '../api/add-account-purchase';
import { useOpenBillingPortal } from '../api/open-billing-portal';
import { currentCustomization, useCustomizationStore } from '../stores/customization';
import { purchaseSessions } from '../stores/purchases';
import { formatAmount, formatPurchaseDate, purchaseState } from '../utils/purchase-format';
import { PromptDialog } from './PromptDialog';
import '../marketplace.css';

export function MyPurchases({ userId }: { userId: string }) {
  const purchases = useAccountPurchases(userId);
  const add = useAddAccountPurchase(userId);
  const portal = useOpenBillingPortal();
  const { byApp, load } = useCustomizationStore();
  const [promptFor, setPromptFor] = useState<PurchaseSummary | undefined>();
  const [local] = useState(() => Object.entries(purchaseSessions()));

  useEffect(() => load(), [load]);

  const inAccount = new Set(purchases.data?.purchases.map((p) => p.sessionId) ?? []);
  const notInAccount = purchases.data ? local.filter(([, sessionId]) => !inAccount.has(sessionId)) : [];

  const addToAccount = (sessionId: string) =>
    add.mutate(sessionId, {
      onSuccess: (added) => toast({ title: 'Added to your account', description: `${added.appName} is now in My purchases.` }),
      onError: (error) => toast({ title: 'Could not add the purchase', description: toastMessage(error, 'Please try again later.'), variant: 'destructive' }),
    });

  const manageBilling = () =>
    portal.mutate(undefined, {
      onError: (error) => toast({ title: 'Could not open billing', description: toastMessage(error, 'Please try again later.'), variant: 'destructive' }),
    });

  const promptRequest = (p: PurchaseSummary) => {
    const app = findApp(p.appId);
    return { appId: p.appId, sessionId: p.sessionId, ...(app ? currentCustomization(app, byApp) : undefined) };
  };

  return (
    <section aria-labelledby="my-purchases-heading" className="card account-card my-purchases">
      <h2 id="my-purchases-heading">My purchases</h2>
      {purchases.isPending ? <output className="account-loading">Loading purchases...</output> : null}
      {purchases.isError ? (
        <div role="alert" className="purchase-error">
          <p>Your purchases could not be loaded.</p>
          <button type="button" className="button button-secondary" onClick={() => void purchases.refetch()}>
            Try again
          </button>
        </div>
      ) : null}
      {purchases.data ? (
        purchases.data.purchases.length === 0 ? (
          <p className="muted">No purchases yet. What you buy while signed in, or add below, appears here on any device.</p>
        ) : (
          <ul className="purchase-list">
            {purchases.data.purchases.map((p) => {
              const state = purchaseState(p);
              const titleId = `purchase-${p.sessionId}`;
              return (
                <li key={p.sessionId} className="purchase-item" aria-labelledby={titleId}>
                  <div>
                    <h3 id={titleId} className="purchase-name">
                      {p.appName}
                    </h3>
                    <p className="purchase-meta">
                      <time dateTime={p.purchasedAt}>{formatPurchaseDate(p.purchasedAt)}</time>
                      {p.amountTotal === null ? null : <span> · {formatAmount(p.amountTotal, p.currency)}</span>}
                    </p>
                    {state ? <p className="purchase-state">{state}</p> : null}
                  </div>
                  {p.type === 'marketplace' && p.status === 'paid' ? (
                    <div className="purchase-actions">
                      <button type="button" className="button button-secondary" aria-describedby={titleId} onClick={() => setPromptFor(p)}>
                        Get prompt
                      </button>
                      {isStudioApp(p.appId) ? (
                        <Link className="button button-secondary" aria-describedby={titleId} to={studioHref(p.sessionId, 'account')}>
                          {tailorLinkText}
                        </Link>
                      ) : null}
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )
      ) : null}
      {purchases.data?.canManageBilling ? (
        <div className="purchase-billing">
          <p className="muted">Change your card, see your invoices or cancel your AI agent subscription with Stripe.</p>
          <button type="button" className="button button-primary" disabled={portal.isPending} aria-busy={portal.isPending} onClick={manageBilling}>
            Manage billing
          </button>
        </div>
      ) : null}
      {notInAccount.length > 0 ? (
        <div className="purchase-local">
          <h3>Bought in this browser without an account</h3>
          <p className="muted">Add them to your account to get their prompts on any device.</p>
          <ul className="purchase-list">
            {notInAccount.map(([appId, sessionId]) => {
              const name = findApp(appId)?.name ?? appId;
              return (
                <li key={sessionId} className="purchase-item">
                  <h4 className="purchase-name">{name}</h4>
                  <button
                    type="button"
                    className="button button-primary"
                    aria-label={`Add ${name} to my account`}
                    disabled={add.isPending}
                    onClick={() => addToAccount(sessionId)}
                  >
                    Add to my account
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      {promptFor ? (
        <PromptDialog
          key={promptFor.sessionId}
          request={promptRequest(promptFor)}
          appName={promptFor.appName}
          query={getAccountPromptQueryOptions(userId, promptRequest(promptFor))}
          tailorHref={isStudioApp(promptFor.appId) ? studioHref(promptFor.sessionId, 'account') : undefined}
          onClose={() => setPromptFor(undefined)}
        />
      ) : null}
    </section>
  );
}
