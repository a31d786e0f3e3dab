import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { CHART_TYPES } from '../../core/chart/chart-prefs.ts';
import { CHART_INTERVALS } from '../../core/chart/intervals.ts';
import { ariaShortcut, bindingLabel, type HotkeyAction } from '../../core/hotkeys.ts';
import { LOCALE_NAMES, SUPPORTED_LOCALES, type Locale } from '../../core/locale.ts';
import { ORDER_BOOK_MODES, type OrderBookMode } from '../../core/order-book.ts';
import { pairPath, withLocale } from '../../core/routes.ts';
import { isLoggedIn, user } from '../../state/account/user.ts';
import { chartInterval, chartType, setChartInterval, setChartType } from '../../state/chart/chart-settings.ts';
import { bookMode, setBookMode, setSwapUpDown, setTotalIn, swapUpDown, totalIn } from '../../state/market/book-view.ts';
import { storedDefaultQuote } from '../../state/market/default-quote.ts';
import { symbolList } from '../../state/market/markets.ts';
import { AUTO, MAIN_ROUTE, netRoutes, pickRoute, routePick } from '../../state/net/net-route.ts';
import { useSignals } from '../../state/signals.ts';
import { STORAGE_KEYS, writeStored } from '../../state/storage.ts';
import { askAtBest, askCancelAll, askCancelLast, askClosePosition } from '../../state/trading/hotkeys.ts';
import { hotkeySettings, setHotkeysEnabled } from '../../state/trading/hotkey-settings.ts';
import { positions, watchPositions } from '../../state/trading/positions.ts';
import { CommandMenu, type Command } from '../../ui/CommandMenu.tsx';
import { intervalLabelKey } from '../chart-panel/interval-labels.ts';
import type { HotkeyDialog } from './Hotkeys.tsx';

const MODE_KEYS: Record<OrderBookMode, string> = { 1: 'book.modeBoth', 2: 'book.modeBuy', 3: 'book.modeSell', 4: 'book.modeSideBySide' };

