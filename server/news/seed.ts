import type { NewsStore } from './store.ts';
import { ANNOUNCEMENT_TYPES } from './store.ts';

const DAY = 86_400_000;

/**
 * What a fresh exchange shows in its notice bar and announcement banner (`--news none` starts
 * without, as the e2e exchange does: tests add their own through the fault controls). Links are
 * paths on this origin; the local exchange has no articles elsewhere.
 */
export function seedNews(store: NewsStore, now = Date.now()): void {
  const notices: Array<[string, string, string, string]> = [
    ['en-US', 'ALL', 'This is a local exchange: markets, prices and balances are simulated. No real funds are involved.', '/announcements/local-exchange'],
    ['en-US', 'BTCUSDT,ETHUSDT', 'Order book rows now follow your window height: up to 22 px where there is room.', '/announcements/book-rows'],
    ['zh-CN', 'ALL', '这是本地交易所：行情、价格和余额均为模拟，不涉及真实资金。', '/announcements/local-exchange'],
    ['ja-JP', 'ALL', 'これはローカル取引所です。相場・価格・残高はすべてシミュレーションで、実際の資金は使われません。', '/announcements/local-exchange'],
    ['es-ES', 'ALL', 'Este es un exchange local: los mercados, los precios y los saldos son simulados. No hay fondos reales.', '/announcements/local-exchange'],
    ['ru-RU', 'ALL', 'Это локальная биржа: рынки, цены и балансы смоделированы. Реальные средства не используются.', '/announcements/local-exchange'],
    ['ar-SA', 'ALL', 'هذه منصة تداول محلية: الأسواق والأسعار والأرصدة محاكاة، ولا توجد أموال حقيقية.', '/announcements/local-exchange'],
  ];
  for (const [locale, symbolName, info, url] of notices) store.addNotice({ locale, symbolName, info, url, audience: '' }, now);
  const ann = (daysAgo: number, typeKey: string, tags: string[], title: string, description: string, slug: string) =>
    store.addAnnouncement({
      locale: 'en-US',
      title,
      description,
      typeKey,
      typeTitle: ANNOUNCEMENT_TYPES[typeKey] ?? 'Other',
      tags,
      url: `/announcements/${slug}`,
      dateTimestamp: now - daysAgo * DAY,
      startDateTimestamp: 0,
      endDateTimestamp: 0,
      publishTime: now - daysAgo * DAY,
      audience: '',
    });
  ann(30, 'latest_bybit_news', ['Spot'], 'About this local exchange', 'Everything here runs on your machine: a simulated market with a real matching engine and accounts in SQLite. Balances are test balances; nothing is real money.', 'local-exchange');
  ann(20, 'new_crypto', ['Spot', 'Spot Listings'], 'NEW/USDT listing', 'NEW opens for spot trading against USDT.', 'new-listing');
  ann(1, 'product_updates', ['Spot'], 'Order book rows now follow your window height', 'The book shows as many rows as your screen holds, from 16 to 22 px each.', 'book-rows');
}
