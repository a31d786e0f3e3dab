// The list of the pair's drawings (issue 36), a popover loaded when first opened: per drawing its
// anchors or levels, a note's text, lock, hide and delete; colour and width for new drawings and
// the selected one. Usable from the keyboard alone.
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { DRAWING_COLORS, MAX_NOTE_CHARS } from '../../core/chart/drawings.ts';
import { beginEdit, drawingPrefs, pairDrawings, removeAllDrawings, removeDrawing, selectDrawing, selectedDrawing, setDrawingPrefs, updateDrawing } from '../../state/chart/drawings.ts';
import { useSignals } from '../../state/signals.ts';
import { Popover } from '../../ui/Popover.tsx';
import { toolKey, useDescribe } from './drawing-describe.ts';

/** The list of the pair's drawings with what a person can do to each. */
export function DrawingList({ triggerRef, onClose }: { triggerRef: RefObject<HTMLElement | null>; onClose: () => void }) {
  useSignals();
  const { t } = useTranslation();
  const describe = useDescribe();
  const list = pairDrawings.value;
  const sel = selectedDrawing.value;
  const prefs = drawingPrefs.value;
  return (
    <Popover triggerRef={triggerRef} label={t('chart.drawings.list')} onClose={onClose} className="chart-menu drawing-list" placement="end top">
      <div className="drawing-list__style" role="group" aria-label={t('chart.drawings.style')}>
        <div role="radiogroup" aria-label={t('chart.drawings.color')} className="drawing-list__row">
          {DRAWING_COLORS.map((c, i) => (
            <button key={c} type="button" role="radio" aria-checked={prefs.color === c} aria-label={t('chart.drawings.colorN', { n: String(i + 1) })} className="drawing-list__swatch" style={{ background: c }} onClick={() => setDrawingPrefs({ color: c })} />
          ))}
        </div>
        <div role="radiogroup" aria-label={t('chart.drawings.width')} className="drawing-list__row">
          {[1, 2, 3, 4].map((w) => (
            <button key={w} type="button" role="radio" aria-checked={prefs.width === w} className="chart-chip" onClick={() => setDrawingPrefs({ width: w })}>
              {t('chart.drawings.px', { n: String(w) })}
            </button>
          ))}
        </div>
      </div>
      {list.length === 0 ? (
        <p className="drawing-list__empty">{t('chart.drawings.empty')}</p>
      ) : (
        <ul className="drawing-list__items" aria-label={t('chart.drawings.list')} data-testid="drawing-list">
          {list.map((d, i) => {
            const desc = describe(d);
            const name = t(toolKey(d.kind));
            return (
              <li key={d.id} className="drawing-list__item" aria-current={d.id === sel ? 'true' : undefined} data-kind={d.kind}>
                <button type="button" className="drawing-list__name" aria-pressed={d.id === sel} onClick={() => selectDrawing(d.id === sel ? null : d.id)}>
                  <span className="drawing-list__dot" style={{ background: d.color }} aria-hidden="true" />
                  {name} {i + 1}
                </button>
                <span className="drawing-list__desc">{desc.text}</span>
                {desc.levels ? (
                  <ul className="drawing-list__levels" aria-label={t('chart.drawings.levels')}>
                    {desc.levels.map((l) => (
                      <li key={l}>{l}</li>
                    ))}
                  </ul>
                ) : null}
                {d.kind === 'text' ? (
                  <label className="drawing-list__note">
                    {t('chart.drawings.note')}
                    <input
                      type="text"
                      value={d.text ?? ''}
                      maxLength={MAX_NOTE_CHARS}
                      // oxlint-disable-next-line jsx-a11y/no-autofocus -- the note was just placed: its text is what comes next
                      autoFocus={d.id === sel && d.text === ''}
                      // One undo step for what is typed in one visit to the field.
                      onFocus={beginEdit}
                      onChange={(e) => updateDrawing(d.id, { text: e.target.value }, false)}
                    />
                  </label>
                ) : null}
                <div className="drawing-list__actions">
                  <button type="button" className="chart-chip" aria-pressed={d.locked} aria-label={`${t('chart.drawings.lock')} ${name} ${i + 1}`} onClick={() => updateDrawing(d.id, { locked: !d.locked })}>
                    {t('chart.drawings.lock')}
                  </button>
                  <button type="button" className="chart-chip" aria-pressed={d.hidden} aria-label={`${t('chart.drawings.hide')} ${name} ${i + 1}`} onClick={() => updateDrawing(d.id, { hidden: !d.hidden })}>
                    {t('chart.drawings.hide')}
                  </button>
                  <button type="button" className="chart-chip" aria-label={`${t('chart.drawings.delete')} ${name} ${i + 1}`} onClick={() => removeDrawing(d.id)}>
                    {t('chart.drawings.delete')}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {list.length > 0 ? (
        <button type="button" className="chart-chip" onClick={removeAllDrawings}>
          {t('chart.drawings.deleteAll')}
        </button>
      ) : null}
    </Popover>
  );
}

