import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBuild } from './build.ts';
import { empresasPublicadas, linkLinhagem, temRecurso } from './empresas.ts';
import { classesVivas, codigosAntigos, paginasDeEmpresa } from './tickers.ts';

/*
 * Identification fields only (the company index carries no financial number), taken from the sample:
 * data/sample/raw/cvm/cad/cad_cia_aberta.csv line 2576 (WEG SA, CD_CVM 5410, CNPJ 84.429.695/0001-11,
 * sector) and data/sample/raw/cvm/fca/fca_cia_aberta_valor_mobiliario_2024.csv line 942 (WEGE3).
 * The remaining index fields (tipo, links, notes) are made here. The second company in the list has no index in the manifest and must get no page. The old code
 * WEGE9 and the live class WEGE4 are made here to exercise the redirect rule.
 */
const weg = {
  ticker: 'WEGE3',
  tickers: ['WEGE3'],
  nome: 'WEG SA',
  cnpj: '84.429.695/0001-11',
  cd_regulator: 5410,
  setor: 'Emp. Adm. Part. - Máqs., Equip., Veíc. e Peças',
  tipo: 'geral',
  pagina: '/acoes/WEGE3',
};
const recurso = {
  url: '/empresas/WEGE3/indicadores',
  o_que: 'indicadores',
  o_que_en: 'indicators',
  exige_chave: false,
};
const indice = {
  ...weg,
  citacao: 'Fonte: CVM',
  citacao_en: 'Source: CVM',
  cobertura: { primeiro_ano: 2010, ultimo_ano: 2024, reapresentacoes: 0 },
  recursos: Object.fromEntries(
    ['indicadores', 'multiplos', 'fatos', 'dividendos', 'scores', 'reapresentacoes', 'trimestres'].map(
      (n) => [n, recurso],
    ),
  ),
  chave: { necessaria_para: 'dados', degustacao_aberta: ['WEGE3'], como_obter: '/chave-gratis' },
  linhagem: '/empresas/WEGE3/linhagem/{ano}/{indicador}',
  metodologia: '/qualidade',
  nota: 'O índice não traz número financeiro.',
};

let pub: string;
beforeAll(() => {
  pub = mkdtempSync(join(tmpdir(), 'site-empresas-'));
  const arquivos: Record<string, unknown> = {
    'json/empresas.json': [
      weg,
      { ...weg, ticker: 'SEMI3', tickers: ['SEMI3'], cd_regulator: 1, pagina: '/acoes/SEMI3' },
    ],
    'json/empresas/5410/index.json': indice,
    'json/tickers.json': {
      WEGE3: { cd_regulator: 5410, ticker_atual: 'WEGE3' },
      WEGE9: { cd_regulator: 5410, ticker_atual: 'WEGE3' },
      // made here: a live class beside the main code (not an old code)
      WEGE4: { cd_regulator: 5410, ticker_atual: 'WEGE3', vigente: true },
      SEMI3: { cd_regulator: 1, ticker_atual: 'SEMI3' },
    },
  };
  const artefatos = Object.entries(arquivos).map(([path, data]) => {
    const body = JSON.stringify(data);
    mkdirSync(dirname(join(pub, 'b1', path)), { recursive: true });
    writeFileSync(join(pub, 'b1', path), body);
    const sha256 = createHash('sha256').update(body).digest('hex');
    return { name: path, path, rows: 1, bytes: body.length, sha256, schema: 'x', format: 'json' };
  });
  // Made here: a price artefact whose bytes do not match the manifest. Reading it fails the build; listing
  // the pages must not read it (artefacts are read when a page uses them).
  const precos = 'json/empresas/5410/precos.json';
  writeFileSync(join(pub, 'b1', precos), '{}');
  artefatos.push({
    name: precos,
    path: precos,
    rows: 1,
    bytes: 2,
    sha256: '0'.repeat(64),
    schema: 'x',
    format: 'json',
  });
  const manifest = {
    versao_do_dado: '2026-11-22-teste|1',
    criado_em: '2026-11-22T03:00:00-03:00',
    schema_version: 1,
    artefatos,
  };
  writeFileSync(join(pub, 'b1', 'manifest.json'), JSON.stringify(manifest));
  symlinkSync('b1', join(pub, 'current'));
});
afterAll(() => rmSync(pub, { recursive: true, force: true }));

describe('company pages from the manifest', () => {
  it('gives a page only to companies whose index is published, with unpublished resources as null', () => {
    const b = openBuild(pub);
    const empresas = empresasPublicadas(b);
    expect(empresas.map((e) => e.indice.ticker)).toEqual(['WEGE3']);
    expect(empresas[0]?.indicadores).toBeNull();
    expect(empresas[0]?.multiplos).toBeNull();
  });

  it('fills the lineage template and maps old codes to the page of the current one', () => {
    const b = openBuild(pub);
    const [weg3] = empresasPublicadas(b);
    if (!weg3) throw new Error('expected WEGE3');
    expect(linkLinhagem(weg3.indice, 2023, 'roe')).toBe('/empresas/WEGE3/linhagem/2023/roe');
    expect(codigosAntigos(b)).toEqual([{ de: 'WEGE9', para: 'WEGE3' }]);
  });

  it("reads a company's artefacts when a page uses them, not when the pages are listed", () => {
    const b = openBuild(pub);
    const paginas = paginasDeEmpresa(b);
    expect(paginas.map((e) => e.indice.ticker)).toEqual(['WEGE3', 'WEGE4']);
    expect(temRecurso(b, 5410, 'precos')).toBe(true);
    expect(temRecurso(b, 5410, 'reapresentacoes')).toBe(false);
    for (const e of paginas)
      expect(() => e.precos).toThrow(/precos\.json: sha256 .* differs from manifest\.json/);
  });

  it('a live class gets its own page, not a redirect', () => {
    const b = openBuild(pub);
    expect(classesVivas(b)).toEqual([{ codigo: 'WEGE4', principal: 'WEGE3' }]);
    expect(codigosAntigos(b).map((c) => c.de)).not.toContain('WEGE4');
  });
});
