import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { cachedT } from '../../src/features/hooks/cached-t.ts';

async function instance(resources: Record<string, string>) {
  const i = i18next.createInstance();
  await i.init({ lng: 'en', resources: { en: { translation: resources } }, interpolation: { escapeValue: false } });
  return i;
}

describe('cachedT: table words looked up once per language (issue 37)', () => {
  it('gives what t gives, and asks i18next once per key', async () => {
    const i = await instance({ buy: 'Buy', sell: 'Sell' });
    let calls = 0;
    const t = ((...args: Parameters<typeof i.t>) => {
      calls++;
      return i.t(...args);
    }) as typeof i.t;
    const w = cachedT(t);
    expect([w('buy'), w('sell'), w('buy'), w('buy'), w('missing.key')]).toEqual(['Buy', 'Sell', 'Buy', 'Buy', 'missing.key']);
    expect(calls).toBe(3);
  });

  it('a template puts each value where the translation has it, as t would', async () => {
    const i = await instance({ cancel: 'Cancel order {{id}}', ar: 'إلغاء الأمر {{id}} الآن', none: 'Cancel the order', twice: '{{id}} / {{id}}' });
    const w = cachedT(i.t);
    for (const key of ['cancel', 'ar', 'none', 'twice']) {
      const tpl = w.template(key, 'id');
      for (const id of ['1234', '', 'a$&b']) expect(tpl(id), `${key} ${id}`).toBe(i.t(key, { id }));
    }
  });
});
