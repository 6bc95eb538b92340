import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CardFigure, HistoryCard } from './history-card.tsx';

describe('HistoryCard', () => {
  it('draws the title, the aside and one meta line per entry, with the row attributes', () => {
    render(
      <ul>
        <HistoryCard
          className="contract-total-card"
          attributes={{ 'data-testid': 'revenue-row', 'data-kind': 'dividend' }}
          title="Dividendos"
          aside={<span className="amount">R$ 10,00</span>}
          lines={[
            <>
              <CardFigure label="Recebido">R$ 12,00</CardFigure>
              <CardFigure label="Pago" testId="paid">
                R$ 2,00
              </CardFigure>
            </>,
            <span key="status">Pago</span>,
          ]}
        />
      </ul>,
    );
    const card = screen.getByTestId('revenue-row');
    expect(card.tagName).toBe('LI');
    expect(card.className).toBe('history-card contract-total-card');
    expect(card.getAttribute('data-kind')).toBe('dividend');
    expect(card.querySelector('.history-card__top .history-card__type')?.textContent).toBe('Dividendos');
    expect(card.querySelector('.history-card__top .amount')?.textContent).toBe('R$ 10,00');
    const lines = card.querySelectorAll('.history-card__meta');
    expect(lines).toHaveLength(2);
    expect(lines[0]?.textContent).toBe('Recebido: R$ 12,00Pago: R$ 2,00');
    expect(screen.getByTestId('paid').textContent).toBe('Pago: R$ 2,00');
  });
});
