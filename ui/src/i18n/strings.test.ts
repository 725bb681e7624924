import { describe, expect, it } from 'vitest';
import en from '../translations/en.json' with { type: 'json' };
import pt from '../translations/pt.json' with { type: 'json' };
import { href, langFromParam, neutralPath } from './routes.ts';
import { StringsSchema, strings } from './strings.ts';

describe('UI strings', () => {
  it('parses both translation files and they differ', () => {
    expect(strings('pt').nav.inicio).toBe('Início');
    expect(strings('en').nav.inicio).toBe('Home');
  });

  it('refuses a file with a missing or an extra key', () => {
    const { rodape: _removed, ...semRodape } = pt;
    expect(StringsSchema.safeParse(semRodape).success).toBe(false);
    expect(StringsSchema.safeParse({ ...en, extra: { a: 'b' } }).success).toBe(false);
    expect(StringsSchema.safeParse({ ...en, aviso: { titulo: 'x', texto: '' } }).success).toBe(false);
  });
});

describe('language routes', () => {
  it('keeps Portuguese at the root and English under /en/', () => {
    expect(href('pt', '/acoes/WEGE3')).toBe('/acoes/WEGE3');
    expect(href('en', '/acoes/WEGE3')).toBe('/en/acoes/WEGE3');
    expect(href('en', '/')).toBe('/en/');
    expect(neutralPath('/en/acoes/WEGE3/')).toBe('/acoes/WEGE3');
    expect(neutralPath('/en/')).toBe('/');
    expect(neutralPath('/buscar')).toBe('/buscar');
  });

  it('maps the [...lang] parameter and refuses unknown languages', () => {
    expect(langFromParam(undefined)).toBe('pt');
    expect(langFromParam('en')).toBe('en');
    expect(() => langFromParam('fr')).toThrow(/unknown language/);
  });
});
