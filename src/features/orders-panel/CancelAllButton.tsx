import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderGroup } from '../../core/order-groups.ts';
import { pairOfId } from '../../core/symbols.ts';
import { symbolList } from '../../state/market/markets.ts';
import { cancelAllOrders } from '../../state/trading/trading.ts';
import { ariaShortcut } from '../../core/hotkeys.ts';
import { hotkeySettings } from '../../state/trading/hotkey-settings.ts';
import { useSignals } from '../../state/signals.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

interface Props {
  groups: readonly OrderGroup[];
  symbolId: string | undefined;
  disabled: boolean;
  /** The user's notifyClose setting asks for a confirmation first (spec 2.12, 3). */
  confirm: boolean;
}

/** Cancel all of the current tab's orders, for this pair or all pairs. */
export function CancelAllButton({ groups, symbolId, disabled, confirm }: Props) {
  useSignals();
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  // The trading hotkey that does the same on the pair, once the user has turned hotkeys on (issue 35).
  const keys = hotkeySettings.value;
  const shortcut = keys.enabled && symbolId !== undefined ? ariaShortcut(keys.bindings.cancelAll) : undefined;
  const run = async () => {
    setAsking(false);
    await cancelAllOrders(groups, symbolId);
  };
  return (
    <>
      <Button variant="link" disabled={disabled} aria-keyshortcuts={shortcut} onClick={() => (confirm ? setAsking(true) : void run())}>
        {t('orders.cancelAll')}
      </Button>
      {asking ? (
        <Dialog
          title={t('orders.cancelAllTitle')}
          onClose={() => setAsking(false)}
          actions={
            <>
              <Button onClick={() => setAsking(false)}>{t('orderForm.cancel')}</Button>
              <Button variant="primary" onClick={() => void run()}>
                {t('orders.confirm')}
              </Button>
            </>
          }
        >
          <p>{symbolId ? t('orders.cancelAllBody', { symbol: pairOfId(symbolList.value, symbolId) }) : t('orders.cancelAllBodyAll')}</p>
        </Dialog>
      ) : null}
    </>
  );
}
