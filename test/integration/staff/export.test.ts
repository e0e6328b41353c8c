/**
 * The inbox's current filter as CSV: a download link to a UTF-8 file with a byte-order mark, one row per
 * submission, newest first, every cell quoted, and cells a spreadsheet would run as a formula neutralised.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/contract/api';
import type { DownloadAnswer } from '@shared/contract/staff-console';
import { callStaff, createStaffMember, type StaffMember } from '../../helpers/staff';
import { runToken } from '../lead-capture/support';
import { objectKeys, submitContact, submitDemo } from './support';

const run = runToken();
let staff: StaffMember;
let ids: string[];

beforeAll(async () => {
  staff = await createStaffMember();
  ids = [
    await submitDemo({ name: `=HYPERLINK("http://evil.example","Click") ${run}`, email: `formula-${run}@example.com`, company: `@SUM(A1:A9) ${run}` }),
    await submitContact({ name: `-2+3 ${run}`, email: `minus-${run}@example.com` }),
    await submitDemo({ name: `José Ñúñez ${run}`, email: `jose-${run}@example.com`, company: `+cmd|' /C calc'!A0 ${run}` }),
  ];
});

async function exported(filter: Record<string, unknown>) {
  const answer = await callStaff<DownloadAnswer>(routes.exportSubmissions, filter, { token: staff.tokens.accessToken });
  expect(answer.status).toBe(200);
  const file = await fetch(answer.body.url);
  return { answer: answer.body, file, bytes: Buffer.from(await file.arrayBuffer()) };
}

/** RFC 4180 rows: quoted cells, doubled quotes, CRLF between rows (line breaks inside cells kept). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  return rows;
}

describe('the CSV export', () => {
  it('is UTF-8 with a byte-order mark, downloaded under its name, one row per matching submission, newest first', async () => {
    const { answer, file, bytes } = await exported({ q: run });
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.headers.get('content-disposition')).toContain(`filename="${answer.fileName}"`);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer).toMatchObject({ rows: 3, bytes: bytes.length });
    const rows = parseCsv(bytes.subarray(3).toString('utf8'));
    expect(rows[0]).toEqual(['Reference', 'Received (UTC)', 'Kind', 'Status', 'Name', 'Email', 'Company or title', 'Delivery', 'Details', 'Files', 'Id']);
    expect(rows.slice(1).map((r) => r[10])).toEqual([...ids].reverse());
    expect(rows[1]?.[4]).toBe(`José Ñúñez ${run}`);
    expect(rows[1]?.[8]).toContain('Message: We want an SDR agent');
    expect((await objectKeys('exports/')).some((k) => k.endsWith(answer.fileName))).toBe(true);
  });

  it('neutralises cells a spreadsheet would take for a formula (=, +, -, @) with a leading apostrophe', async () => {
    const rows = parseCsv((await exported({ q: run })).bytes.subarray(3).toString('utf8'));
    const cells = rows.slice(1).flatMap((r) => [r[4], r[6]]);
    expect(cells).toContain(`'=HYPERLINK("http://evil.example","Click") ${run}`);
    expect(cells).toContain(`'@SUM(A1:A9) ${run}`);
    expect(cells).toContain(`'-2+3 ${run}`);
    expect(cells).toContain(`'+cmd|' /C calc'!A0 ${run}`);
    expect(rows.flat().filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
  });

  it('exports exactly the current filter', async () => {
    const { answer, bytes } = await exported({ q: run, kind: 'contactMessage' });
    expect(answer.rows).toBe(1);
    expect(parseCsv(bytes.subarray(3).toString('utf8'))[1]?.[10]).toBe(ids[1]);
  });
});
