/** CSV cells as spreadsheets read them: quoted, quotes doubled, formula-leading cells neutralised. */
import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvRow } from '../../../../../lambdas/domain/leads/csv';

describe('csvCell', () => {
  it('neutralises every cell a spreadsheet would run as a formula: =, +, -, @, tab, carriage return', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}SUM(A1)`)).toBe(`"'${start}SUM(A1)"`);
  });

  it('leaves other cells as they are, quoted, with inner quotes doubled and line breaks kept', () => {
    expect(csvCell('Ann "the boss" Lee')).toBe('"Ann ""the boss"" Lee"');
    expect(csvCell('a = b')).toBe('"a = b"');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell('José')).toBe('"José"');
    expect(csvCell(undefined)).toBe('""');
    expect(csvCell(3)).toBe('"3"');
  });

  it('makes rows that end in CRLF; the file starts with a byte-order mark', () => {
    expect(csvRow(['a', '=b'])).toBe('"a","\'=b"\r\n');
    expect([...Buffer.from(CSV_BOM)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});
