// Issue 36 item 1: the chart's drawing tools — a compact strip beside the chart (tool menu, magnet,
// undo/redo, hide all, the list of drawings) and the DOM labels of notes and measures over the
// chart (their strokes are the chart's overlay layer's). The menu and the list are react-aria,
// loaded after the chart as the toolbar's menus are (DrawingToolMenu.tsx, DrawingList.tsx).
import { lazy, Suspense, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartWidget } from '../../render/chart/chart-widget.ts';
import { projectionOf } from '../../render/chart/drawings-draw.ts';
import { canRedo, canUndo, drawingPrefs, drawingTool, pairDrawings, redoDrawing, selectedDrawing, setDrawingPrefs, undoDrawing } from '../../state/chart/drawings.ts';
import { useSignals } from '../../state/signals.ts';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { toolKey, useDescribe } from './drawing-describe.ts';

const loadToolMenu = () => import('./DrawingToolMenu.tsx');
const DrawingToolMenu = lazy(() => loadToolMenu().then((m) => ({ default: m.DrawingToolMenu })));
const DrawingList = lazy(() => import('./DrawingList.tsx').then((m) => ({ default: m.DrawingList })));

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
  // The menu's code comes after the chart's; a press on its stand-in opens it once loaded.
  const [menuPressed, setMenuPressed] = useState(false);
  useEffect(() => void loadToolMenu(), []);
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
  return (
    <div className="drawing-strip" role="toolbar" aria-orientation="vertical" aria-label={t('chart.drawings.tools')} data-testid="drawing-strip">
      <Suspense
        fallback={
          <button type="button" className="drawing-strip__btn" aria-label={t('chart.drawings.tools')} aria-haspopup="true" aria-expanded="false" onClick={() => setMenuPressed(true)}>
            <span aria-hidden="true">✎</span>
          </button>
        }
      >
        <DrawingToolMenu open={menuPressed} />
      </Suspense>
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
      {listOpen ? (
        <Suspense fallback={null}>
          <DrawingList triggerRef={listRef} onClose={() => setListOpen(false)} />
        </Suspense>
      ) : null}
      {tool ? (
        <p className="visually-hidden" role="status">
          {t('chart.drawings.placing', { tool: t(toolKey(tool)) })}
        </p>
      ) : null}
    </div>
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