/** The command palette: any pair, any action, any setting, found by typing (Ctrl/⌘+K). */
export function Palette({ locale, onClose, open }: { locale: Locale; onClose: () => void; open: (d: HotkeyDialog) => void }) {
  useSignals();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const u = user.value;
  const logged = isLoggedIn.value;
  // A unified account's positions, for "close position" (read while the palette is open).
  useEffect(() => (logged && u.isUTA ? watchPositions() : undefined), [logged, u.isUTA]);
  const symbols = symbolList.value;
  const held = positions.value;
  const s = hotkeySettings.value;
  const routes = netRoutes.value;
  const keyOf = (a: HotkeyAction) => (s.enabled ? { hint: bindingLabel(s.bindings[a]), shortcut: ariaShortcut(s.bindings[a]) } : {});

  const commands = useMemo<Command[]>(() => {
    const list: Command[] = [];
    const sec = {
      trade: t('hotkeys.section.trade'),
      pairs: t('hotkeys.section.pairs'),
      book: t('book.modes'),
      chart: t('chart.chartType'),
      interval: t('chart.interval'),
      language: t('language'),
      route: t('net.title'),
      settings: t('hotkeys.section.settings'),
    };
    if (logged) {
      list.push(
        { id: 'buyBest', section: sec.trade, label: t('hotkeys.action.buyBest'), ...keyOf('buyBest'), run: () => askAtBest('Buy') },
        { id: 'sellBest', section: sec.trade, label: t('hotkeys.action.sellBest'), ...keyOf('sellBest'), run: () => askAtBest('Sell') },
        { id: 'cancelLast', section: sec.trade, label: t('hotkeys.action.cancelLast'), ...keyOf('cancelLast'), run: askCancelLast },
        { id: 'cancelAll', section: sec.trade, label: t('hotkeys.action.cancelAll'), ...keyOf('cancelAll'), run: askCancelAll },
      );
      for (const p of held ?? []) {
        const pair = symbols.find((x) => x.symbolId === p.symbolId);
        const name = pair ? `${pair.baseTokenName}/${pair.quoteTokenName}` : p.symbolId;
        list.push({ id: `close-${p.symbolId}`, section: sec.trade, label: t('hotkeys.closePosition', { pair: name }), keywords: p.symbolId, run: () => askClosePosition(p, name) });
      }
    }
    for (const m of ORDER_BOOK_MODES) list.push({ id: `book-${m}`, section: sec.book, label: t(MODE_KEYS[m]), ...(bookMode.peek() === m ? { hint: '✓' } : {}), run: () => setBookMode(m) });
    for (const unit of ['base', 'quote'] as const) list.push({ id: `total-${unit}`, section: sec.book, label: `${t('book.totalIn')}: ${t(`book.${unit}`)}`, ...(totalIn.peek() === unit ? { hint: '✓' } : {}), run: () => setTotalIn(unit) });
    for (const type of CHART_TYPES) list.push({ id: `chart-${type}`, section: sec.chart, label: t(`chart.type.${type}`), ...(chartType.peek() === type ? { hint: '✓' } : {}), run: () => setChartType(type) });
    for (const i of CHART_INTERVALS) {
      const l = intervalLabelKey(i);
      list.push({ id: `interval-${i}`, section: sec.interval, label: t(l.key, { count: l.count }), ...(chartInterval.peek() === i ? { hint: '✓' } : {}), run: () => setChartInterval(i) });
    }
    for (const l of SUPPORTED_LOCALES) {
      list.push({
        id: `lang-${l}`, section: sec.language, label: LOCALE_NAMES[l], keywords: l, ...(l === locale ? { hint: '✓' } : {}),
        run: () => {
          writeStored(STORAGE_KEYS.locale, l);
          navigate(`${withLocale(location.pathname, l, storedDefaultQuote())}${location.search}${location.hash}`);
        },
      });
    }
    for (const name of [AUTO, ...routes.map((r) => r.name)]) {
      const label = name === AUTO ? t('net.auto') : name === MAIN_ROUTE ? t('net.direct') : name;
      list.push({ id: `route-${name}`, section: sec.route, label, ...(routePick.peek() === name ? { hint: '✓' } : {}), run: () => pickRoute(name) });
    }
    list.push(
      { id: 'swap', section: sec.settings, label: t('header.swapColors'), hint: swapUpDown.peek() ? '✓' : '', run: () => setSwapUpDown(!swapUpDown.peek()) },
      s.enabled ? { id: 'hotkeys-off', section: sec.settings, label: t('hotkeys.turnOff'), run: () => setHotkeysEnabled(false) } : { id: 'hotkeys-on', section: sec.settings, label: t('hotkeys.turnOnEllipsis'), run: () => open('settings') },
      { id: 'hotkey-settings', section: sec.settings, label: t('hotkeys.settingsTitle'), run: () => open('settings') },
      { id: 'cheat-sheet', section: sec.settings, label: t('hotkeys.sheetTitle'), hint: '?', shortcut: 'Shift+Slash', run: () => open('sheet') },
    );
    // Pairs last: a search for a coin lists its pairs, an empty search the actions first.
    for (const p of symbols) {
      const pair = `${p.baseTokenName}/${p.quoteTokenName}`;
      list.push({ id: `pair-${p.symbolId}`, section: sec.pairs, label: pair, keywords: `${p.symbolId} ${p.baseTokenName}${p.quoteTokenName}`, run: () => navigate(`${pairPath(locale, p.baseTokenName, p.quoteTokenName)}${location.search}`) });
    }
    return list;
    // keyOf reads s; the lists' current choices are read when the palette opens.
  }, [t, logged, held, symbols, s, routes, locale, location, navigate, open]);

  return <CommandMenu title={t('hotkeys.paletteTitle')} searchLabel={t('hotkeys.paletteSearch')} placeholder={t('hotkeys.palettePlaceholder')} emptyText={t('hotkeys.paletteEmpty')} commands={commands} onClose={onClose} />;
}
