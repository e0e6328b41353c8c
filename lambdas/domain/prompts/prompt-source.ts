/**
 * Where a purchased app's AI system prompt comes from: the operator's prompt webhook when one is configured
 * (spec 000_87e5fbf87b6c3f39.txt §7 "The calls the product makes", item 7: POST with appId; the answer is a plain string, `{ prompt }`, or anything else shown as text),
 * otherwise the built-in generator. Where the stage sells prompts (PURCHASE_REQUIRED), only a purchase Stripe's
 * webhook recorded is served, so a purchase cannot be claimed by editing local storage or by the fallback checkout.
 * Whether a purchase is required is configuration, not "is a Stripe key set": a selling stage stays closed before
 * its Stripe keys are stored, and this function never needs to read them.
 *
 * Who may read a purchase's prompt (issue 21 and issue 24 item 8): the browser that completed its checkout (the
 * httpOnly cookie, browser-binding.ts) or the account it belongs to, on any device; nobody once it is refunded; and
 * at most PROMPTS_PER_HOUR times an hour per purchase, so a session id handed around is no prompt service.
 */
import { findApp, type MarketplaceApp } from '@shared/content/catalogue';
import { defaultCustomization, resolveCustomization, type ResolvedCustomization } from '@shared/content/customization';
import { purchaseNotVerifiedMessage, type PromptRequest } from '@shared/contract/schemas/prompt';
import { purchaseMessages } from '@shared/contract/schemas/purchases';
import type { Clock } from '../clock';
import { DomainError, RejectedInput } from '../errors';
import { bindToBrowser, isBoundTo } from '../purchases/browser-binding';
import { generateSystemPrompt } from './prompt-generator';
import type { Purchase, PurchaseStore } from '../purchases/record';

/** How often one purchase's prompt may be fetched in an hour (all browsers and devices together). */
export const PROMPTS_PER_HOUR = 30;
const HOUR_SECONDS = 3600;

/** The prompt webhook as the domain sees it: POSTs JSON, answers the status and the raw body text. */
export interface PromptWebhook {
  post(payload: PromptWebhookPayload): Promise<{ status: number; text: string }>;
}

interface PromptWebhookPayload {
  readonly appId: string;
  readonly appName: string;
  readonly fieldId?: string;
  readonly fieldName?: string;
  readonly subcategoryId?: string;
  readonly subcategoryName?: string;
  readonly productId?: string;
  readonly productName?: string;
}

/** No recorded Stripe purchase backs this request. */
export class PurchaseNotFound extends DomainError {
  constructor() {
    super('forbidden', purchaseNotVerifiedMessage);
    this.name = 'PurchaseNotFound';
  }
}

/** The prompt webhook failed or answered nothing usable. */
export class PromptServiceFailed extends DomainError {
  constructor(detail: string) {
    super('upstream-failed', `The prompt service is not available right now (${detail}). Please try again later.`);
    this.name = 'PromptServiceFailed';
  }
}

export interface PromptDeps {
  /** True where the stage sells prompts (PURCHASE_REQUIRED): then a recorded purchase is required. */
  readonly purchaseRequired: boolean;
  readonly purchases: Pick<PurchaseStore, 'find' | 'bindBrowser' | 'countPromptRetrieval'>;
  /** Undefined when PROMPT_WEBHOOK_URL is empty. */
  readonly webhook: PromptWebhook | undefined;
  readonly clock?: Clock;
  /**
   * The text of the purchase's latest version in the prompt studio (lambdas/domain/prompt-studio), if it has one:
   * Get prompt then shows it instead of the untailored prompt.
   */
  readonly latestVersion?: (sessionId: string) => Promise<string | undefined>;
}

/** Who asks: a browser (its key from the httpOnly cookie, if any), or a signed-in account (verified token). */
export type PromptRequester = { readonly browserKey: string | undefined } | { readonly userId: string };

/** Refusals that trying again would not fix: the dialog shows them as they are. */
class PromptRefused extends DomainError {
  constructor(message: string) {
    super('forbidden', message);
    this.name = 'PromptRefused';
  }
}

/**
 * The purchase `sessionId` names, if the requester may use it (the prompt, and the prompt studio built on it):
 * a recorded purchase (of one of `appIds`, when given), not refunded, of this account or tied to this browser
 * (tying it now if it is tied to none). Refused otherwise: PurchaseNotFound for no such purchase, else the reason.
 */
export async function purchaseForRequester(
  sessionId: string | undefined,
  requester: PromptRequester,
  purchases: Pick<PurchaseStore, 'find' | 'bindBrowser'>,
  appIds?: readonly string[],
): Promise<Purchase> {
  const purchase = sessionId ? await purchases.find(sessionId) : undefined;
  if (!purchase || (appIds && !appIds.includes(purchase.appId))) throw new PurchaseNotFound();
  if ('userId' in requester) {
    if (purchase.userId !== requester.userId) throw new PromptRefused(purchaseMessages.notInAccount);
  }
  // As for an unpaid purchase (403), with a message that says why.
  if (purchase.status === 'refunded') throw new PromptRefused(purchaseMessages.refunded);
  if ('browserKey' in requester && !(await bindToBrowser(purchases, purchase, requester.browserKey))) {
    throw new PromptRefused(purchaseMessages.otherBrowser);
  }
  return purchase;
}

