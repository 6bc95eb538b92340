import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type Column } from './data-table.tsx';
import { Pager, type PagerLabels } from './pager.tsx';

interface Row {
  id: string;
  name: string;
  amount: string;
}
const columns: Column<Row>[] = [
  { key: 'name', header: 'Name', cell: (row) => row.name },
  { key: 'amount', header: 'Amount', numeric: true, cell: (row) => row.amount },
];
const labels: PagerLabels = { pages: 'Pages', previous: 'Previous', next: 'Next', position: (page, pages, total) => `${page}/${pages} (${total})` };

describe('DataTable', () => {
  it('draws a row per item with test ids, the header as each cell label and figures right-aligned', () => {
    render(<DataTable columns={columns} rows={[{ id: '7', name: 'Ana', amount: '10.00' }]} rowKey={(row) => row.id} empty="Nothing" testId="people" />);
    const row = screen.getByTestId('people-row-7');
    const cells = row.querySelectorAll('td');
    expect(cells[0]?.textContent).toBe('Ana');
    expect(cells[1]?.getAttribute('data-label')).toBe('Amount');
    expect(cells[1]?.className).toBe('ui-num');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeTruthy();
  });

  it('says the empty text instead of an empty table', () => {
    render(<DataTable columns={columns} rows={[]} rowKey={(row) => row.id} empty="Nothing" testId="people" />);
    expect(screen.getByTestId('people-empty').textContent).toBe('Nothing');
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('DataTable for an app that styles its own tables', () => {
  const styled: Column<Row>[] = [
    { key: 'name', header: 'Name', rowHeader: true, cell: (row) => row.name },
    { key: 'amount', header: 'Amount', numeric: true, className: 'is-money', testId: 'person-amount', cell: (row) => row.amount },
    { key: 'open', header: 'Details', hiddenHeader: true, cell: () => 'open' },
  ];
  const look = { wrap: 'app-wrap', table: 'app-table', numeric: 'is-numeric' };

  it('uses the given class names, row attributes, row headers and a footer', () => {
    render(
      <DataTable
        columns={styled}
        rows={[{ id: '7', name: 'Ana', amount: '10.00' }]}
        rowKey={(row) => row.id}
        testId="people"
        look={look}
        rowAttributes={(row) => ({ className: 'is-mine', 'data-testid': 'person', 'data-name': row.name })}
        footer={
          <tr data-testid="people-total">
            <td>Total</td>
          </tr>
        }
      />,
    );
    const table = screen.getByTestId('people');
    expect(table.className).toBe('app-table');
    expect(table.parentElement?.className).toBe('app-wrap');
    const row = screen.getByTestId('person');
    expect(row.className).toBe('is-mine');
    expect(row.getAttribute('data-name')).toBe('Ana');
    expect(row.querySelector('th')?.getAttribute('scope')).toBe('row');
    expect(row.querySelectorAll('td')[0]?.className).toBe('is-numeric is-money');
    expect(screen.getByTestId('person-amount').textContent).toBe('10.00');
    expect(screen.getByRole('columnheader', { name: 'Amount' }).className).toBe('is-numeric');
    expect(screen.getByRole('columnheader', { name: 'Details' }).querySelector('.ui-visually-hidden')?.textContent).toBe('Details');
    expect(screen.getByTestId('people-total').parentElement?.tagName).toBe('TFOOT');
  });

  it('draws the table with no rows when the caller has no empty text (it says so its own way)', () => {
    render(<DataTable columns={styled} rows={[]} rowKey={(row) => row.id} testId="people" look={look} />);
    expect(screen.getByTestId('people').querySelectorAll('tbody tr')).toHaveLength(0);
  });
});

describe('Pager', () => {
  it('pages over a counted list and stops at both ends', () => {
    const onPage = vi.fn();
    const { rerender } = render(<Pager pageNo={1} pageSize={20} total={45} onPage={onPage} labels={labels} />);
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toContain('1/3 (45)');
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
    rerender(<Pager pageNo={3} pageSize={20} total={45} onPage={onPage} labels={labels} />);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('pages over an uncounted list by whether more rows follow, showing the page number alone', () => {
    const onPage = vi.fn();
    render(<Pager pageNo={2} hasMore={false} onPage={onPage} labels={labels} />);
    expect(screen.getByRole('navigation').textContent).toContain('2');
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPage).toHaveBeenCalledWith(1);
  });
});
