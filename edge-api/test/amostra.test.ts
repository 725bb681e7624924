import { DicionarioSchema } from '@fundamentos/schemas/dicionario';
import { DumpIndiceSchema } from '@fundamentos/schemas/dump';
import { EmpresaIndiceSchema } from '@fundamentos/schemas/empresa';
import { IndicadoresSchema } from '@fundamentos/schemas/indicadores';
import { ManifestSchema } from '@fundamentos/schemas/manifest';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../src/chave-formato.ts';
import { erro, get, novaChave, RECURSOS_COM_CHAVE, sha256DoCorpo } from './ajuda.ts';
import { amostraSemeada } from './amostra-semeada.ts';

// The real sample build: pipeline `build()` over data/sample/raw/cvm/{cad,fca,dfp} (test/amostra-build.ts).
const amostra = amostraSemeada();
const manifesto = ManifestSchema.parse(JSON.parse(atob(amostra.arquivos['manifest.json'] ?? '')));
const porCaminho = new Map(manifesto.artefatos.map((a) => [a.path, a]));

describe('company routes over the real sample build', () => {
  it('/saude shows the sample build version', async () => {
    const corpo = (await (await get('/saude')).json()) as { versao_do_dado: string };
    expect(corpo.versao_do_dado).toBe(manifesto.versao_do_dado);
    expect(corpo.versao_do_dado).toMatch(/-amostra\|\d+$/);
  });

  it('WEGE3 index answers without a key, as published', async () => {
    const res = await get('/empresas/WEGE3');
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe(`"${porCaminho.get('json/empresas/5410/index.json')?.sha256}"`);
    const indice = EmpresaIndiceSchema.parse(await res.json());
    // data/sample/raw/cvm/cad/cad_cia_aberta.csv line 2576: CNPJ 84.429.695/0001-11, WEG SA, CD_CVM 5410.
    expect(indice.cd_regulator).toBe(5410);
    expect(indice.cnpj).toBe('84.429.695/0001-11');
    expect(indice.ticker).toBe('WEGE3');
  });

  it('WEGE3 is a trial ticker: its key resources answer without a key when published, else 404', async () => {
    for (const r of [...RECURSOS_COM_CHAVE, 'veredito']) {
      const caminho = `json/empresas/5410/${r}.json`;
      const res = await get(`/empresas/WEGE3/${r}`);
      const entrada = porCaminho.get(caminho);
      if (entrada) {
        expect(res.status, r).toBe(200);
        expect(await sha256DoCorpo(res), r).toBe(entrada.sha256);
      } else {
        expect((await erro(res, 404)).codigo, r).toBe('recurso_nao_publicado');
      }
    }
    expect(porCaminho.has('json/empresas/5410/indicadores.json')).toBe(true);
    const ind = IndicadoresSchema.parse(await (await get('/empresas/WEGE3/indicadores')).json());
    expect(ind.cd_regulator).toBe(5410);
  });

  it('an old trading code of the sample answers 301 to its current code', async () => {
    expect(amostra.codigoAntigo).not.toBe('');
    const res = await get(`/empresas/${amostra.codigoAntigo}`);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`/empresas/${amostra.codigoAtual}`);
  });

  it('/dicionario and /auditoria/universo stream the published files', async () => {
    DicionarioSchema.parse(await (await get('/dicionario')).json());
    const universo = await (await get('/auditoria/universo')).text();
    const linhas = universo.trimEnd().split('\n');
    expect(linhas.length).toBe(porCaminho.get('auditoria/universo.txt')?.rows);
    for (const l of linhas) expect(l).toMatch(/^\d+\|\d{4}\|[a-z0-9_]+$/);
  });

  it('/dump lists every CSV set of the manifest; a Pro key gets the exact bytes', async () => {
    const sets = manifesto.artefatos.filter((a) => a.path.startsWith('csv/'));
    expect(sets.length).toBeGreaterThan(0);
    const indice = DumpIndiceSchema.parse(
      await (await get('/dump', { 'X-API-Key': await novaChave('free') })).json(),
    );
    expect(indice.conjuntos.map((c) => [c.conjunto, c.bytes, c.linhas]).sort()).toEqual(
      sets.map((a) => [a.path.slice(4, -4), a.bytes, a.rows]).sort(),
    );
    for (const c of indice.conjuntos) expect(c.colunas.length).toBeGreaterThan(0);
    const primeiro = sets[0]!;
    const res = await get(`/dump/${primeiro.path.slice(4)}`, { 'X-API-Key': await novaChave('pro') });
    expect(res.status).toBe(200);
    expect(await sha256DoCorpo(res)).toBe(primeiro.sha256);
    expect(await sha256Hex('')).not.toBe(primeiro.sha256);
  });
});
