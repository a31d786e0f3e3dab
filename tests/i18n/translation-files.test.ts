// Spec 7.5 and 8: translations are static JSON files fetched per language and namespace (spot
// exchange, error codes, integrated trade); a file that fails to load gives empty translations and
// the page still renders (issue 34 item 5).
import { afterEach, describe, expect, test, vi } from 'vitest';
import { failedTranslationLoads, initI18n, NAMESPACES } from '../../src/i18n/setup.ts';

afterEach(() => vi.unstubAllGlobals());

describe('translation files (spec 7.5, 8)', () => {
  test('each namespace of the language is fetched as /locales/{lang}/{ns}.json; a failed one is empty', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      if (url === '/locales/ja/errorCodes.json') return new Response('gone', { status: 404 });
      return new Response(JSON.stringify({ probe: `${url}` }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    expect(NAMESPACES).toEqual(['spotExchange', 'errorCodes', 'integratedTrade']);
    const i18n = await initI18n('ja');
    expect(urls).toEqual(expect.arrayContaining(['/locales/ja/spotExchange.json', '/locales/ja/errorCodes.json', '/locales/ja/integratedTrade.json']));
    expect(i18n.t('probe', { ns: 'integratedTrade' })).toBe('/locales/ja/integratedTrade.json');
    expect(failedTranslationLoads).toEqual(expect.arrayContaining(['ja/errorCodes: HTTP 404']));
    // Empty for ja, so the English file's text stands in.
    expect(i18n.t('probe', { ns: 'errorCodes' })).toBe('/locales/en/errorCodes.json');
  });
});
