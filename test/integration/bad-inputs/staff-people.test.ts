/**
 * A person's data in the staff console against the bad-input table (see table.ts and staff.ts): GET
 * /api/staff/people, POST /api/staff/people/export and POST /api/staff/people/erase. No case erases or changes
 * anything: the fixture (whose address no case names) is still there as it was.
 */
import { routes } from '@shared/contract/api';
import { staffMessages } from '@shared/contract/schemas/staff-console';
import { apiMessages, badInputTable, jsonBodyCases, type BadCase } from './table';
import { callerCases, emailCases, q, refused, staffFixture } from './staff';

const fixture = staffFixture();
const badEmail = refused('email', staffMessages.email);
const nobody = 'nobody-at-all@example.com';
const found = { status: 200, answer: { submissions: [], attachments: 0 } };

badInputTable(fixture.endpoint(routes.findPerson), [
  ...callerCases(fixture),
  ...emailCases((name, value) => q(`an e-mail address ${name}`, value === undefined ? '' : `email=${encodeURIComponent(String(value))}`, badEmail)),
  q('an e-mail address with invalid UTF-8', 'email=a%FF@example.com', badEmail),
  q('an e-mail address with a lone surrogate escape', 'email=a%ED%A0%80@example.com', badEmail),
  q('two addresses', `email=${nobody}&email=${fixture.email}`, badEmail),
  q('an address as an array parameter', `email[]=${fixture.email}`, badEmail),
  q('an address with a wildcard', 'email=*%40example.com', badEmail),
  q('a Cognito filter injected', 'email=%22%20OR%20email%20%5E%3D%20%22', badEmail),
  q('an address nobody used', `email=${nobody}`, found),
  q('an address with a quote (would break out of the user-pool filter)', `email=${encodeURIComponent('o"brien@example.com')}`, badEmail),
  q('an unknown parameter (ignored)', `email=${nobody}&price=0`, found),
  q('a __proto__ parameter (ignored)', `email=${nobody}&__proto__=1`, found),
  q('a query of 5,000 characters', `email=${nobody}&x=${'a'.repeat(5000)}`, found),
  q('two hundred parameters', `email=${nobody}&${Array.from({ length: 200 }, (_, i) => `p${i}=${i}`).join('&')}`, found),
  { name: 'a JSON body on the GET (ignored)', query: `email=${nobody}`, body: { email: fixture.email }, ...found },
  { name: 'a body over the route limit', query: `email=${nobody}`, raw: 'x'.repeat(routes.findPerson.maxBodyBytes + 1), status: 413, message: apiMessages.tooLarge(routes.findPerson) },
  q('an address in upper case (addresses are compared in lower case)', `email=${encodeURIComponent(nobody.toUpperCase())}`, { status: 200, answer: { submissions: [] } }),
  q('a percent sign alone', 'email=%', badEmail),
  q('a query of only separators', '&&&==&', badEmail),
  q('an address with markup', 'email=%3Cimg%20src%3Dx%3E%40example.com', badEmail),
  q('a CRLF escape in the query', 'email=a%0D%0ASet-Cookie:x=1@example.com', badEmail),
]);

const exportBody = { email: nobody };
const bodyEmail = (name: string, value: unknown): BadCase => ({ name: `an e-mail address ${name}`, body: value === undefined ? {} : { email: value }, ...badEmail });
badInputTable(fixture.endpoint(routes.exportPerson), [
  ...callerCases(fixture, exportBody),
  // An empty object is missing its address: the generator's case stays.
  ...jsonBodyCases(routes.exportPerson, exportBody, { unknownKeys: 'refused' }),
  ...emailCases(bodyEmail),
  bodyEmail('as a number', 12345),
  bodyEmail('as a list', [fixture.email]),
  bodyEmail('null', null),
  bodyEmail('as an object', { S: fixture.email }),
  { name: 'a second address smuggled in', body: { ...exportBody, cc: fixture.email }, status: 400, message: apiMessages.fields },
]);

const erase = { email: nobody, confirm: nobody };
const confirm = (name: string, value: unknown): BadCase => ({ name: `a confirmation ${name}`, body: { email: fixture.email, confirm: value }, ...refused('confirm', staffMessages.confirm) });
badInputTable(fixture.endpoint(routes.erasePerson), [
  ...callerCases(fixture, erase),
  ...jsonBodyCases(routes.erasePerson, erase, { unknownKeys: 'refused' }),
  ...emailCases((name, value) => ({ name: `an e-mail address ${name}`, body: value === undefined ? { confirm: nobody } : { email: value, confirm: value }, ...badEmail })),
  { name: 'no confirmation', body: { email: fixture.email }, ...refused('confirm', staffMessages.confirm) },
  confirm('of another address', nobody),
  confirm('that is empty', ''),
  confirm('as a number', 1),
  confirm('as true', true),
  confirm('as a list', [fixture.email]),
  confirm('of 300 characters', `${'a'.repeat(290)}@example.com`),
  confirm('with a wildcard', '*'),
  confirm('of the address with a character more', `${fixture.email}x`),
  { name: 'a confirmation of the address but no address', body: { confirm: fixture.email }, ...badEmail },
  { name: 'a forced flag smuggled in', body: { email: fixture.email, confirm: nobody, force: true }, status: 400, message: apiMessages.fields },
]);
