/**
 * The figures of an overview chart as a table: what screen readers and keyboard users read, and anyone who wants
 * the exact numbers. Collapsed under its chart (a native disclosure, reachable by keyboard); a table with many rows
 * scrolls inside its box. Rows turn into labelled cards on narrow screens (staff.css).
 */
import type { ReactNode } from 'react';

interface FigureTableProps {
  readonly caption: string;
  readonly columns: readonly string[];
  /** Each row: its header cell (the day, week, group or name), then one cell per further column. */
  readonly rows: readonly (readonly [header: ReactNode, ...cells: ReactNode[]])[];
  /** Shown open (a short table that is the figure itself, e.g. the oldest open leads). */
  readonly open?: boolean;
}

export function FigureTable({ caption, columns, rows, open = false }: FigureTableProps) {
  return (
    <details className="staff-figures" open={open}>
      <summary>{open ? caption : `${caption}: the figures as a table`}</summary>
      <table className="staff-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([header, ...cells], i) => (
              <tr key={i}>
                <th scope="row" data-label={columns[0]}>
                  {header}
                </th>
                {cells.map((cell, j) => (
                  <td key={j} data-label={columns[j + 1]}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
      </table>
    </details>
  );
}
