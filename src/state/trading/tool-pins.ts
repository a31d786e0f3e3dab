// Spec 5.13's tool pins and 2.2's rule for sub-accounts on Tools. Loaded with the Tools tab and the
// tool forms, not with the first page.
import { gridBotsAllowed } from '../../core/chart/grid-bot.ts';
import { computed, effect } from '../signals.ts';
import { activeTool, closeTool } from './tools.ts';
import { isLoggedIn, user } from '../account/user.ts';

export type ToolKey = 'gridBot' | 'otc' | 'autoInvest' | 'iceberg' | 'twap' | 'chase' | 'scaledOrder' | 'futureSpread' | 'leaderCentre';

/**
 * The tools this account may pin (5.13): the split tools (iceberg, TWAP, chase, scaled order) for unified
 * non-demo accounts, auto-invest not for sub-accounts, the grid bot not for demo accounts or
 * copy-trading leaders' sub-accounts, the future spread only for demo. OTC for everyone; the
 * leader centre (2.17) for copy-trading leaders.
 */
export const toolsShown = computed<ReadonlySet<ToolKey>>(() => {
  const u = user.value;
  const out = new Set<ToolKey>(['otc']);
  if (!isLoggedIn.value || gridBotsAllowed(u)) out.add('gridBot');
  if (!u.isSubAccount) out.add('autoInvest');
  if (!isLoggedIn.value || (u.isUTA && !u.isDemoAccount)) for (const k of ['iceberg', 'twap', 'chase', 'scaledOrder'] as const) out.add(k);
  if (u.isDemoAccount) out.add('futureSpread');
  if (isLoggedIn.value && u.isCopyTradingLeader) out.add('leaderCentre');
  return out;
});

/**
 * Spec 2.2: logging in as a sub-account while on Tools returns to Trade (`toTrade`); a tool form the
 * account may not use closes. Started by the Tools tab; returns the stop function.
 */
export function startToolRules(toTrade?: () => void): () => void {
  let seen: unknown;
  let first = true;
  return effect(() => {
    const u = user.value;
    // Only a change of account (a login while the tab shows) sends a sub-account back.
    if (!first && u.id !== seen && u.isSubAccount && toTrade) toTrade();
    first = false;
    seen = u.id;
    const tool = activeTool.peek();
    if (tool && !toolsShown.value.has(tool)) closeTool();
  });
}
