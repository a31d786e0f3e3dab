import { DEFAULT_BASE } from './constants.ts';
import { matchLocale, type Locale } from './locale.ts';
import { POPOUT_PANELS, type PopoutPanel } from './workspace.ts';

/** What the page shows for a path (spec 2.1). */
export type RouteResult =
  | { kind: 'redirect'; to: string }
  | { kind: 'pair'; locale: Locale; base: string; quote: string }
  | { kind: 'leveraged-token'; locale: Locale; base: string; quote: string }
  /** One panel of the trading page alone, in a window of its own (issue 36 item 3: a popped-out panel). */
  | { kind: 'panel'; locale: Locale; panel: PopoutPanel; base: string; quote: string }
  /** A page of the real exchange the page links to, which the local one does not have (issue 33 item 6). */
  | { kind: 'elsewhere'; locale: Locale; target: string };

/** Where the page's outbound links lead on the real exchange. */
export const REAL_EXCHANGE_ORIGIN = 'https://www.bybit.com';
/**
 * The real exchange's pages the page links to (account, orders, assets, liquidity shield, fiat,
 * marketplace). The local exchange serves some of them itself (OTC convert, auto-invest, future
 * spread: those answers come first); any other path under these says where it would go instead of
 * opening the trading page again.
 */
export const OUTBOUND_PREFIXES = ['/user/', '/liquidity-shield-trading-frenzy', '/fiat/', '/liquid-marketplace/', '/copyTrade', '/app/', '/help-center/'] as const;
/** Spec 2.17: the copy-trading leader centre (a new window). */
export const LEADER_CENTRE_PATH = '/copyTrade/trade-center/leader';
/**
 * Spec 2.17: the article about the standard-account phase-out. The spec names no address; this is
 * where the real exchange keeps its articles (help-center/article/<title>), and the local exchange,
 * which has none, opens its page saying where the link would go.
 */
export const STANDARD_PHASE_OUT_ARTICLE_PATH = '/help-center/article/Standard-Account-Phase-Out';

/** The real exchange's address of an outbound path, or null when the path is not one. */
export function outboundTarget(pathname: string, search: string): string | null {
  const under = (prefix: string) => {
    const bare = prefix.replace(/\/$/, '');
    return pathname === bare || pathname.startsWith(`${bare}/`);
  };
  return OUTBOUND_PREFIXES.some(under) ? `${REAL_EXCHANGE_ORIGIN}${pathname}${search}` : null;
}

/** Looks like a locale segment ('en', 'zh-CN', 'pt-BR'), supported or not. */
const LOCALE_SEGMENT = /^[a-z]{2,3}(?:-[a-z0-9]{2,4})?$/i;
/** A well-formed coin name; anything else in a pair path is "any other path". */
const COIN = /^[a-z0-9]{1,20}$/i;

export function pairPath(locale: Locale, base: string, quote: string, leveraged = false): string {
  return `/${locale}/trade/spot/${leveraged ? 'lt/' : ''}${base}/${quote}`;
}

/** A panel of the pair's trading page alone (a pop-out window): /{locale}/panel/{panel}/{base}/{quote}. */
export function panelPath(locale: Locale, panel: PopoutPanel, base: string, quote: string): string {
  return `/${locale}/panel/${panel}/${base}/${quote}`;
}

/** BTC with the default quote (the stored one: core/default-quote.ts). */
export function defaultPairPath(locale: Locale, defaultQuote: string): string {
  return pairPath(locale, DEFAULT_BASE, defaultQuote);
}

function segmentsOf(pathname: string): string[] {
  return pathname.split('/').filter((s) => s.length > 0);
}

function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * The route table of spec 2.1 as one function. `fallbackLocale` is the stored, browser or en
 * locale (see preferredLocale), `defaultQuote` the stored default quote (defaultQuoteFrom). Redirect
 * targets keep the query string and hash.
 */
