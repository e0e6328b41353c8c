/**
 * The prompt studio (issue 40): after payment, the buyer of one of the three apps answers its customization form
 * and gets a prompt written from the answers; each save is a version kept with its time, any version can be
 * compared, restored, edited by hand (a version of its own) and downloaded. Revisions are unlimited; a flood is not
 * (VERSIONS_PER_WINDOW per purchase). Answers are kept while typing, and before a version is written, so a failed
 * prompt service loses nothing.
 *
 * Who may: the same proof of purchase as Get prompt (prompt-source.ts `purchaseForRequester`): the browser that
 * paid, or the account the purchase is in. Nobody else, and nobody once the purchase is refunded. The studio needs a
 * recorded purchase whatever the stage (it is kept under the purchase), so the fallback checkout has none.
 */
import { findApp } from '@shared/content/catalogue';
import { checkAnswers, emptyAnswers, isStudioApp, type StudioAnswers, type StudioAppId } from '@shared/contract/schemas/prompt-studio/answers';
import {
  studioMessages,
  type KeepAnswersRequest,
  type NewVersionRequest,
  type OpenStudioRequest,
  type PromptFileRequest,
  type PromptVersion,
  type StudioState,
} from '@shared/contract/schemas/prompt-studio/requests';
import type { Clock } from '../clock';
import { DomainError } from '../errors';
import { purchaseForRequester, type PromptRequester } from '../prompts/prompt-source';
import type { Purchase, PurchaseStore } from '../purchases/record';
import { promptServiceFailedNotice, type SaleNotices } from '../purchases/sale-notices';
import { promptFile } from './files';
import type { StudioStore, StudioWebhook } from './ports';
import { studioWebhookBody, webhookPrompt, WebhookFailure } from './webhook';
import { writeTailoredPrompt } from './writer';

/** Versions one purchase may save in a window: far more than a person revising, far fewer than a script. */
export const VERSIONS_PER_WINDOW = 30;
export const VERSION_WINDOW_MINUTES = 15;
/** Answers kept while typing (debounced by the form): about one every 15 seconds for an hour. */
export const KEEPS_PER_HOUR = 240;

export interface StudioDeps {
  readonly studio: StudioStore;
  readonly purchases: Pick<PurchaseStore, 'find' | 'bindBrowser'>;
  /** Undefined when PROMPT_WEBHOOK_URL is empty: the built-in writer answers. */
  readonly webhook: StudioWebhook | undefined;
  /** The staff's notice of a failed prompt webhook (one per purchase). */
  readonly notices: SaleNotices;
  readonly clock: Clock;
}

/** Answers refused by the app's schema: 400 with a message per field (dotted paths, as the form names them). */
export class AnswersRefused extends DomainError {
  constructor(fieldErrors: Record<string, string[]>) {
    super('invalid', 'Please check the highlighted fields.', { fieldErrors });
    this.name = 'AnswersRefused';
  }
}

/** The purchase, if the requester may use its studio. */
async function studioPurchase(sessionId: string, requester: PromptRequester, deps: StudioDeps): Promise<Purchase & { appId: StudioAppId }> {
  const purchase = await purchaseForRequester(sessionId, requester, deps.purchases);
  if (!isStudioApp(purchase.appId)) throw new DomainError('not-found', studioMessages.notStudioApp);
  return purchase as Purchase & { appId: StudioAppId };
}

function checked(appId: StudioAppId, answers: unknown): StudioAnswers {
  const result = checkAnswers(appId, answers);
  if (!result.ok) throw new AnswersRefused(result.errors);
  return result.answers;
}

export async function openStudio(request: OpenStudioRequest, requester: PromptRequester, deps: StudioDeps): Promise<StudioState> {
  const purchase = await studioPurchase(request.sessionId, requester, deps);
  const [record, versions] = await Promise.all([deps.studio.get(purchase.sessionId), deps.studio.listVersions(purchase.sessionId)]);
  const latestNumber = versions[0]?.number;
  const wanted = request.version ?? latestNumber;
  const version = wanted === undefined ? undefined : await deps.studio.getVersion(purchase.sessionId, wanted);
  if (request.version !== undefined && !version) throw new DomainError('not-found', studioMessages.noVersion);
  const latestAt = versions[0]?.createdAt ?? '';
  return {
    purchase: { sessionId: purchase.sessionId, appId: purchase.appId, appName: findApp(purchase.appId)?.name ?? purchase.appId },
    answers: record?.draft ?? (version?.answers as unknown) ?? emptyAnswers(purchase.appId),
    ...(record?.draftKeptAt ? { answersKeptAt: record.draftKeptAt } : {}),
    versions,
    ...(version ? { version } : {}),
    ...(record?.lastFailure && record.lastFailure.at > latestAt ? { lastFailure: record.lastFailure } : {}),
  };
}

