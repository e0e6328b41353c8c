/**
 * The running local stack as tests see it: its description from `LOCAL_STACK` (set by
 * test/integration/setup-env.ts in vitest workers and by test/browser/global-setup.ts for Playwright).
 */
import type { LocalStackDescription } from '../../infra/local/stack';
import { defaultAvailability, type Availability } from '@shared/contract/bookings';
import { settings, type SettingName } from '@shared/deployment/settings';

export type { LocalStackDescription };

export function localStack(): LocalStackDescription {
  const raw = process.env.LOCAL_STACK;
  if (!raw) {
    throw new Error('LOCAL_STACK is not set: run through the vitest project "integration" or the Playwright config, which start the local stack.');
  }
  return JSON.parse(raw) as LocalStackDescription;
}

/** SDK client settings for the emulators (region and the one credential pair every emulator accepts). */
export function sdkConfig(stack = localStack()) {
  return {
    region: stack.region,
    credentials: { accessKeyId: stack.env.AWS_ACCESS_KEY_ID ?? 'S3RVER', secretAccessKey: stack.env.AWS_SECRET_ACCESS_KEY ?? 'S3RVER' },
  };
}

/**
 * Settings for stacks that tests start: the local defaults, whatever the developer's shell or .env says, so
 * tests never call a real webhook or Stripe. (SITE_ORIGIN follows the stack's own port.)
 */
export function testSettings(): Partial<Record<SettingName, string>> {
  const out: Partial<Record<SettingName, string>> = {};
  for (const [name, def] of Object.entries(settings) as [SettingName, { localDefault: string }][]) {
    if (name !== 'SITE_ORIGIN') out[name] = def.localDefault;
  }
  return out;
}

/**
 * The booking defaults the integration stack is given (BOOKING_DEFAULTS), as a deployed stage gives its own: the
 * built-in hours, with a meeting link of its own so a test can tell the setting from the built-in fallback.
 */
export const testBookingDefaults: Availability = { ...defaultAvailability, meetingUrl: 'https://meet.integration.example/demo' };
