import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../core/locale.ts';
import { canMove, CHART_COUNTS, PANELS, POPOUT_PANELS, type PanelId, type PopoutPanel } from '../../core/workspace.ts';
import { panelPath } from '../../core/routes.ts';
import { bringBack, popOut, poppedOut } from '../../state/popouts.ts';
import { activeSymbol } from '../../state/market/active-market.ts';
import { useSignals } from '../../state/signals.ts';
import { ladderShown, setLadderShown } from '../../state/layout.ts';
import {
  deleteWorkspace, movePanelBy, namedWorkspaces, resetWorkspace, saveWorkspaceAs, setChartCount, setPanelHidden, switchWorkspace, workspace, workspaceSaveFailed,
} from '../../state/account/workspace.ts';
import { Popover } from '../../ui/Popover.tsx';
import { PANEL_LABEL_KEYS } from './panel-labels.ts';


const isPopout = (p: PanelId): p is PopoutPanel => (POPOUT_PANELS as readonly string[]).includes(p);

interface Props {
  locale: Locale;
  base: string;
  quote: string;
  triggerRef: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}

/** The layout popover (issue 36 item 3): show, hide and move panels, reset, and named layouts. Loaded when opened. */
export function WorkspacePanel({ locale, base, quote, triggerRef, onClose }: Props) {
  useSignals();
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [bad, setBad] = useState(false);
  const ws = workspace.value;
  const out = poppedOut.value;
  // Panels in the order of the places they sit in.
  const ordered = [...PANELS].sort((a, b) => PANELS.indexOf(ws.places[a]) - PANELS.indexOf(ws.places[b]));
  const save = () => {
    const ok = saveWorkspaceAs(name);
    setBad(!ok);
    if (ok) setName('');
  };
  return (
    <Popover triggerRef={triggerRef} label={t('workspace.title')} onClose={onClose} placement="bottom end" className="workspace__panel">
      <h3 className="workspace__heading">{t('workspace.panels')}</h3>
      <ul className="workspace__list">
        {ordered.map((p) => {
          const label = t(PANEL_LABEL_KEYS[p]);
          return (
            <li key={p} className="workspace__row" data-panel={p}>
              <label className="workspace__show">
                <input type="checkbox" checked={!ws.hidden.includes(p)} onChange={(e) => setPanelHidden(p, !e.target.checked)} />
                {label}
              </label>
              {isPopout(p) ? (
                out.includes(p) ? (
                  <>
                  <span className="workspace__out">{t('workspace.inWindow')}</span>
                  <button type="button" className="workspace__popout" aria-label={t('workspace.bringBack', { panel: label })} title={t('workspace.bringBack', { panel: label })} onClick={() => bringBack(p)}>
                    ⇲
                  </button>
                  </>
                ) : (
                  <button
                    type="button"
                    className="workspace__popout"
                    aria-label={t('workspace.popOut', { panel: label })}
                    title={t('workspace.popOut', { panel: label })}
                    onClick={() => popOut(p, panelPath(locale, p, base, quote))}
                  >
                    ⧉
                  </button>
                )
              ) : null}
              <button type="button" aria-label={t('workspace.moveEarlier', { panel: label })} disabled={!canMove(ws, p, -1)} onClick={() => movePanelBy(p, -1)}>
                ↑
              </button>
              <button type="button" aria-label={t('workspace.moveLater', { panel: label })} disabled={!canMove(ws, p, 1)} onClick={() => movePanelBy(p, 1)}>
                ↓
              </button>
            </li>
          );
        })}
        <li className="workspace__row">
          <label className="workspace__show">
            <input type="checkbox" checked={ladderShown.value} onChange={(e) => setLadderShown(e.target.checked)} />
            {t('ladder.title')}
          </label>
        </li>
      </ul>
      <fieldset className="workspace__charts">
        <legend className="workspace__heading">{t('workspace.charts')}</legend>
        {CHART_COUNTS.map((n) => (
          <label key={n}>
            <input type="radio" name="workspace-charts" checked={ws.charts.count === n} onChange={() => setChartCount(n, activeSymbol.peek()?.symbolId ?? 'BTCUSDT')} />
            {t(`workspace.charts${n}`)}
          </label>
        ))}
      </fieldset>
      <button type="button" className="workspace__reset" onClick={resetWorkspace}>
        {t('workspace.reset')}
      </button>
      <h3 className="workspace__heading">{t('workspace.saved')}</h3>
      <form
        className="workspace__save"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <label>
          {t('workspace.name')}
          <input type="text" value={name} maxLength={40} onChange={(e) => setName(e.target.value)} />
        </label>
        <button type="submit">{t('workspace.save')}</button>
      </form>
      {bad ? <p role="alert">{t('workspace.badName')}</p> : null}
      {namedWorkspaces.value.length === 0 ? <p className="workspace__empty">{t('workspace.none')}</p> : null}
      <ul className="workspace__list">
        {namedWorkspaces.value.map((n) => (
          <li key={n.name} className="workspace__row">
            <button type="button" className="workspace__use" aria-label={t('workspace.use', { name: n.name })} onClick={() => switchWorkspace(n.name)}>
              {n.name}
            </button>
            <button type="button" aria-label={t('workspace.deleteNamed', { name: n.name })} onClick={() => deleteWorkspace(n.name)}>
              {t('workspace.delete')}
            </button>
          </li>
        ))}
      </ul>
      {workspaceSaveFailed.value ? <p role="status">{t('workspace.saveFailed')}</p> : null}
    </Popover>
  );
}
