import { useTranslation } from 'react-i18next';
import { clampOrdersHeight, ORDERS_MIN_HEIGHT, setOrdersHeight } from '../state/layout.ts';
import { Splitter, type SplitSize } from './Splitter.tsx';

/** The orders area's height and bounds: the chart above it keeps its least height. */
function ordersSize(grid: Element): SplitSize | null {
  const chart = grid.querySelector('[data-region="chart"]');
  const orders = grid.querySelector('[data-region="orders"]');
  if (!chart || !orders) return null;
  const height = orders.getBoundingClientRect().height;
  return { size: height, min: ORDERS_MIN_HEIGHT, max: clampOrdersHeight(Infinity, chart.getBoundingClientRect().height + height) };
}

const NO_DEPS: readonly unknown[] = [];

/**
 * The handle between the chart and the order lists (issue 33 item 1): more or fewer order rows,
 * the height kept (state/layout.ts).
 */
export function OrdersSplitter() {
  const { t } = useTranslation();
  return (
    <Splitter
      className="orders-splitter"
      orientation="horizontal"
      label={t('layout.resizeOrders')}
      measure={ordersSize}
      observed={(grid) => grid.querySelector('[data-region="orders"]')}
      setSize={setOrdersHeight}
      reset={() => setOrdersHeight(null)}
      deps={NO_DEPS}
    />
  );
}
