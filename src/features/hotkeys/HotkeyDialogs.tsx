import { useTranslation } from 'react-i18next';
import type { Locale } from '../../core/locale.ts';
import { formatDecimalIn } from '../../core/format.ts';
import { useSignals } from '../../state/signals.ts';
import { answerConfirm, pendingConfirm } from '../../state/trading/hotkey-settings.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { CheatSheet } from './CheatSheet.tsx';
import { HotkeySettingsDialog } from './HotkeySettingsDialog.tsx';
import { Palette } from './Palette.tsx';
import type { HotkeyDialog } from './Hotkeys.tsx';

/** The hotkeys' dialogs (loaded on first use): palette, cheat sheet, settings, and an action's confirmation. */
export function HotkeyDialogs({ locale, open, setOpen }: { locale: Locale; open: HotkeyDialog; setOpen: (d: HotkeyDialog) => void }) {
  useSignals();
  const { t, i18n } = useTranslation();
  const ask = pendingConfirm.value;
  const close = () => setOpen(null);
  const written = (amounts: Record<string, string> | undefined) => Object.fromEntries(Object.entries(amounts ?? {}).map(([k, v]) => [k, formatDecimalIn(v, i18n.language)]));
  const translated = (keys: Record<string, string> | undefined) => Object.fromEntries(Object.entries(keys ?? {}).map(([k, key]) => [k, t(key)]));
  return (
    <>
      {open === 'palette' ? <Palette locale={locale} onClose={close} open={setOpen} /> : null}
      {open === 'sheet' ? <CheatSheet onClose={close} onSettings={() => setOpen('settings')} /> : null}
      {open === 'settings' ? <HotkeySettingsDialog onClose={close} /> : null}
      {ask ? (
        <Dialog
          title={t('hotkeys.confirmTitle')}
          onClose={() => answerConfirm(false)}
          actions={
            <>
              <Button onClick={() => answerConfirm(false)}>{t('orderForm.cancel')}</Button>
              <Button variant="primary" onClick={() => answerConfirm(true)}>
                {t('orders.confirm')}
              </Button>
            </>
          }
        >
          <p>{t(ask.key, { ...ask.params, ...written(ask.amounts), ...translated(ask.tParams) })}</p>
        </Dialog>
      ) : null}
    </>
  );
}
