import { useTranslation } from 'react-i18next';
import { bindingLabel, HOTKEY_ACTIONS } from '../../core/hotkeys.ts';
import { useSignals } from '../../state/signals.ts';
import { hotkeySettings } from '../../state/trading/hotkey-settings.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Table, type Column } from '../../ui/Table.tsx';
import type { ReactNode } from 'react';

interface Line {
  id: string;
  action: string;
  keys: ReactNode;
}
import { actionLabel } from './action-labels.ts';

/** The cheat sheet (`?`): every key the page answers, as a dialog a screen reader reads as a table. */
export function CheatSheet({ onClose, onSettings }: { onClose: () => void; onSettings: () => void }) {
  useSignals();
  const { t } = useTranslation();
  const s = hotkeySettings.value;
  const columns: Column<Line>[] = [
    { key: 'action', header: t('hotkeys.colAction'), cell: (r) => r.action, rowHeader: true },
    { key: 'key', header: t('hotkeys.colKey'), cell: (r) => r.keys },
  ];
  const general: Line[] = [
    { id: 'palette', action: t('hotkeys.openPalette'), keys: <><kbd className="hotkeys-key">Ctrl+K</kbd> / <kbd className="hotkeys-key">⌘+K</kbd></> },
    { id: 'sheet', action: t('hotkeys.openSheet'), keys: <kbd className="hotkeys-key">?</kbd> },
  ];
  const trading: Line[] = HOTKEY_ACTIONS.map((a) => {
    const l = actionLabel(a);
    return { id: a, action: t(l.key, l.params), keys: <kbd className="hotkeys-key">{bindingLabel(s.bindings[a])}</kbd> };
  });
  return (
    <Dialog title={t('hotkeys.sheetTitle')} onClose={onClose} closeLabel={t('orderForm.cancel')} actions={<Button onClick={onSettings}>{t('hotkeys.settingsButton')}</Button>}>
      <p>{t('hotkeys.keyRule')}</p>
      <Table label={t('hotkeys.general')} className="hotkeys-table" columns={columns} rows={general} rowKey={(r) => r.id} />
      <p role="status" data-testid="hotkeys-state">{s.enabled ? t('hotkeys.stateOn') : t('hotkeys.stateOff')}</p>
      <Table label={t('hotkeys.trading')} className="hotkeys-table" columns={columns} rows={trading} rowKey={(r) => r.id} />
      <p>{t('hotkeys.notInFields')}</p>
    </Dialog>
  );
}
