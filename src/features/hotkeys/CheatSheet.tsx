import { useTranslation } from 'react-i18next';
import { bindingLabel, HOTKEY_ACTIONS } from '../../core/hotkeys.ts';
import { useSignals } from '../../state/signals.ts';
import { hotkeySettings } from '../../state/trading/hotkey-settings.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { actionLabel } from './action-labels.ts';

/** The cheat sheet (`?`): every key the page answers, as a dialog a screen reader reads as a table. */
export function CheatSheet({ onClose, onSettings }: { onClose: () => void; onSettings: () => void }) {
  useSignals();
  const { t } = useTranslation();
  const s = hotkeySettings.value;
  return (
    <Dialog title={t('hotkeys.sheetTitle')} onClose={onClose} closeLabel={t('orderForm.cancel')} actions={<Button onClick={onSettings}>{t('hotkeys.settingsButton')}</Button>}>
      <p>{t('hotkeys.keyRule')}</p>
      <table className="hotkeys-table" aria-label={t('hotkeys.general')}>
        <thead>
          <tr>
            <th scope="col">{t('hotkeys.colAction')}</th>
            <th scope="col">{t('hotkeys.colKey')}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{t('hotkeys.openPalette')}</td>
            <td>
              <kbd className="hotkeys-key">Ctrl+K</kbd> / <kbd className="hotkeys-key">⌘+K</kbd>
            </td>
          </tr>
          <tr>
            <td>{t('hotkeys.openSheet')}</td>
            <td>
              <kbd className="hotkeys-key">?</kbd>
            </td>
          </tr>
        </tbody>
      </table>
      <p role="status" data-testid="hotkeys-state">{s.enabled ? t('hotkeys.stateOn') : t('hotkeys.stateOff')}</p>
      <table className="hotkeys-table" aria-label={t('hotkeys.trading')}>
        <thead>
          <tr>
            <th scope="col">{t('hotkeys.colAction')}</th>
            <th scope="col">{t('hotkeys.colKey')}</th>
          </tr>
        </thead>
        <tbody>
          {HOTKEY_ACTIONS.map((a) => {
            const l = actionLabel(a);
            return (
              <tr key={a}>
                <td>{t(l.key, l.params)}</td>
                <td>
                  <kbd className="hotkeys-key">{bindingLabel(s.bindings[a])}</kbd>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p>{t('hotkeys.notInFields')}</p>
    </Dialog>
  );
}