export function resolveRoute(pathname: string, search: string, hash: string, fallbackLocale: Locale, defaultQuote: string): RouteResult {
  const keep = `${search}${hash}`;
  const redirect = (to: string): RouteResult => ({ kind: 'redirect', to: `${to}${keep}` });
  const segs = segmentsOf(pathname).map(decodeSegment);
  const coins = (base: string | undefined, quote: string | undefined) =>
    base !== undefined && quote !== undefined && COIN.test(base) && COIN.test(quote);

  if (segs.length === 0) return redirect('/trade/spot/');

  const target = outboundTarget(pathname, search);
  if (target !== null) return { kind: 'elsewhere', locale: fallbackLocale, target };

  // Locale-less paths: /trade/spot/, /trade/spot/{b}/{q}, /trade/spot/lt/{b}/{q}.
  if (segs[0] === 'trade' && segs[1] === 'spot') {
    const rest = segs.slice(2);
    if (rest.length === 0) return redirect(defaultPairPath(fallbackLocale, defaultQuote));
    if (rest.length === 2 && coins(rest[0], rest[1])) return redirect(pairPath(fallbackLocale, rest[0]!, rest[1]!));
    if (rest.length === 3 && rest[0] === 'lt' && coins(rest[1], rest[2])) {
      return redirect(pairPath(fallbackLocale, rest[1]!, rest[2]!, true));
    }
    return redirect(defaultPairPath(fallbackLocale, defaultQuote));
  }

  const first = segs[0]!;
  // A popped-out panel: /{locale}/panel/{panel}/{base}/{quote}.
  if (LOCALE_SEGMENT.test(first) && segs[1] === 'panel') {
    const locale = matchLocale(first) ?? fallbackLocale;
    const panel = POPOUT_PANELS.find((p) => p === segs[2]);
    if (segs.length !== 5 || !panel || !coins(segs[3], segs[4])) return redirect(defaultPairPath(locale, defaultQuote));
    const base = segs[3]!.toUpperCase();
    const quote = segs[4]!.toUpperCase();
    const canonical = panelPath(locale, panel, base, quote);
    if (canonical !== pathname) return redirect(canonical);
    return { kind: 'panel', locale, panel, base, quote };
  }

  // Locale paths: /{locale}/trade/spot/…
  if (LOCALE_SEGMENT.test(first) && segs[1] === 'trade' && segs[2] === 'spot') {
    const supported = matchLocale(first);
    const locale = supported ?? fallbackLocale;
    const rest = segs.slice(3);
    const wellFormedPair = rest.length === 2 && coins(rest[0], rest[1]);
    const wellFormedLt = rest.length === 3 && rest[0] === 'lt' && coins(rest[1], rest[2]);
    if (!wellFormedPair && !wellFormedLt) return redirect(defaultPairPath(locale, defaultQuote));
    const leveraged = wellFormedLt;
    const base = (leveraged ? rest[1]! : rest[0]!).toUpperCase();
    const quote = (leveraged ? rest[2]! : rest[1]!).toUpperCase();
    const canonical = pairPath(locale, base, quote, leveraged);
    // An unsupported or mis-cased locale, upper-casing coins, or a trailing slash: one redirect.
    if (canonical !== pathname) return redirect(canonical);
    return leveraged ? { kind: 'leveraged-token', locale, base, quote } : { kind: 'pair', locale, base, quote };
  }

  return redirect(defaultPairPath(fallbackLocale, defaultQuote));
}

/** The same page under another locale (spec 2.1: changing language keeps the page). */
export function withLocale(pathname: string, locale: Locale, defaultQuote: string): string {
  const segs = segmentsOf(pathname);
  if (segs.length > 0 && LOCALE_SEGMENT.test(segs[0]!) && segs[1] === 'trade') {
    segs[0] = locale;
    return `/${segs.join('/')}`;
  }
  return defaultPairPath(locale, defaultQuote);
}
