import type { PanelId } from '../../core/workspace.ts';

/** Each panel's name: the same words as its region's accessible name. */
export const PANEL_LABEL_KEYS: Record<PanelId, string> = {
  chart: 'region.chart',
  book: 'region.orderBook',
  forms: 'region.orderForms',
  orders: 'region.orderLists',
  right: 'region.rightColumn',
};