/**
 * Checks that the requester may read the prompt of the purchase the request names (purchaseForRequester), and
 * counts the retrieval: refused after too many this hour. Only a request the purchase's own browser or account
 * makes is counted, so a stranger's refused attempts never use up the buyer's hour.
 */
async function checkPurchaseAccess(request: PromptRequest, app: MarketplaceApp, requester: PromptRequester, deps: PromptDeps): Promise<Purchase> {
  const purchase = await purchaseForRequester(request.sessionId, requester, deps.purchases, [app.id]);
  const now = deps.clock?.now() ?? new Date();
  if (!(await deps.purchases.countPromptRetrieval(purchase.sessionId, now, PROMPTS_PER_HOUR, HOUR_SECONDS))) {
    throw new DomainError('rate-limited', purchaseMessages.tooManyPrompts);
  }
  return purchase;
}

function requestedCustomization(app: MarketplaceApp, request: PromptRequest): ResolvedCustomization | undefined {
  if (!app.fieldOptions) return undefined;
  const chosen =
    request.fieldId === undefined && request.subcategoryId === undefined && request.productId === undefined
      ? defaultCustomization(app)
      : { fieldId: request.fieldId, subcategoryId: request.subcategoryId, productId: request.productId };
  const resolved = chosen ? resolveCustomization(app, chosen) : undefined;
  if (!resolved) throw new RejectedInput('Please choose a field, business type and product from the list.', 'fieldId');
  return resolved;
}

/** The webhook's answer as the prompt to show: a JSON string, `{ prompt }`, or else the body as text. */
export function promptFromWebhookBody(text: string): string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof data === 'string') return data;
  if (typeof data === 'object' && data !== null && typeof (data as { prompt?: unknown }).prompt === 'string') {
    return (data as { prompt: string }).prompt;
  }
  return text;
}

/**
 * The prompt for `request`, for `requester`. A browser on a stage that does not sell prompts gets it freely (the
 * fallback checkout); an account always only for a purchase of its own.
 */
export async function promptFor(
  request: PromptRequest,
  deps: PromptDeps,
  requester: PromptRequester = { browserKey: undefined },
): Promise<string> {
  const app = findApp(request.appId);
  if (!app) throw new RejectedInput('This app is not available.', 'appId');
  const customization = requestedCustomization(app, request);
  const purchase =
    deps.purchaseRequired || 'userId' in requester ? await checkPurchaseAccess(request, app, requester, deps) : await ownPurchase(request, app, requester, deps);
  const latest = purchase && deps.latestVersion ? await deps.latestVersion(purchase.sessionId) : undefined;
  return latest ?? writePrompt(app, customization, deps.webhook);
}

/**
 * Where prompts are free (the fallback checkout), the purchase the request names when it is this browser's own and
 * paid, for its tailored version; nothing is tied or counted, and anything else is just the free prompt.
 */
async function ownPurchase(request: PromptRequest, app: MarketplaceApp, requester: PromptRequester, deps: PromptDeps): Promise<Purchase | undefined> {
  if (!request.sessionId || !deps.latestVersion || !('browserKey' in requester)) return undefined;
  const purchase = await deps.purchases.find(request.sessionId);
  return purchase && purchase.appId === app.id && purchase.status === 'paid' && isBoundTo(purchase, requester.browserKey) ? purchase : undefined;
}

async function writePrompt(app: MarketplaceApp, customization: ResolvedCustomization | undefined, webhook: PromptWebhook | undefined): Promise<string> {
  if (!webhook) return generateSystemPrompt(app, customization);

  let answer: { status: number; text: string };
  try {
    answer = await webhook.post({
      appId: app.id,
      appName: app.name,
      ...(customization
        ? {
            fieldId: customization.field.id,
            fieldName: customization.field.name,
            subcategoryId: customization.subcategory.id,
            subcategoryName: customization.subcategory.name,
            ...(customization.product ? { productId: customization.product.id, productName: customization.product.name } : {}),
          }
        : {}),
    });
  } catch (error) {
    throw new PromptServiceFailed((error as Error).name === 'TimeoutError' ? 'no answer in time' : 'unreachable');
  }
  if (answer.status < 200 || answer.status >= 300) throw new PromptServiceFailed(`status ${answer.status}`);
  const prompt = promptFromWebhookBody(answer.text);
  if (!prompt.trim()) throw new PromptServiceFailed('empty answer');
  return prompt;
}
