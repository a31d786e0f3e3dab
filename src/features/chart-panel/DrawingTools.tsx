// Issue 36 item 1: the chart's drawing tools — a compact strip beside the chart (tool menu, magnet,
// undo/redo, hide all, the list of drawings), the list as a popover (delete, lock, hide, colour,
// width, a note's text per drawing; usable from the keyboard alone), and the DOM labels of notes
// and measures over the chart (their strokes are the chart's overlay layer's).
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateRangeOf, DRAWING_COLORS, DRAWING_KINDS, fibLevels, MAX_NOTE_CHARS, priceRangeOf, type Drawing, type DrawingKind } from '../../core/chart/drawings.ts';
import { formatDateTimeIn } from '../../core/datetime.ts';
import type { ChartWidget } from '../../render/chart/chart-widget.ts';
import { projectionOf } from '../../render/chart/drawings-draw.ts';
import { candleSeries } from '../../state/chart/candles.ts';
import {
  beginEdit, canRedo, canUndo, chooseTool, drawingPrefs, drawingTool, pairDrawings, redoDrawing, removeAllDrawings, removeDrawing, selectDrawing, selectedDrawing, setDrawingPrefs, undoDrawing, updateDrawing,
} from '../../state/chart/drawings.ts';
import { activeSymbol } from '../../state/market/active-market.ts';
import { useSignals } from '../../state/signals.ts';
import { Menu } from '../../ui/Menu.tsx';
import { Popover } from '../../ui/Popover.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';

const toolKey = (k: DrawingKind) => `chart.drawings.tool.${k}`;

/** Prices and percents in the page's language (Latin digits), at the pair's precision. */
function useNumbers() {
  const { i18n } = useTranslation();
  const precision = activeSymbol.value?.pricePrecision ?? 2;
  return useMemo(() => {
    const price = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: precision, maximumFractionDigits: precision, numberingSystem: 'latn', useGrouping: false });
    const signed = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: precision, maximumFractionDigits: precision, numberingSystem: 'latn', useGrouping: false, signDisplay: 'exceptZero' });
    const pct = new Intl.NumberFormat(i18n.language, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 2, numberingSystem: 'latn' });
    const signedPct = new Intl.NumberFormat(i18n.language, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2, numberingSystem: 'latn', signDisplay: 'exceptZero' });
    return { price: (v: number) => price.format(v), signed: (v: number) => signed.format(v), pct: (v: number) => pct.format(v), signedPct: (v: number) => signedPct.format(v), lng: i18n.language };
  }, [i18n.language, precision]);
}

/** What a drawing says in words: its anchors, levels or measure. */
function useDescribe() {
  const { t } = useTranslation();
  const n = useNumbers();
  return (d: Drawing): { text: string; levels?: string[] } => {
    const [a, b] = d.points;
    const at = (x: { t: number; p: number }) => `${formatDateTimeIn(x.t, n.lng)} ${n.price(x.p)}`;
    switch (d.kind) {
      case 'hline':
      case 'hray':
        return { text: n.price(a!.p) };
      case 'vline':
        return { text: formatDateTimeIn(a!.t, n.lng) };
      case 'text':
        return { text: at(a!) };
      case 'fib':
        return { text: `${at(a!)} → ${at(b!)}`, levels: fibLevels(d).map((l) => `${n.pct(l.ratio)}: ${n.price(l.price)}`) };
      case 'priceRange': {
        const r = priceRangeOf(d);
        return { text: t('chart.drawings.change', { change: n.signed(r.change), percent: n.signedPct(r.percent / 100) }) };
      }
      case 'dateRange': {
        const r = dateRangeOf(d, candleSeries.time, candleSeries.length);
        return { text: t('chart.drawings.span', { from: formatDateTimeIn(Math.min(a!.t, b!.t), n.lng), to: formatDateTimeIn(Math.max(a!.t, b!.t), n.lng), bars: String(Math.abs(r.bars)) }) };
      }
      default:
        return { text: `${at(a!)} → ${at(b!)}` };
    }
  };
}

function StripButton({ label, pressed, disabled, onPress, children }: { label: string; pressed?: boolean; disabled?: boolean; onPress: () => void; children: string }) {
  return (
    <Tooltip text={label} placement="end">
      <button type="button" className="drawing-strip__btn" aria-label={label} aria-pressed={pressed} disabled={disabled} onClick={onPress}>
        <span aria-hidden="true">{children}</span>
      </button>
    </Tooltip>
  );
}

