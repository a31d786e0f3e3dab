// Spec 2.4's loading spinner overlay: while the chart waits for the book's first rows and for its
// code, its place holds a spinner with an accessible name (issue 34 item 5).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { ChartSlot } from '../../src/app/ChartSlot.tsx';

describe('chart loading spinner (spec 2.4)', () => {
  test('before the book has rows the chart slot is a spinner with its label, role status', () => {
    const html = renderToStaticMarkup(<ChartSlot afterBook />);
    expect(html).toContain('data-testid="chart-placeholder"');
    expect(html).toMatch(/<div class="spinner" role="status"[^>]*>.*chart\.loading/);
  });

  test('with no book to wait for, the chart is loading (its lazy code), still behind a spinner', () => {
    const html = renderToStaticMarkup(<ChartSlot afterBook={false} />);
    expect(html).toContain('role="status"');
  });
});
