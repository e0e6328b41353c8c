/**
 * What changed between two prompt versions, line by line (jsdiff's `diffLines`), as rows of text the screen renders
 * as text (never as HTML): each row says whether it was added, removed or kept, with a sign a reader needs no
 * colour to see.
 */
import { diffLines } from 'diff';

export interface DiffRow {
  readonly kind: 'added' | 'removed' | 'same';
  readonly text: string;
}

const sign: Readonly<Record<DiffRow['kind'], string>> = { added: '+', removed: '-', same: ' ' };

export function lineDiff(before: string, after: string): DiffRow[] {
  return diffLines(before, after).flatMap((part) => {
    const kind: DiffRow['kind'] = part.added ? 'added' : part.removed ? 'removed' : 'same';
    const lines = part.value.replace(/\n$/, '').split('\n');
    return lines.map((text) => ({ kind, text }));
  });
}

export const rowText = (row: DiffRow): string => `${sign[row.kind]} ${row.text}`;

export function changeCounts(rows: readonly DiffRow[]): { added: number; removed: number } {
  return { added: rows.filter((r) => r.kind === 'added').length, removed: rows.filter((r) => r.kind === 'removed').length };
}
