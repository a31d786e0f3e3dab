// Spec 2.12: the orders panel's sub-tabs. Current and historical orders have ordinary, stop-limit
// and conditional, and OCO when compliance allows it for that tab and the account is not a demo
// one (spec 6: demo accounts have no OCO).
import type { ComplianceConfig } from './liquidity-shield.ts';

export type OrderSubTab = 'ordinary' | 'stopLimit' | 'conditional' | 'oco';

export function orderSubTabs(tab: 'current' | 'history', isDemo: boolean, config: Pick<ComplianceConfig, 'ocoCurrent' | 'ocoHistory'>): OrderSubTab[] {
  const oco = !isDemo && (tab === 'current' ? config.ocoCurrent : config.ocoHistory);
  return oco ? ['ordinary', 'stopLimit', 'conditional', 'oco'] : ['ordinary', 'stopLimit', 'conditional'];
}
