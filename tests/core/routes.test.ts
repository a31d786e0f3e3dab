import { describe, expect, it } from 'vitest';
import { resolveRoute, withLocale } from '../../src/core/routes.ts';

const r = (path: string, fallback: 'en' | 'ja' = 'en', search = '', hash = '') => resolveRoute(path, search, hash, fallback, 'USDT');

describe('route table (spec 2.1)', () => {
  it('/ redirects to /trade/spot/', () => {
    expect(r('/')).toEqual({ kind: 'redirect', to: '/trade/spot/' });
  });

  it('/trade/spot/ redirects to the fallback locale BTC/USDT pair', () => {
    expect(r('/trade/spot/')).toEqual({ kind: 'redirect', to: '/en/trade/spot/BTC/USDT' });
    expect(r('/trade/spot', 'ja')).toEqual({ kind: 'redirect', to: '/ja/trade/spot/BTC/USDT' });
  });

  it('locale-less pair and leveraged-token paths gain the locale prefix', () => {
    expect(r('/trade/spot/ETH/USDT', 'ja')).toEqual({ kind: 'redirect', to: '/ja/trade/spot/ETH/USDT' });
    expect(r('/trade/spot/lt/BTC3L/USDT')).toEqual({ kind: 'redirect', to: '/en/trade/spot/lt/BTC3L/USDT' });
  });

  it('/{locale}/trade/spot/ redirects to that locale\'s default pair', () => {
    expect(r('/ru/trade/spot/')).toEqual({ kind: 'redirect', to: '/ru/trade/spot/BTC/USDT' });
    expect(r('/zh-CN/trade/spot')).toEqual({ kind: 'redirect', to: '/zh-CN/trade/spot/BTC/USDT' });
  });

  it('an unsupported locale is replaced by the fallback locale, keeping the rest', () => {
    expect(r('/xx-YY/trade/spot/ETH/USDT', 'ja')).toEqual({ kind: 'redirect', to: '/ja/trade/spot/ETH/USDT' });
    expect(r('/sv/trade/spot/', 'en')).toEqual({ kind: 'redirect', to: '/en/trade/spot/BTC/USDT' });
    expect(r('/pt-PT/trade/spot/lt/BTC3L/USDT')).toEqual({ kind: 'redirect', to: '/en/trade/spot/lt/BTC3L/USDT' });
    // Shipped since issue 19 item 8: served as they are.
    expect(r('/pt-BR/trade/spot/lt/BTC3L/USDT')).toEqual({ kind: 'leveraged-token', locale: 'pt-BR', base: 'BTC3L', quote: 'USDT' });
  });

  it('mis-cased locales and coins are canonicalised with one redirect', () => {
    expect(r('/zh-cn/trade/spot/eth/usdt')).toEqual({ kind: 'redirect', to: '/zh-CN/trade/spot/ETH/USDT' });
  });

  it('the pair page and the leveraged-token page', () => {
    expect(r('/en/trade/spot/BTC/USDT')).toEqual({ kind: 'pair', locale: 'en', base: 'BTC', quote: 'USDT' });
    expect(r('/ar-SA/trade/spot/lt/BTC3L/USDT')).toEqual({ kind: 'leveraged-token', locale: 'ar-SA', base: 'BTC3L', quote: 'USDT' });
  });

  it('a well-formed but unknown pair still routes to the pair page (which says "not found")', () => {
    expect(r('/en/trade/spot/DOGE/EUR')).toEqual({ kind: 'pair', locale: 'en', base: 'DOGE', quote: 'EUR' });
  });

  it('any other path goes to the default pair', () => {
    for (const p of ['/nope', '/en/futures/BTC', '/en/trade/spot/BTC', '/en/trade/spot/BT$/USDT', '/en/trade/spot/a/b/c', '/trade/spot/x', '/%E0%A4%A']) {
      expect(r(p), p).toEqual({ kind: 'redirect', to: '/en/trade/spot/BTC/USDT' });
    }
  });

  it('redirects keep the query string and hash', () => {
    expect(r('/trade/spot/', 'en', '?renderer=canvas', '#x')).toEqual({ kind: 'redirect', to: '/en/trade/spot/BTC/USDT?renderer=canvas#x' });
  });

  it('withLocale swaps the locale of a page and keeps the pair', () => {
    expect(withLocale('/en/trade/spot/ETH/BTC', 'ja', 'USDT')).toBe('/ja/trade/spot/ETH/BTC');
    expect(withLocale('/en/trade/spot/lt/BTC3L/USDT', 'ar-SA', 'USDT')).toBe('/ar-SA/trade/spot/lt/BTC3L/USDT');
    expect(withLocale('/somewhere', 'es', 'USDT')).toBe('/es/trade/spot/BTC/USDT');
  });
});

describe('outbound paths (issue 33 item 6)', () => {
  it('a page of the real exchange the page links to says where it would go', () => {
    expect(resolveRoute('/liquidity-shield-trading-frenzy/', '', '', 'de', 'USDT')).toEqual({ kind: 'elsewhere', locale: 'de', target: 'https://www.bybit.com/liquidity-shield-trading-frenzy/' });
    expect(resolveRoute('/user/assets/home/performance', '?tab=spot', '', 'en', 'USDT')).toEqual({ kind: 'elsewhere', locale: 'en', target: 'https://www.bybit.com/user/assets/home/performance?tab=spot' });
  });
  it('any other path still goes to the default pair (spec 2.1)', () => {
    expect(resolveRoute('/userx', '', '', 'en', 'USDT')).toEqual({ kind: 'redirect', to: '/en/trade/spot/BTC/USDT' });
    expect(resolveRoute('/somewhere/else', '', '', 'en', 'USDT')).toEqual({ kind: 'redirect', to: '/en/trade/spot/BTC/USDT' });
  });
});

describe('a popped-out panel (issue 36 item 3)', () => {
  it('shows the book or the chart of a pair alone', () => {
    expect(r('/en/panel/book/BTC/USDT')).toEqual({ kind: 'panel', locale: 'en', panel: 'book', base: 'BTC', quote: 'USDT' });
    expect(r('/ja/panel/chart/ETH/USDT')).toEqual({ kind: 'panel', locale: 'ja', panel: 'chart', base: 'ETH', quote: 'USDT' });
  });
  it('coins upper-cased and an unsupported locale in one redirect; an unknown panel to the pair page', () => {
    expect(r('/en/panel/book/btc/usdt')).toEqual({ kind: 'redirect', to: '/en/panel/book/BTC/USDT' });
    expect(r('/xx/panel/book/BTC/USDT', 'ja')).toEqual({ kind: 'redirect', to: '/ja/panel/book/BTC/USDT' });
    expect(r('/en/panel/kitchen/BTC/USDT')).toEqual({ kind: 'redirect', to: '/en/trade/spot/BTC/USDT' });
    expect(r('/en/panel/book/BTC')).toEqual({ kind: 'redirect', to: '/en/trade/spot/BTC/USDT' });
  });
});
