/** POST /api/contact-messages against the bad-input table (see table.ts). */
import { routes } from '@shared/deployment/manifest';
import { contactMessages } from '@shared/contract/schemas/contact-message';
import { LEAD_LIMITS } from '@shared/contract/schemas/demo-request';
import { runToken, validContact } from '../lead-capture/support';
import { flatTextFieldCases, idempotencyKeyCases } from './forms';
import { apiMessages, badInputTable, jsonBodyCases } from './table';

const route = routes.createContactMessage;
const token = runToken();
const valid = validContact(token);
const fields = { status: 400, message: apiMessages.fields } as const;

badInputTable({ route, token }, [
  ...jsonBodyCases(route, valid, { unknownKeys: 'refused' }),
  ...idempotencyKeyCases(valid),
  ...flatTextFieldCases(route, valid, [
    { field: 'name', label: 'Name', max: LEAD_LIMITS.name, message: contactMessages.name },
    { field: 'company', label: 'Company', max: LEAD_LIMITS.company, message: contactMessages.company },
    { field: 'subject', label: 'Subject', max: LEAD_LIMITS.subject, message: contactMessages.subject },
    { field: 'message', label: 'Message', max: LEAD_LIMITS.message, message: contactMessages.message, multiLine: true },
  ]),
  { name: 'a phone of letters', body: { ...valid, phone: 'not-a-phone-number' }, ...fields, field: 'phone', fieldMessage: contactMessages.phone },
  { name: 'an invalid email', body: { ...valid, email: 'bo at example.com' }, ...fields, field: 'email', fieldMessage: contactMessages.email },
  { name: 'an industry not on the list', body: { ...valid, industry: 'mining' }, ...fields, field: 'industry', fieldMessage: contactMessages.industry },
  { name: 'newsletter as the string "yes"', body: { ...valid, newsletter: 'yes' }, ...fields, field: 'newsletter', fieldMessage: 'Please choose yes or no.' },
  { name: 'newsletter as 1', body: { ...valid, newsletter: 1 }, ...fields, field: 'newsletter', fieldMessage: 'Please choose yes or no.' },
]);
