/** POST /api/ideas against the bad-input table (see table.ts). */
import { routes } from '@shared/deployment/manifest';
import { IDEA_LIMITS, ideaMessages } from '@shared/contract/schemas/idea';
import { validIdea } from '../idea-hub/support';
import { runToken } from '../lead-capture/support';
import { flatTextFieldCases, idempotencyKeyCases, uploadedFilesCases } from './forms';
import { apiMessages, badInputTable, jsonBodyCases } from './table';

const route = routes.createIdea;
const token = runToken();
const valid = validIdea(token);
const fields = { status: 400, message: apiMessages.fields } as const;

badInputTable({ route, token }, [
  ...jsonBodyCases(route, valid, { unknownKeys: 'refused' }),
  ...idempotencyKeyCases(valid),
  ...uploadedFilesCases(valid),
  ...flatTextFieldCases(route, valid, [
    { field: 'title', label: 'App title', max: IDEA_LIMITS.title, message: ideaMessages.title },
    { field: 'description', label: 'Description', max: IDEA_LIMITS.description, message: ideaMessages.description, multiLine: true },
    { field: 'targetUsers', label: 'Target users', max: IDEA_LIMITS.targetUsers, message: ideaMessages.targetUsers, multiLine: true },
    { field: 'fullName', label: 'Full name', max: IDEA_LIMITS.fullName, message: ideaMessages.fullName },
  ]),
  { name: 'a phone of letters', body: { ...valid, phone: 'call me maybe!' }, ...fields, field: 'phone', fieldMessage: ideaMessages.phone },
  { name: 'a phone with markup', body: { ...valid, phone: '<b>5551234567</b>' }, ...fields, field: 'phone', fieldMessage: ideaMessages.phone },
  { name: 'a phone with NUL', body: { ...valid, phone: '555\u0000123\u00004567' }, ...fields, field: 'phone', fieldMessage: ideaMessages.phone },
  { name: 'a phone with a line break', body: { ...valid, phone: '555-123-4567\r\nX: y' }, ...fields, field: 'phone', fieldMessage: ideaMessages.phone },
  { name: 'a business type not on the list', body: { ...valid, businessType: 'Crypto' }, ...fields, field: 'businessType', fieldMessage: ideaMessages.businessType },
  { name: 'a budget as a number', body: { ...valid, budget: 5000 }, ...fields, field: 'budget', fieldMessage: ideaMessages.budget },
  { name: 'an invalid email', body: { ...valid, email: 'ada@' }, ...fields, field: 'email', fieldMessage: ideaMessages.email },
]);
