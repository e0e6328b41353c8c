/** POST /api/demo-requests against the bad-input table (see table.ts). */
import { routes } from '@shared/deployment/manifest';
import { LEAD_LIMITS, demoMessages } from '@shared/contract/schemas/demo-request';
import { runToken, validDemo } from '../lead-capture/support';
import { flatTextFieldCases, idempotencyKeyCases, uploadedFilesCases } from './forms';
import { apiMessages, badInputTable, jsonBodyCases } from './table';

const route = routes.createDemoRequest;
const token = runToken();
const valid = validDemo(token);
const fields = { status: 400, message: apiMessages.fields } as const;

badInputTable({ route, token }, [
  ...jsonBodyCases(route, valid, { unknownKeys: 'refused' }),
  ...idempotencyKeyCases(valid),
  ...uploadedFilesCases(valid),
  ...flatTextFieldCases(route, valid, [
    { field: 'name', label: 'Name', max: LEAD_LIMITS.name, message: demoMessages.name },
    { field: 'company', label: 'Company', max: LEAD_LIMITS.company, message: demoMessages.company },
    { field: 'jobTitle', label: 'Job title', max: LEAD_LIMITS.jobTitle, message: demoMessages.jobTitle },
    { field: 'message', label: 'Message', max: LEAD_LIMITS.message, message: demoMessages.message, multiLine: true },
  ]),
  { name: 'a phone of letters', body: { ...valid, phone: 'call me maybe' }, ...fields, field: 'phone', fieldMessage: demoMessages.phone },
  { name: 'a phone as a number', body: { ...valid, phone: 15551234567 }, ...fields, field: 'phone', fieldMessage: demoMessages.phone },
  { name: 'a phone with a line break', body: { ...valid, phone: '555 123 4567\nBcc: x' }, ...fields, field: 'phone', fieldMessage: demoMessages.phone },
  { name: 'header injection in the email', body: { ...valid, email: 'ann@example.com\r\nBcc: victim@example.com' }, ...fields, field: 'email', fieldMessage: demoMessages.email },
  { name: 'a huge email', body: { ...valid, email: `${'a'.repeat(5000)}@example.com` }, ...fields, field: 'email', fieldMessage: demoMessages.email },
  { name: 'consent as the string "true"', body: { ...valid, consent: 'true' }, ...fields, field: 'consent', fieldMessage: demoMessages.consent },
  { name: 'consent as 1', body: { ...valid, consent: 1 }, ...fields, field: 'consent', fieldMessage: demoMessages.consent },
  { name: 'interests as a string', body: { ...valid, interests: 'sdr' }, ...fields, field: 'interests', fieldMessage: demoMessages.interests },
  { name: 'an interest twice', body: { ...valid, interests: ['sdr', 'sdr'] }, ...fields, field: 'interests', fieldMessage: demoMessages.interests },
  { name: 'a team size as a number', body: { ...valid, teamSize: 50 }, ...fields, field: 'teamSize', fieldMessage: demoMessages.teamSize },
  { name: 'a preferred time not on the list', body: { ...valid, preferredTime: 'midnight' }, ...fields, field: 'preferredTime', fieldMessage: demoMessages.preferredTime },
]);
