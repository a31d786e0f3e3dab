import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { TRADE_PREF_ITEMS, type TradePrefItem } from '../../core/trade-prefs.ts';
import { prefItemsShown, setTradePref, tradePrefs } from '../../state/trading/order-prefs.ts';
import { useSignals } from '../../state/signals.ts';
import { ensureUserPrefs, userPrefs } from '../../state/account/user-prefs.ts';
import { Popover } from '../../ui/Popover.tsx';
import { Spinner } from '../../ui/Spinner.tsx';

interface Props {
  triggerRef: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}

/**
 * Spec 5.13's trade preferences: the items this account may switch, each kept in the user's server
 * preferences. A switch shows its new state only once the server has stored it.
 */
export function TradePrefsPopover({ triggerRef, onClose }: Props) {
  useSignals();
  const { t } = useTranslation();
  const [saving, setSaving] = useState<TradePrefItem | null>(null);
  const [failed, setFailed] = useState(false);
  void ensureUserPrefs();
  const loaded = userPrefs.value !== null;
  const shown = TRADE_PREF_ITEMS.filter((item) => prefItemsShown.value.has(item));
  const toggle = async (item: TradePrefItem, on: boolean) => {
    setSaving(item);
    setFailed(false);
    const ok = await setTradePref(item, on);
    setSaving(null);
    setFailed(!ok);
  };
  return (
    <Popover triggerRef={triggerRef} label={t('tradePrefs.title')} onClose={onClose} placement="bottom end" className="trade-prefs__panel">
      {!loaded ? <Spinner label={t('loading')} /> : null}
      {loaded && shown.length === 0 ? <p className="trade-prefs__empty">{t('tradePrefs.none')}</p> : null}
      {loaded
        ? shown.map((item) => (
            <label key={item} className="trade-prefs__item">
              <input
                type="checkbox"
                role="switch"
                checked={tradePrefs.value[item]}
                disabled={saving !== null}
                aria-busy={saving === item}
                onChange={(e) => void toggle(item, e.target.checked)}
              />
              <span>{t(`tradePrefs.${item}`)}</span>
            </label>
          ))
        : null}
      {failed ? (
        <p className="trade-prefs__error" role="alert">
          {t('tradePrefs.saveFailed')}
        </p>
      ) : null}
    </Popover>
  );
}
