/**
 * Every staff route (shared/contract/api.ts, access 'staff') refuses anyone but a member of the staff group signed
 * in with an authenticator app: an anonymous caller 401, a signed-in visitor 403, a member signed in with the
 * password alone 403, and every way of claiming the group without being in it: a forged token (unsigned, or signed
 * by a stranger), the ID token instead of the access token, a group claim in a header or the query, and groups
 * whose names only look like it. Nothing is read or changed for them.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteName } from '@shared/contract/api';
import { defaultAvailability } from '@shared/contract/bookings';
import { SECOND_FACTOR_REQUIRED, STAFF_GROUP } from '@shared/contract/staff-console';
import { createConfirmedUser, signIn, type Tokens } from '../../helpers/cognito';
import { accessClaims, signJwt, strangerPrivateKey, unsignedJwt } from '../../helpers/jwt';
import { localStack } from '../../helpers/local-stack';
import { callStaff, createStaffMember, type StaffMember } from '../../helpers/staff';

const staffRoutes = (Object.keys(routes) as RouteName[]).filter((name) => routes[name].access === 'staff');

/** A valid input for each route, so a refusal is about the caller, never the input. */
const someId = randomUUID();
const inputs: Record<string, Record<string, unknown>> = {
  getOverview: {},
  listSubmissions: {},
  getSubmission: { id: someId },
  updateSubmission: { id: someId, status: 'closed' },
  sendDeliveryAgain: { id: someId, target: 'mail', sentAgain: 0 },
  sendToWebhook: { id: someId, webhookType: 'prod' },
  exportSubmissions: {},
  findPerson: { email: 'someone@example.com' },
  exportPerson: { email: 'someone@example.com' },
  erasePerson: { email: 'someone@example.com', confirm: 'someone@example.com' },
  listBookings: { from: '2026-01-05T00:00:00.000Z', to: '2026-01-12T00:00:00.000Z' },
  getBooking: { id: someId },
  changeBooking: { id: someId, action: 'cancel' },
  getBookingSettings: {},
  updateBookingSettings: { ...defaultAvailability },
  manageCalendarFeed: { action: 'revoke' },
};

/** Inputs the handler refuses (400) after the caller is let in, for the routes whose valid input would change shared state. */
const refusedInputs: Record<string, Record<string, unknown>> = {
  erasePerson: { email: 'someone@example.com', confirm: 'someone-else@example.com' },
  updateBookingSettings: { demoMinutes: 'long' },
  manageCalendarFeed: { action: 'publish-everything' },
};

const unauthorized = { status: 401, message: 'Unauthorized' };
const forbidden = { status: 403, message: 'This is for staff only. Ask an operator to add you to the staff group.' };

let visitor: Tokens;
let staff: StaffMember;
let lookalike: StaffMember;
let passwordOnly: StaffMember;

beforeAll(async () => {
  const user = await createConfirmedUser();
  visitor = await signIn(user.email, user.password);
  staff = await createStaffMember();
  lookalike = await createStaffMember({ groups: ['staffing', 'Staff', 'staff-readonly'], prefix: 'lookalike' });
  passwordOnly = await createStaffMember({ prefix: 'no-app', secondFactor: false });
});

async function answer(name: RouteName, opts: { token?: string; headers?: Record<string, string>; extra?: Record<string, unknown> } = {}) {
  const { status, body } = await callStaff(routes[name], { ...inputs[name], ...opts.extra }, opts);
  return { status, message: body.message };
}

describe('the staff routes', () => {
  it('are the routes of the staff console', () => {
    expect(staffRoutes.sort()).toEqual(Object.keys(inputs).sort());
  });

  for (const name of staffRoutes) {
    describe(`${routes[name].method} ${routes[name].path}`, () => {
      it('refuses an anonymous caller (401)', async () => {
        expect(await answer(name)).toEqual(unauthorized);
      });

      it('refuses a signed-in visitor who is not staff (403)', async () => {
        expect(await answer(name, { token: visitor.accessToken })).toEqual(forbidden);
      });

      it('refuses forged group claims: unsigned or stranger-signed tokens (401), the ID token (401)', async () => {
        const stack = localStack();
        const forged = accessClaims({ issuer: stack.issuer, clientId: stack.userPoolClientId }, { 'cognito:groups': [STAFF_GROUP] });
        expect(await answer(name, { token: unsignedJwt(forged) })).toEqual(unauthorized);
        expect(await answer(name, { token: signJwt(forged, strangerPrivateKey()) })).toEqual(unauthorized);
        // A staff member's ID token names the group too, but only access tokens open the API.
        expect(await answer(name, { token: staff.tokens.idToken })).toEqual(unauthorized);
      });

      it('refuses a visitor claiming the group in a header or the input, or in a group that only looks like it (403)', async () => {
        const claimed = { 'x-cognito-groups': STAFF_GROUP, 'cognito-groups': STAFF_GROUP, 'x-amzn-oidc-data': STAFF_GROUP };
        expect(await answer(name, { token: visitor.accessToken, headers: claimed })).toEqual(forbidden);
        // In the input too (the query of a GET, the body elsewhere).
        expect(await answer(name, { token: visitor.accessToken, extra: { 'cognito:groups': STAFF_GROUP, groups: [STAFF_GROUP] } })).toEqual(forbidden);
        expect(await answer(name, { token: lookalike.tokens.accessToken })).toEqual(forbidden);
      });

      it('refuses a member of the staff group signed in without an authenticator app (403), and lets one signed in with it in', async () => {
        expect(await answer(name, { token: passwordOnly.tokens.accessToken })).toEqual({ status: 403, message: SECOND_FACTOR_REQUIRED });
        const { status } = await callStaff(routes[name], refusedInputs[name] ?? inputs[name], { token: staff.tokens.accessToken });
        // Let in: answered by the route itself (read, not found, or the input refused), never 401 or 403.
        expect([200, 404, ...(refusedInputs[name] ? [400] : [])]).toContain(status);
      });
    });
  }

  it('let a member of the staff group in', async () => {
    const { status, body } = await callStaff(routes.listSubmissions, {}, { token: staff.tokens.accessToken });
    expect({ status, index: body.index }).toEqual({ status: 200, index: 'inbox' });
    // The overview, in the stack's time zone, with its 90 days of leads.
    const overview = await callStaff(routes.getOverview, {}, { token: staff.tokens.accessToken });
    expect({ status: overview.status, timeZone: overview.body.timeZone, days: (overview.body.leadsPerDay as unknown[]).length }).toEqual({ status: 200, timeZone: 'America/New_York', days: 90 });
  });
});
