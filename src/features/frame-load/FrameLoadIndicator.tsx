import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../core/locale.ts';
import { frameLoadNow, onFrameLoad, type FrameLoad } from '../../render/frame-load.ts';
import { refreshFrameLoad } from '../../render/offscreen/host.ts';
import { Popover } from '../../ui/Popover.tsx';
import { Table, type Column } from '../../ui/Table.tsx';
import './frame-load.css';

/** The highest level either drawing thread is at now (0: full detail). */
let level: 0 | 1 | 2 = 0;
const levels = { main: 0, worker: 0 } as Record<'main' | 'worker', 0 | 1 | 2>;

function subscribe(changed: () => void): () => void {
  // Whatever either thread said before this mounted.
  const known = frameLoadNow();
  levels.main = known.main.level;
  levels.worker = known.worker?.level ?? 0;
  level = Math.max(levels.main, levels.worker) as 0 | 1 | 2;
  return onFrameLoad((thread, load) => {
    levels[thread] = load.level;
    level = Math.max(levels.main, levels.worker) as 0 | 1 | 2;
    changed();
  });
}

/**
 * Issue 37 item 3: when a drawing thread's frames run late, its governor draws the tape, the chart
 * and the depth chart less often (the book never); the footer then says so, and a click gives the
 * figures. Nothing shows at full detail. It reads the governors' changes of level, never a frame.
 */
export function FrameLoadIndicator({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const now = useSyncExternalStore(subscribe, () => level);
  const [open, setOpen] = useState(false);
  const [figures, setFigures] = useState<{ main: FrameLoad; worker: FrameLoad | null } | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const ms = useMemo(() => new Intl.NumberFormat(locale, { style: 'unit', unit: 'millisecond', unitDisplay: 'short', maximumFractionDigits: 1, numberingSystem: 'latn' }), [locale]);
  useEffect(() => {
    if (!open) return;
    let live = true;
    void refreshFrameLoad().then((f) => {
      if (live) setFigures(f);
    });
    return () => {
      live = false;
    };
  }, [open, now]);
  if (now === 0 && !open) return null;
  type Row = { thread: 'main' | 'worker'; load: FrameLoad };
  const columns: Column<Row>[] = [
    { key: 'thread', header: t('frameLoad.col.thread'), cell: (r) => t(`frameLoad.thread.${r.thread}`), rowHeader: true },
    { key: 'lateP50', header: t('frameLoad.col.lateP50'), cell: (r) => ms.format(r.load.lateP50) },
    { key: 'lateP95', header: t('frameLoad.col.lateP95'), cell: (r) => ms.format(r.load.lateP95) },
    { key: 'workP95', header: t('frameLoad.col.workP95'), cell: (r) => ms.format(r.load.workP95) },
    { key: 'tape', header: t('frameLoad.col.tape'), cell: (r) => (r.load.stride === 1 ? t('frameLoad.everyFrame') : t('frameLoad.everyNth', { n: r.load.stride })) },
  ];
  const rows: Row[] = figures ? [{ thread: 'main', load: figures.main }, ...(figures.worker ? [{ thread: 'worker' as const, load: figures.worker }] : [])] : [];
  return (
    <>
      <button ref={buttonRef} type="button" className="footer-bar__button frame-load__button" data-level={now} aria-expanded={open} aria-haspopup="dialog" onClick={() => setOpen((v) => !v)}>
        {now === 0 ? t('frameLoad.full') : t('frameLoad.reduced')}
      </button>
      {open ? (
        <Popover triggerRef={buttonRef} label={t('frameLoad.title')} onClose={() => setOpen(false)} placement="top end" className="frame-load__popover">
          <p className="frame-load__text">{now === 0 ? t('frameLoad.bodyFull') : t('frameLoad.bodyReduced')}</p>
          {figures ? <Table className="frame-load__table" label={t('frameLoad.title')} columns={columns} rows={rows} rowKey={(r) => r.thread} /> : null}
        </Popover>
      ) : null}
    </>
  );
}
