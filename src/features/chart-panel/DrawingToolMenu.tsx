// The drawing tools' menu (react-aria, loaded after the chart as the toolbar's menus are).
import { useTranslation } from 'react-i18next';
import { DRAWING_KINDS } from '../../core/chart/drawings.ts';
import { chooseTool, drawingTool } from '../../state/chart/drawings.ts';
import { useSignals } from '../../state/signals.ts';
import { Menu } from '../../ui/Menu.tsx';
import { toolKey } from './drawing-describe.ts';

/** `open`: open at once (the strip's stand-in trigger was pressed while this loaded). */
export function DrawingToolMenu({ open = false }: { open?: boolean }) {
  useSignals();
  const { t } = useTranslation();
  const entries = DRAWING_KINDS.map((k) => ({ id: k, label: t(toolKey(k)), onAction: () => chooseTool(drawingTool.peek() === k ? null : k) }));
  return <Menu trigger={<span aria-hidden="true">✎</span>} triggerLabel={t('chart.drawings.tools')} label={t('chart.drawings.tools')} entries={entries} selectedId={drawingTool.value} triggerClassName="drawing-strip__btn" placement="bottom start" defaultOpen={open} />;
}
