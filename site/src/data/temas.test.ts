import type { EmpresaIndice } from '@fundamentos/schemas/empresa';
import type { Indicadores } from '@fundamentos/schemas/indicadores';
import { describe, expect, it } from 'vitest';
import type { DataBuild } from './build.ts';
import type { EmpresaPublicada } from './empresas.ts';
import { paginaTema, paginaTemaDoBuild, temaMarkdown } from './temas.ts';

// Made here: one company with made-up margins (not financial facts) to check how the answer is chosen.
function empresa(linhas: { ano: number; valor: number | null; flag: string | null }[]): EmpresaPublicada {
  return {
    indice: {
      ticker: 'AAAA3',
      nome: 'EMPRESA FEITA AQUI',
      cd_regulator: 1,
      citacao: 'feito aqui',
      citacao_en: 'made here',
    } as EmpresaIndice,
    indicadores: {
      indicadores: linhas.map((l) => ({ ...l, nome: 'margem_liquida' })),
      proveniencia: {},
      citacao: 'citação feita aqui',
      citacao_en: 'citation made here',
    } as unknown as Indicadores,
    reapresentacoes: null,
    multiplos: null,
    dividendos: null,
    precos: null,
  };
}

describe('theme pages', () => {
  it('answers with the latest year whose value is not null, and keeps the null year flagged in the table', () => {
    const p = paginaTema(
      empresa([
        { ano: 2021, valor: 0.1, flag: null },
        { ano: 2022, valor: null, flag: 'denominador_nao_positivo' },
      ]),
      'margem',
      'pt',
    );
    expect(p.resposta).toBe('Em 2021, margem_liquida de EMPRESA FEITA AQUI foi 10,0%.');
    expect(p.linhas.map((l) => l.rotulo)).toEqual(['2022', '2021']);
    expect(p.linhas[0]?.celulas[0]?.flags).toEqual(['denominador_nao_positivo']);
    const md = temaMarkdown(p);
    expect(md).toContain('| 2022 | sem valor (flag: denominador_nao_positivo) | – | – |');
    expect(md).toContain('## Como verificar');
  });

  it('says no value is published instead of an empty table', () => {
    const p = paginaTema(empresa([]), 'divida', 'en');
    expect(p.resposta).toBe('No debt value is published for EMPRESA FEITA AQUI in this build.');
    expect(temaMarkdown(p)).not.toContain('| ---');
    // the English page quotes the citation the pipeline published in English
    expect(p.citacao).toBe('citation made here');
    expect(paginaTema(empresa([]), 'divida', 'pt').citacao).toBe('citação feita aqui');
    expect(paginaTema(empresa([]), 'dividendos', 'en').citacao).toBe('made here');
  });

  it('without a B3 answer the dividends theme does not claim the company paid nothing', () => {
    expect(paginaTema(empresa([]), 'dividendos', 'pt').resposta).toContain('não afirmamos');
  });
});

describe('theme pages shaped once per build', () => {
  // Made here: a build without a dictionary artefact (an empty manifest), so the words are the defaults.
  const b = {
    dir: '/nenhum',
    manifest: { versao_do_dado: 'feito-aqui|1', criado_em: '', schema_version: 1, artefatos: [] },
    byPath: new Map(),
  } as unknown as DataBuild;

  it('gives the HTML page and its .md copy the same shaped page, per company, theme and language', () => {
    const e = empresa([{ ano: 2021, valor: 0.1, flag: null }]);
    const pt = paginaTemaDoBuild(b, e, 'margem', 'pt');
    expect(pt).toEqual(paginaTema(e, 'margem', 'pt'));
    expect(paginaTemaDoBuild(b, e, 'margem', 'pt')).toBe(pt);
    expect(paginaTemaDoBuild(b, e, 'margem', 'en').resposta).toBe(paginaTema(e, 'margem', 'en').resposta);
    expect(paginaTemaDoBuild(b, e, 'divida', 'pt')).not.toBe(pt);
    // another company (a live class's copy) is shaped for itself
    expect(
      paginaTemaDoBuild(b, empresa([{ ano: 2021, valor: 0.2, flag: null }]), 'margem', 'pt').resposta,
    ).toBe('Em 2021, margem_liquida de EMPRESA FEITA AQUI foi 20,0%.');
  });
});
