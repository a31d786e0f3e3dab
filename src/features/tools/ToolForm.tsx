import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { activeSymbol } from '../../state/market/active-market.ts';
import { useSignals } from '../../state/signals.ts';
import { closeTool, type FormTool } from '../../state/trading/tools.ts';
import { acquireTradingSession } from '../../state/trading/trading-session.ts';
import { isLoggedIn, user } from '../../state/account/user.ts';
import { gridBotsAllowed } from '../../core/chart/grid-bot.ts';
import { LoginPrompt } from '../login-prompt/LoginPrompt.tsx';
import { GridBotForm } from './GridBotForm.tsx';
import { ScaledOrderForm } from './ScaledOrderForm.tsx';
import { StrategyForm } from './StrategyForm.tsx';
import './tools.css';

/** A tool's form in the order-entry region (spec 2.17), beside the chart that previews it. */
export function ToolForm({ tool }: { tool: FormTool }) {
  useSignals();
  const { t } = useTranslation();
  useEffect(() => acquireTradingSession(), []);
  // A form the account may not use (5.13: no grid bot for demo accounts and copy-trading leaders) closes.
  const barred = tool === 'gridBot' && isLoggedIn.value && !gridBotsAllowed(user.value);
  useEffect(() => {
    if (barred) closeTool();
  }, [barred]);
  const symbol = activeSymbol.value;
  const title = t(`tool.${tool}`);
  return (
    <section className="tool-form" aria-label={title} data-testid={`tool-form-${tool}`}>
      <header className="tool-form__head">
        <h2 className="tool-form__title">{title}</h2>
        <button type="button" className="tool-form__close" aria-label={t('toolForm.close', { tool: title })} onClick={closeTool}>
          <span aria-hidden="true">×</span>
        </button>
      </header>
      {!isLoggedIn.value ? (
        <LoginPrompt />
      ) : !symbol ? null : tool === 'gridBot' ? (
        <GridBotForm key={symbol.symbolId} symbol={symbol} />
      ) : tool === 'scaledOrder' ? (
        <ScaledOrderForm key={symbol.symbolId} symbol={symbol} />
      ) : (
        <StrategyForm key={`${tool}-${symbol.symbolId}`} kind={tool} symbol={symbol} />
      )}
    </section>
  );
}