export async function keepAnswers(request: KeepAnswersRequest, requester: PromptRequester, deps: StudioDeps): Promise<{ keptAt: string }> {
  const purchase = await studioPurchase(request.sessionId, requester, deps);
  if (request.answers.appId !== purchase.appId) throw new AnswersRefused({ appId: ['These answers are for another app.'] });
  const now = deps.clock.now();
  if (!(await deps.studio.count(purchase.sessionId, purchase.appId, 'keeps', now, KEEPS_PER_HOUR, 3600))) {
    throw new DomainError('rate-limited', studioMessages.tooManyKeeps);
  }
  await deps.studio.keepDraft(purchase.sessionId, purchase.appId, request.answers, now);
  return { keptAt: now.toISOString() };
}

/** Writes the prompt for checked answers: the webhook's when one is set, else the built-in writer's. */
async function write(answers: StudioAnswers, purchase: Purchase & { appId: StudioAppId }, deps: StudioDeps): Promise<{ text: string; source: 'writer' | 'webhook' }> {
  const builtIn = writeTailoredPrompt(answers);
  if (!deps.webhook) return { text: builtIn, source: 'writer' };
  try {
    return { text: await webhookPrompt(deps.webhook, studioWebhookBody(answers, builtIn)), source: 'webhook' };
  } catch (error) {
    if (!(error instanceof WebhookFailure)) throw error;
    const at = deps.clock.now().toISOString();
    const message = studioMessages.serviceFailed(error.detail);
    const failures = await deps.studio.noteFailure(purchase.sessionId, purchase.appId, { at, message });
    // The staff hear of it once per purchase (the notice's id says which); every failure stays on the studio.
    if (failures === 1) await deps.notices.send(promptServiceFailedNotice(purchase, error.detail, at));
    throw new DomainError('upstream-failed', message, { cause: error });
  }
}

export async function newVersion(request: NewVersionRequest, requester: PromptRequester, deps: StudioDeps): Promise<PromptVersion> {
  const purchase = await studioPurchase(request.sessionId, requester, deps);
  const { sessionId, appId } = purchase;
  // Checked before anything is counted or kept: refused answers, or a version that does not exist, cost no save.
  const answers = request.source === 'answers' ? checked(appId, request.answers) : undefined;
  const origin = request.source === 'answers' ? undefined : await deps.studio.getVersion(sessionId, request.source === 'edit' ? request.basedOn : request.version);
  if (request.source !== 'answers' && !origin) throw new DomainError('not-found', studioMessages.noVersion);
  const now = deps.clock.now();
  if (!(await deps.studio.count(sessionId, appId, 'versions', now, VERSIONS_PER_WINDOW, VERSION_WINDOW_MINUTES * 60))) {
    throw new DomainError('rate-limited', studioMessages.tooManyVersions(VERSIONS_PER_WINDOW, VERSION_WINDOW_MINUTES));
  }
  if (answers) {
    // Stored first: whatever the writer does, the answers are kept.
    await deps.studio.keepDraft(sessionId, appId, answers, now);
    const { text, source } = await write(answers, purchase, deps);
    return deps.studio.addVersion(sessionId, appId, { createdAt: deps.clock.now().toISOString(), source, text, answers });
  }
  const from = origin as PromptVersion;
  if (request.source === 'restore' && from.answers) await deps.studio.keepDraft(sessionId, appId, from.answers, now);
  return deps.studio.addVersion(sessionId, appId, {
    createdAt: now.toISOString(),
    source: request.source === 'edit' ? 'edit' : 'restore',
    basedOn: from.number,
    text: request.source === 'edit' ? request.text : from.text,
    ...(from.answers ? { answers: from.answers } : {}),
  });
}

export async function downloadFile(request: PromptFileRequest, requester: PromptRequester, deps: StudioDeps) {
  const purchase = await studioPurchase(request.sessionId, requester, deps);
  const version = await deps.studio.getVersion(purchase.sessionId, request.version);
  const file = version && promptFile(purchase.appId, version, request.format, deps.clock.now());
  if (!file) throw new DomainError('not-found', studioMessages.noVersion);
  return file;
}

