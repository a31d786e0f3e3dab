import { describe, expect, it } from 'vitest';
import { LOCALE_NAMES, SUPPORTED_LOCALES, isRtl, localeForLanguageTag, matchLocale, preferredLocale } from '../../src/core/locale.ts';

describe('locale resolution', () => {
  it('a stored supported locale wins', () => {
    expect(preferredLocale('ja', ['ru-RU', 'en'])).toBe('ja');
    expect(preferredLocale('zh-cn', [])).toBe('zh-CN');
  });

  it('a stored unsupported or malformed value falls through to the browser', () => {
    expect(preferredLocale('fi', ['ru-RU'])).toBe('ru');
    expect(preferredLocale('', ['es-MX'])).toBe('es');
    expect(preferredLocale(null, ['fi-FI', 'ar'])).toBe('ar-SA');
  });

  it('browser tags match exactly or by language', () => {
    expect(localeForLanguageTag('zh-SG')).toBe('zh-CN');
    expect(localeForLanguageTag('ja-JP')).toBe('ja');
    expect(localeForLanguageTag('en_GB')).toBe('en');
    expect(localeForLanguageTag('he-IL')).toBe('he');
    expect(localeForLanguageTag('ms-MY')).toBe('ms');
    expect(localeForLanguageTag('hi-IN')).toBe('hi');
    expect(localeForLanguageTag('bn-IN')).toBe('bn');
    expect(localeForLanguageTag('sw')).toBeUndefined();
    expect(localeForLanguageTag('cs-CZ')).toBe('cs');
    expect(localeForLanguageTag('hu-HU')).toBe('hu');
    expect(localeForLanguageTag('ro-MD')).toBe('ro');
    expect(localeForLanguageTag('el-GR')).toBe('el');
  });

  it('falls back to en', () => {
    expect(preferredLocale(undefined, ['fi', 'sw'])).toBe('en');
    expect(preferredLocale(undefined, [])).toBe('en');
  });

  it('matchLocale accepts only supported tags', () => {
    expect(matchLocale('AR-sa')).toBe('ar-SA');
    expect(matchLocale('ar')).toBeUndefined();
    expect(matchLocale(undefined)).toBeUndefined();
  });

  it('the right-to-left locales are exactly those whose script Intl says is written right to left', () => {
    for (const l of SUPPORTED_LOCALES) {
      const info = new Intl.Locale(l) as Intl.Locale & { getTextInfo?: () => { direction: string }; textInfo?: { direction: string } };
      const direction = info.getTextInfo?.().direction ?? info.textInfo?.direction;
      expect(isRtl(l) ? 'rtl' : 'ltr', l).toBe(direction);
    }
    expect(isRtl('ar-SA')).toBe(true);
    expect(isRtl('he')).toBe(true);
    expect(isRtl('en')).toBe(false);
  });

  it('the switcher names each locale in its own language, all different', () => {
    expect(new Set(SUPPORTED_LOCALES.map((l) => LOCALE_NAMES[l])).size).toBe(SUPPORTED_LOCALES.length);
    expect(LOCALE_NAMES['zh-CN']).toBe('简体中文');
  });
});
