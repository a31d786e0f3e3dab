// Spec 4.9: a grid bot's state labels and close reasons, as the list answer gives them and as the
// panel names them in every shipped language (issue 34 item 5).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { decodeGridBot } from '../../src/api/grid-bots.ts';
import { GRID_BOT_LABELS } from '../../src/core/chart/grid-bot.ts';
import { GRID_CLOSE_REASONS } from '../../src/protocol/grid-bots.ts';

const LOCALES = join(import.meta.dirname, '..', '..', 'public', 'locales');
const bot = (o: Record<string, unknown>) => ({ bot_id: 'g1', symbol: 'BTCUSDT', min_price: '90000', max_price: '100000', grid_number: 10, type: 'grade', status: 2, ...o });

describe('grid bot labels and close reasons (spec 4.9)', () => {
  test('labels: RAW, REJECTED, NEW, INITIALIZING, RUNNING, CANCELLING, COMPLETED, AWAIT_ACTIVATION, each read as sent', () => {
    expect(GRID_BOT_LABELS).toEqual(['RAW', 'REJECTED', 'NEW', 'INITIALIZING', 'RUNNING', 'CANCELLING', 'COMPLETED', 'AWAIT_ACTIVATION']);
    for (const label of GRID_BOT_LABELS) expect(decodeGridBot(bot({ label }))?.label).toBe(label);
    expect(decodeGridBot(bot({ label: 'BOGUS', status: 3 }))?.label).toBe('COMPLETED');
  });

  test('close reasons: unknown, closed manually, failed initiation, symbol delisted, stop loss, take profit, user ban', () => {
    expect(GRID_CLOSE_REASONS).toEqual(expect.arrayContaining(['UNKNOWN', 'CLOSED_MANUALLY', 'CLOSED_FAILED_INITIATION', 'CLOSED_SYMBOL_DELISTED', 'CLOSED_STOP_LOSS', 'CLOSED_TAKE_PROFIT', 'CLOSED_USER_BAN']));
    expect(decodeGridBot(bot({ status: 3, close_reason: 'CLOSED_SYMBOL_DELISTED' }))?.closeReason).toBe('CLOSED_SYMBOL_DELISTED');
    expect(decodeGridBot(bot({ status: 3 }))?.closeReason).toBe('UNKNOWN');
  });

  test('every shipped language names each label and each close reason', () => {
    for (const locale of readdirSync(LOCALES)) {
      const g = (JSON.parse(readFileSync(join(LOCALES, locale, 'spotExchange.json'), 'utf8')) as { gridPanel: { status: Record<string, string>; reason: Record<string, string> } }).gridPanel;
      for (const l of GRID_BOT_LABELS) expect(g.status[l], `${locale} status ${l}`).toMatch(/\S/);
      for (const r of GRID_CLOSE_REASONS) expect(g.reason[r], `${locale} reason ${r}`).toMatch(/\S/);
    }
  });
});
