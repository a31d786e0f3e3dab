import { describe, expect, it } from 'vitest';
import { isRtl, localeForLanguageTag, matchLocale, preferredLocale } from '../../src/core/locale.ts';

describe('locale resolution', () => {
  it('a stored supported locale wins', () => {
    expect(preferredLocale('ja', ['ru-RU', 'en'])).toBe('ja');
    expect(preferredLocale('zh-cn', [])).toBe('zh-CN');
  });

  it('a stored unsupported or malformed value falls through to the browser', () => {
    expect(preferredLocale('de', ['ru-RU'])).toBe('ru');
    expect(preferredLocale('', ['es-MX'])).toBe('es');
    expect(preferredLocale(null, ['fr-FR', 'ar'])).toBe('ar-SA');
  });

  it('browser tags match exactly or by language', () => {
    expect(localeForLanguageTag('zh-TW')).toBe('zh-CN');
    expect(localeForLanguageTag('ja-JP')).toBe('ja');
    expect(localeForLanguageTag('en_GB')).toBe('en');
    expect(localeForLanguageTag('fr')).toBeUndefined();
  });

  it('falls back to en', () => {
    expect(preferredLocale(undefined, ['fr', 'de'])).toBe('en');
    expect(preferredLocale(undefined, [])).toBe('en');
  });

  it('matchLocale accepts only supported tags', () => {
    expect(matchLocale('AR-sa')).toBe('ar-SA');
    expect(matchLocale('ar')).toBeUndefined();
    expect(matchLocale(undefined)).toBeUndefined();
  });

  it('only ar-SA is right-to-left', () => {
    expect(isRtl('ar-SA')).toBe(true);
    expect(isRtl('en')).toBe(false);
    expect(isRtl('zh-CN')).toBe(false);
  });
});
