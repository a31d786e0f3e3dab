import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EMPTY_VALUE } from '../../core/constants.ts';
import { formatGrouped } from '../../core/format.ts';
import { assetDecimals } from '../../core/symbols.ts';
import { activeSymbol } from '../../state/market/active-market.ts';
import { balances } from '../../state/account/balances.ts';
import { symbolList } from '../../state/market/markets.ts';
import { useSignals } from '../../state/signals.ts';
import { isLoggedIn, user, userKnown } from '../../state/account/user.ts';
import { Table, type Column } from '../../ui/Table.tsx';
import { authLink } from '../login-prompt/login-links.ts';
import './pair-assets.css';

/**
 * The account's holdings of the pair's two coins (available, and held by open orders), beside the
 * market header; a visitor gets the way to log in. Nothing is shown as a number before the
 * exchange has sent the balances ('--' until then). Unified accounts also see what each coin owes.
 */
export function PairAssets() {
  useSignals();
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const symbol = activeSymbol.value;
  if (!userKnown.value || !symbol) return null;
  if (!isLoggedIn.value) {
    return (
      <p className="pair-assets__visitor">
        <a href={authLink('login', pathname, search)}>{t('pairAssets.logIn')}</a>
      </p>
    );
  }
  const map = balances.value;
  // Unified accounts can borrow (spot margin): what each coin owes, as the wallet reports it.
  const unified = user.value.isUTA;
  const shown = (coin: string, v: string | undefined) => (map.size === 0 ? EMPTY_VALUE : formatGrouped(v ?? '0', assetDecimals(symbolList.value, coin)));
  // Figures' cells only (a function: the headers keep their own look).
  const num = () => 'num';
  const columns: Column<string>[] = [
    { key: 'coin', header: t('pairAssets.coin'), rowHeader: true, cell: (coin) => coin },
    { key: 'free', header: t('pairAssets.available'), className: num, cell: (coin) => shown(coin, map.get(coin)?.free) },
    { key: 'locked', header: t('pairAssets.inOrders'), className: num, cell: (coin) => shown(coin, map.get(coin)?.locked) },
    ...(unified
      ? [{ key: 'borrowed', header: t('pairAssets.borrowed'), className: num, cell: (coin: string) => (map.get(coin) && map.get(coin)?.borrowed === undefined ? EMPTY_VALUE : shown(coin, map.get(coin)?.borrowed)) }]
      : []),
  ];
  return <Table className="pair-assets" label={t('pairAssets.title')} columns={columns} rows={[symbol.baseTokenName, symbol.quoteTokenName]} rowKey={(coin) => coin} />;
}
