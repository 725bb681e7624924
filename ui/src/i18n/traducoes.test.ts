import { describe, expect, it } from 'vitest';
import dicEn from '../dicionario/en.json' with { type: 'json' };
import dicPt from '../dicionario/pt.json' with { type: 'json' };
import eventosEn from '../eventos/en.json' with { type: 'json' };
import eventosPt from '../eventos/pt.json' with { type: 'json' };
import fundamentosEn from '../fundamentos/en.json' with { type: 'json' };
import fundamentosPt from '../fundamentos/pt.json' with { type: 'json' };
import fundosEn from '../fundos/en.json' with { type: 'json' };
import fundosPt from '../fundos/pt.json' with { type: 'json' };
import mercadoEn from '../mercado/en.json' with { type: 'json' };
import mercadoPt from '../mercado/pt.json' with { type: 'json' };
import en from '../translations/en.json' with { type: 'json' };
import pt from '../translations/pt.json' with { type: 'json' };
import vereditoEn from '../veredito/en.json' with { type: 'json' };
import vereditoPt from '../veredito/pt.json' with { type: 'json' };
import { LEITURA } from './leitura.ts';
import { argumentos, mensagem } from './mensagem.ts';
import { strings } from './strings.ts';

/** Every string of a translation tree with its dotted key. */
function folhas(arvore: unknown, prefixo = ''): Map<string, string> {
  const r = new Map<string, string>();
  for (const [k, v] of Object.entries(arvore as Record<string, unknown>)) {
    const chave = prefixo === '' ? k : `${prefixo}.${k}`;
    if (typeof v === 'string') r.set(chave, v);
    else for (const [kk, vv] of folhas(v, chave)) r.set(kk, vv);
  }
  return r;
}

const PARES = [
  { nome: 'ui/src/translations', pt, en, minimo: 400 },
  { nome: 'ui/src/dicionario', pt: dicPt, en: dicEn, minimo: 150 },
  { nome: 'ui/src/veredito', pt: vereditoPt, en: vereditoEn, minimo: 30 },
  { nome: 'ui/src/mercado', pt: mercadoPt, en: mercadoEn, minimo: 8 },
  { nome: 'ui/src/eventos', pt: eventosPt, en: eventosEn, minimo: 25 },
  { nome: 'ui/src/fundos', pt: fundosPt, en: fundosEn, minimo: 25 },
  { nome: 'ui/src/fundamentos', pt: fundamentosPt, en: fundamentosEn, minimo: 3 },
];

describe.each(PARES)('$nome: en against the source language (pt)', ({ pt, en, minimo }) => {
  const fonte = folhas(pt);
  const alvo = folhas(en);

  it('en has exactly the keys of pt', () => {
    expect([...alvo.keys()].sort()).toEqual([...fonte.keys()].sort());
    expect(fonte.size).toBeGreaterThan(minimo);
  });

  it('every string is a valid ICU message with the same placeholders in both languages', () => {
    const diferentes: string[] = [];
    for (const [chave, textoPt] of fonte) {
      const a = argumentos(textoPt);
      const b = argumentos(alvo.get(chave) ?? '');
      if (a.join() !== b.join()) diferentes.push(`${chave}: pt {${a}} en {${b}}`);
    }
    expect(diferentes).toEqual([]);
  });
});

describe('ICU checks', () => {
  it('plural branches write the count as {n}, not # (which would group digits: "1.603 dias")', () => {
    const comCerquilha = [...folhas(pt), ...folhas(en)].filter(
      ([, t]) => t.includes(', plural,') && t.includes('#'),
    );
    expect(comCerquilha.map(([k]) => k)).toEqual([]);
    expect(mensagem('pt', strings('pt').rendeu.dias, { n: 1603 })).toBe('1603 dias depois');
    expect(mensagem('en', strings('en').rendeu.dias, { n: 1 })).toBe('1 day later');
  });

  it('every Portuguese plural says how zero reads (CLDR files 0 under "one" in pt: "0 valor")', () => {
    const semZero = [...folhas(pt)].filter(([, t]) => t.includes(', plural,') && !t.includes('=0 {'));
    expect(semZero.map(([k]) => k)).toEqual([]);
  });

  it('names the broken message: an unclosed brace is not valid ICU', () => {
    expect(() => argumentos('Ano {ano')).toThrow();
    expect(argumentos('{n, plural, one {{n} ano de {x}} other {# anos}}')).toEqual(['n', 'x']);
  });
});

describe('mensagem', () => {
  it('chooses the plural form of each language (no more "1 anos")', () => {
    expect(mensagem('pt', strings('pt').rendeu.anos, { n: 1 })).toBe('1 ano');
    expect(mensagem('pt', strings('pt').rendeu.anos, { n: 5 })).toBe('5 anos');
    expect(mensagem('en', strings('en').rendeu.anos, { n: 1 })).toBe('1 year');
    expect(mensagem('en', strings('en').rendeu.anos, { n: 10 })).toBe('10 years');
    expect(LEITURA.pt.graficos.curto_poucos(1)).toBe('sem gráfico: 1 valor');
    expect(LEITURA.pt.graficos.curto_poucos(0)).toBe('sem gráfico: 0 valores');
    expect(LEITURA.en.graficos.curto_poucos(2)).toBe('no chart: 2 values');
    expect(LEITURA.pt.graficos.porque_poucos(0)).toBe('Nenhum valor publicado nesta série neste build.');
    expect(mensagem('pt', strings('pt').precos.poucas, { n: 1 })).toMatch(/^Só 1 pregão nesta janela/);
    expect(mensagem('en', strings('en').precos.poucas, { n: 3 })).toMatch(/^Only 3 sessions in this window/);
  });

  it('writes a plain placeholder as the value itself and refuses a missing one', () => {
    expect(mensagem('pt', strings('pt').rendeu.sem_pregao, { ticker: 'WEGE3' })).toBe(
      'O código WEGE3 não tem nenhum pregão nos nossos arquivos: nenhum valor é calculado.',
    );
    expect(LEITURA.pt.inicio.todas(1234)).toBe('Todas as 1234 empresas');
    expect(() => mensagem('pt', '{n} anos, {x}', { n: 3 })).toThrow(/"x"/);
  });

  it('keeps apostrophes and angle brackets as text', () => {
    expect(mensagem('en', "the regulator's file <b>", {})).toBe("the regulator's file <b>");
  });
});
