// One part of the customer page (ADR 041): a titled card with its empty state, or its rows as a table
// whose first cell heads the row. The table scrolls sideways at 375 px, so it is focusable: a keyboard
// can scroll it too.
import type { ReactNode } from 'react';

interface TableCardProps<Row> {
  id: string;
  title: string;
  /** Said instead of the table when there are no rows. */
  empty: string;
  /** Above the table or the empty state (what is owed, how many are shown). */
  intro?: string;
  columns: string[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  cells: (row: Row) => [ReactNode, ...ReactNode[]];
}

export function TableCard<Row>({
  id,
  title,
  empty,
  intro,
  columns,
  rows,
  rowKey,
  cells,
}: TableCardProps<Row>) {
  return (
    <section aria-labelledby={id} className="staff-card">
      <h2 id={id}>{title}</h2>
      {intro ? <p>{intro}</p> : null}
      {rows.length === 0 ? (
        <p className="staff-empty">{empty}</p>
      ) : (
        <div className="staff-table-wrap" tabIndex={0} role="region" aria-labelledby={id}>
          <table>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const [heading, ...rest] = cells(row);
                return (
                  <tr key={rowKey(row)}>
                    <th scope="row">{heading}</th>
                    {rest.map((cell, i) => (
                      <td key={i}>{cell}</td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
