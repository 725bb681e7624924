import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { caminhoDoMembro, membroDe, membroDoPacote, membrosDoPacote, textoDoPacote } from './pacotes.ts';

// Made here: members with strings that hold tabs, newlines, quotes and accents (JSON escapes the first two).
const MEMBROS: Array<[string, unknown]> = [
  ['2023/roe', { valor: 0.12, nota: 'tab\there', fonte: 'a.csv:3' }],
  ['2023/roa', { valor: null, flag: 'sem_dado', nota: 'linha\nnova "aspas" ação' }],
  ['2010/f_score', { valor: 7, entradas: [] }],
];

describe('packs', () => {
  it('maps member paths to their pack and back; other paths are not packed', () => {
    expect(membroDe('json/empresas/906/linhagem/2023/roe.json')).toEqual({
      pacote: 'json/empresas/906/linhagem/pacote.tsv',
      chave: '2023/roe',
    });
    expect(membroDe('json/empresas/906/auditoria/dep_amort/2014.json')).toEqual({
      pacote: 'json/empresas/906/auditoria/dep_amort/pacote.tsv',
      chave: '2014',
    });
    expect(membroDe('json/empresas/906/indicadores/roe.json')?.chave).toBe('roe');
    for (const p of [
      'json/empresas/906/indicadores.json',
      'json/empresas/906/index.json',
      'json/fiis/X/index.json',
    ])
      expect(membroDe(p)).toBeNull();
    expect(caminhoDoMembro('json/empresas/906/linhagem/pacote.tsv', '2023/roe')).toBe(
      'json/empresas/906/linhagem/2023/roe.json',
    );
  });

  it('a member comes back with the exact bytes its own file had (JSON plus newline)', () => {
    const texto = textoDoPacote(MEMBROS.map(([k, v]) => [k, JSON.stringify(v)]));
    for (const [k, v] of MEMBROS) expect(membroDoPacote(texto, k)).toBe(`${JSON.stringify(v)}\n`);
    expect(membroDoPacote(texto, '2023/ro')).toBeNull();
    expect(membroDoPacote(texto, '2024/roe')).toBeNull();
    expect(membrosDoPacote(texto).map(([k]) => k)).toEqual(['2010/f_score', '2023/roa', '2023/roe']);
  });

  it('refuses a repeated key or a member that is not one line', () => {
    expect(() =>
      textoDoPacote([
        ['a', '1'],
        ['a', '2'],
      ]),
    ).toThrow('twice');
    expect(() => textoDoPacote([['a', '{\n}']])).toThrow('not one line');
    expect(() => membroDoPacote('x', 'a')).toThrow('not a pack');
  });

  it('round-trips any JSON values under any keys (property)', () => {
    const chave = fc.stringMatching(/^[a-z0-9_]{1,8}(\/[a-z0-9_]{1,8})?$/);
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(chave, fc.jsonValue()), { selector: ([k]) => k }), (membros) => {
        const texto = textoDoPacote(membros.map(([k, v]) => [k, JSON.stringify(v)]));
        for (const [k, v] of membros) expect(membroDoPacote(texto, k)).toBe(`${JSON.stringify(v)}\n`);
      }),
    );
  });
});