/** The strip of drawing controls beside the chart. */
export function DrawingStrip() {
  useSignals();
  const { t } = useTranslation();
  const [listOpen, setListOpen] = useState(false);
  const listRef = useRef<HTMLButtonElement>(null);
  const tool = drawingTool.value;
  const prefs = drawingPrefs.value;
  const count = pairDrawings.value.length;
  // A note just placed has no text yet: the list opens with its text field focused.
  const sel = selectedDrawing.value;
  const newNote = pairDrawings.value.find((d) => d.id === sel && d.kind === 'text' && d.text === '')?.id ?? null;
  useEffect(() => {
    if (newNote) setListOpen(true);
  }, [newNote]);
  const entries = DRAWING_KINDS.map((k) => ({ id: k, label: t(toolKey(k)), onAction: () => chooseTool(drawingTool.peek() === k ? null : k) }));
  return (
    <div className="drawing-strip" role="toolbar" aria-orientation="vertical" aria-label={t('chart.drawings.tools')} data-testid="drawing-strip">
      <Menu trigger={<span aria-hidden="true">✎</span>} triggerLabel={t('chart.drawings.tools')} label={t('chart.drawings.tools')} entries={entries} selectedId={tool} triggerClassName="drawing-strip__btn" placement="bottom start" />
      <StripButton label={t('chart.drawings.magnet')} pressed={prefs.magnet} onPress={() => setDrawingPrefs({ magnet: !prefs.magnet })}>
        ⊓
      </StripButton>
      <StripButton label={t('chart.drawings.undo')} disabled={!canUndo()} onPress={undoDrawing}>
        ↶
      </StripButton>
      <StripButton label={t('chart.drawings.redo')} disabled={!canRedo()} onPress={redoDrawing}>
        ↷
      </StripButton>
      <StripButton label={t('chart.drawings.hideAll')} pressed={prefs.hideAll} onPress={() => setDrawingPrefs({ hideAll: !prefs.hideAll })}>
        ◐
      </StripButton>
      <button ref={listRef} type="button" className="drawing-strip__btn drawing-strip__list" aria-label={t('chart.drawings.list')} aria-haspopup="dialog" aria-expanded={listOpen} onClick={() => setListOpen((o) => !o)}>
        <span aria-hidden="true">☰</span>
        {count > 0 ? <span className="drawing-strip__count">{count}</span> : null}
      </button>
      {listOpen ? <DrawingList triggerRef={listRef} onClose={() => setListOpen(false)} /> : null}
      {tool ? (
        <p className="visually-hidden" role="status">
          {t('chart.drawings.placing', { tool: t(toolKey(tool)) })}
        </p>
      ) : null}
    </div>
  );
}

/** The list of the pair's drawings with what a person can do to each. */
function DrawingList({ triggerRef, onClose }: { triggerRef: React.RefObject<HTMLElement | null>; onClose: () => void }) {
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

/** Notes' texts and measures' readings over the chart, placed after each chart draw. */
export function DrawingLabels({ widget }: { widget: ChartWidget | null }) {
  useSignals();
  const describe = useDescribe();
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!widget) return;
    widget.drawListeners.add(redraw);
    return () => void widget.drawListeners.delete(redraw);
  }, [widget]);
  const geo = widget?.geometry;
  const hidden = drawingPrefs.value.hideAll;
  const list = pairDrawings.value.filter((d) => !d.hidden && (d.kind === 'text' || d.kind === 'priceRange' || d.kind === 'dateRange'));
  if (!geo || hidden || list.length === 0) return null;
  const proj = projectionOf(geo);
  const h = geo.main.top + geo.main.height;
  return (
    <div className="chart-lines" aria-hidden="true">
      {list.map((d) => {
        const pts = d.points.map((a) => proj.toScreen(a));
        const x = d.kind === 'text' ? pts[0]!.x + 6 : (pts[0]!.x + pts[1]!.x) / 2;
        const y = d.kind === 'text' ? pts[0]!.y - 10 : Math.min(pts[0]!.y, pts[1]!.y) - 12;
        if (x < 0 || x > geo.plotW || y < 0 || y > h) return null;
        const text = d.kind === 'text' ? d.text ?? '' : describe(d).text;
        if (!text) return null;
        return (
          <span key={d.id} className={`drawing-label drawing-label--${d.kind}`} style={{ transform: `translate(${Math.round(x)}px, ${Math.round(y)}px)`, color: d.color }}>
            {text}
          </span>
        );
      })}
    </div>
  );
}
