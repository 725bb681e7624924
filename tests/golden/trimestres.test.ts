import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { amostraPublicada } from '@fundamentos/pipeline/testing/amostra';
import { type EmpresaIndice, EmpresaIndiceSchema } from '@fundamentos/schemas/empresa';
import { FatosTrimestraisEmpresaSchema } from '@fundamentos/schemas/fatos';
import { type Manifest, ManifestSchema } from '@fundamentos/schemas/manifest';
import { ScreenerSnapshotSchema } from '@fundamentos/schemas/screener-snapshot';
import { TrimestresSchema } from '@fundamentos/schemas/trimestres';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Quarterly statements in the real build of the sample. The ITR rows are real
 * (data/sample/raw/cvm/itr/itr_cia_aberta_DRE_con_2025.csv, WEG 005410 lines 27–51, MIL); their
 * reception dates come from the made-here index raw/feitos-aqui/cvm/itr_cia_aberta_2025.csv (chosen:
 * the legal deadline; Q1 and Q2 only). The sample has no DFP 2025 and no 2025 price session.
 */
let dir: string;
let manifest: Manifest;

const ler = async (p: string): Promise<unknown> => JSON.parse(await readFile(join(dir, p), 'utf8'));

beforeAll(async () => {
  dir = join(await amostraPublicada(), 'current');
  manifest = ManifestSchema.parse(await ler('manifest.json'));
});

describe('quarterly statements of the sample', () => {
  it('fatos_trimestrais.json of WEG keeps both blocks of the real rows, with source line and reception', async () => {
    const f = FatosTrimestraisEmpresaSchema.parse(await ler('json/empresas/5410/fatos_trimestrais.json'));
    // lines 32–33: H1 YTD 20285798, Q2 3-month 10207227 (MIL)
    expect(f.fatos.find((x) => x.ano === 2025 && x.trimestre === 2 && x.cd_conta === '3.01')).toMatchObject({
      valor: 10207227000,
      acumulado: 20285798000,
      origem: 'itr_3_meses',
      flag: null,
      versao: 1,
      dt_receb: '2025-08-14',
      fonte: 'cvm/itr/itr_cia_aberta_DRE_con_2025.csv:33',
    });
    // no DFP 2025 in the sample: no 4th quarter is derived
    expect(f.fatos.some((x) => x.trimestre === 4)).toBe(false);
    // the made-here index leaves Q3 out (README): its facts are published with an unknown reception
    expect(f.fatos.filter((x) => x.trimestre === 3).every((x) => x.dt_receb === null)).toBe(true);
    expect(f.fatos.length).toBe(15);
  });

  it('trimestres.json has one row per ITR with a reception date; without 2024 quarters and 2025 sessions, TTM and price are null with flags', async () => {
    const t = TrimestresSchema.parse(await ler('json/empresas/5410/trimestres.json'));
    expect(t.trimestres.map((r) => [r.trimestre, r.dt_receb, r.preco, r.lucro_ttm, r.flag])).toEqual([
      [1, '2025-05-15', null, null, 'sem_pregao_apos_recebimento;ttm_sem_trimestre_2_2024'],
      [2, '2025-08-14', null, null, 'sem_pregao_apos_recebimento;ttm_sem_trimestre_3_2024'],
    ]);
  });

  // Banco do Brasil: its latest annual row in the sample is 2022 (DFP received 2023-02-13; the sample has no
  // later DFP statements), so its pl_ttm is the latest statement of all with a reception date: the 2025 Q2 ITR
  // (real rows 7–15; Q3 has no reception date in the sample).
  it("the screener's pl_ttm of Banco do Brasil is its latest statement, the 2025 Q2 ITR", async () => {
    const s = ScreenerSnapshotSchema.parse(await ler('json/screener.json'));
    const bb = s.linhas.filter((l) => l.cd_regulator === 1023).sort((a, b) => b.ano - a.ano)[0];
    expect(bb).toMatchObject({
      ano: 2022,
      dt_receb: '2023-02-13',
      pl_ttm: null,
      pl_ttm_ano: 2025,
      pl_ttm_trimestre: 2,
      pl_ttm_dt_receb: '2025-08-14',
      flag_pl_ttm: 'sem_pregao_apos_recebimento;ttm_sem_trimestre_3_2024',
    });
    // every statement of BB is a candidate: its DFPs as quarter 4 and the 2025 ITRs with a reception date
    const porAno = (ano: number) =>
      (s.pl_12m ?? []).filter((q) => q.cd_regulator === 1023 && q.ano === ano).map((q) => q.trimestre);
    expect(porAno(2025)).toEqual([1, 2]);
    expect(porAno(2022)).toEqual([4]);
  });
});

describe('the company index advertises only what was published', () => {
  /** The artefact a resource address of the index is served from (edge-api/src/rotas/empresas.ts). */
  const artefato = (cd: number, url: string, ticker: string): string => {
    const nome = url.replace(`/empresas/${ticker}/`, '');
    return `json/empresas/${cd}/${nome === 'fatos?trimestral=true' ? 'fatos_trimestrais' : nome}.json`;
  };

  it('every listed resource of every company index exists; every missing one says why', async () => {
    const caminhos = new Set(manifest.artefatos.map((a) => a.path));
    const indices = manifest.artefatos.filter((a) => /^json\/empresas\/\d+\/index\.json$/.test(a.path));
    expect(indices.length).toBeGreaterThan(400);
    let anunciados = 0;
    let ausentes = 0;
    for (const a of indices) {
      const i: EmpresaIndice = EmpresaIndiceSchema.parse(await ler(a.path));
      for (const [nome, r] of Object.entries(i.recursos)) {
        if (r === undefined) continue;
        const p = artefato(i.cd_regulator, r.url, i.ticker);
        if (r.ausente === undefined) {
          anunciados++;
          expect(caminhos.has(p), `${i.ticker} ${nome}`).toBe(true);
        } else {
          ausentes++;
          expect(caminhos.has(p), `${i.ticker} ${nome}`).toBe(false);
        }
      }
    }
    expect(anunciados).toBeGreaterThan(0);
    // scores are published for a few dozen companies of the sample, not for all
    expect(ausentes).toBeGreaterThan(0);
  });

  it('fatos?trimestral=true is listed for the companies with an ITR, and for no other', async () => {
    const weg = EmpresaIndiceSchema.parse(await ler('json/empresas/5410/index.json'));
    expect(weg.recursos.fatos_trimestrais?.url).toBe('/empresas/WEGE3/fatos?trimestral=true');
    const energisa = EmpresaIndiceSchema.parse(await ler('json/empresas/15253/index.json'));
    expect(energisa.recursos.fatos_trimestrais).toBeUndefined();
  });
});
