/**
 * Which apps have a customization form after payment (issue 40), and where it opens: a module of its own so the
 * marketplace's links to it carry none of the form's code.
 */
import { pages } from '../site';

export const studioAppIds = ['ai-system-prompt-generator', 'ai-content-generator', 'ai-customer-support'] as const;
export type StudioAppId = (typeof studioAppIds)[number];

export const isStudioApp = (appId: string): appId is StudioAppId => (studioAppIds as readonly string[]).includes(appId);

/** The studio of a purchase, for the browser that paid or (`account`) the signed-in account. */
export function studioHref(sessionId: string, via: 'browser' | 'account' = 'browser'): string {
  return `${pages.promptStudio.path}?session=${encodeURIComponent(sessionId)}${via === 'account' ? '&as=account' : ''}`;
}

/** The link's text beside the Get prompt dialog's, on the success screen and in My purchases. */
export const tailorLinkText = 'Tailor this prompt';
