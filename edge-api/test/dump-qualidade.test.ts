import { BuildReportSchema } from '@fundamentos/schemas/build-report';
import { ConjuntosSchema } from '@fundamentos/schemas/conjuntos';
import { DumpIndiceSchema } from '@fundamentos/schemas/dump';
import { ManifestSchema } from '@fundamentos/schemas/manifest';
import { QualidadeSchema } from '@fundamentos/schemas/qualidade';
import { describe, expect, it } from 'vitest';
import { erro, get, novaChave, sha256DoCorpo } from './ajuda.ts';
import { amostraSemeada, jsonDaAmostra } from './amostra-semeada.ts';

// The real sample build (test/global-setup.ts seeds its CSV and Parquet sets, json/conjuntos.json, report.json).
const amostra = amostraSemeada();
const ler = (p: string): unknown => jsonDaAmostra(amostra, p);
const manifesto = ManifestSchema.parse(ler('manifest.json'));
const porCaminho = new Map(manifesto.artefatos.map((a) => [a.path, a]));

describe('/dump over the real sample: Parquet copies and the column dictionary', () => {
  it('every set lists its Parquet copy (size, rows, sha256 of the manifest) and its typed columns', async () => {
    const indice = DumpIndiceSchema.parse(
      await (await get('/dump', { 'X-API-Key': await novaChave('free') })).json(),
    );
    const dicionario = ConjuntosSchema.parse(ler('json/conjuntos.json'));
    for (const c of indice.conjuntos) {
      const pq = porCaminho.get(`parquet/${c.conjunto}.parquet`);
      expect(c.parquet, c.conjunto).toEqual({
        url: `https://api.test/dump/${c.conjunto}.parquet`,
        linhas: pq?.rows,
        bytes: pq?.bytes,
        sha256: pq?.sha256,
      });
      expect(c.parquet?.linhas).toBe(c.linhas);
      expect(c.dicionario.map((d) => d.coluna)).toEqual(c.colunas);
      expect(c.dicionario).toEqual(dicionario.conjuntos.find((d) => d.conjunto === c.conjunto)?.colunas);
    }
    const nomes = indice.conjuntos.map((c) => c.conjunto);
    for (const n of ['screener', 'fiis', 'fiis_pvp', 'fiis_proventos', 'etfs', 'etfs_agio', 'etfs_carteira'])
      expect(nomes).toContain(n);
    const feito = indice.conjuntos.find((c) => c.conjunto === 'fiis_proventos')?.dicionario.at(-1);
    expect(feito?.coluna).toBe('feito_aqui');
    expect(feito?.tipo).toBe('BOOLEAN');
  });

  it('a Pro key gets the Parquet bytes of the manifest; a free key 403; an unlisted set 404', async () => {
    const pq = porCaminho.get('parquet/fiis_proventos.parquet');
    const res = await get('/dump/fiis_proventos.parquet', { 'X-API-Key': await novaChave('pro') });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apache.parquet');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="fiis_proventos.parquet"');
    expect(await sha256DoCorpo(res)).toBe(pq?.sha256);
    const livre = { 'X-API-Key': await novaChave('free') };
    expect((await erro(await get('/dump/fiis_proventos.parquet', livre), 403)).codigo).toBe(
      'plano_insuficiente',
    );
    // A staging table has a Parquet file but no CSV set: not a set of /dump.
    const pro = { 'X-API-Key': await novaChave('pro') };
    expect((await erro(await get('/dump/stg_b3_cotahist.parquet', pro), 404)).codigo).toBe('nao_encontrado');
  });
});

describe('/qualidade.json over the real sample', () => {
  it('answers without a key what report.json says: every invariant with its count and failures', async () => {
    const res = await get('/qualidade.json');
    expect(res.status).toBe(200);
    const q = QualidadeSchema.parse(await res.json());
    const relatorio = BuildReportSchema.parse(ler('report.json'));
    expect(q.versao_do_dado).toBe(manifesto.versao_do_dado);
    expect(q.resumo.invariantes).toBe(relatorio.invariantes.length);
    expect(q.resumo.rigidas_com_falha).toBe(0);
    expect(q.resumo.quarentena).toBe(relatorio.quarentena.total);
    expect(q.invariantes.map((i) => i.nome).sort()).toEqual(relatorio.invariantes.map((i) => i.nome).sort());
    // HGLG11: two data com followed by a quote in our COTAHIST files, both with the ER marker.
    expect(q.invariantes.find((i) => i.nome === 'fiis_data_com_confere_marca_ex')).toMatchObject({
      tipo: 'soft',
      verificados: 2,
      falhas: 0,
    });
    // Failing invariants come first.
    const primeiraSemFalha = q.invariantes.findIndex((i) => i.falhas === 0);
    expect(q.invariantes.slice(primeiraSemFalha).every((i) => i.falhas === 0)).toBe(true);
  });
});
