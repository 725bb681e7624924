import { EmpresaIndiceSchema } from '@fundamentos/schemas/empresa';
import { FatosTrimestraisEmpresaSchema } from '@fundamentos/schemas/fatos';
import { describe, expect, it } from 'vitest';
import { erro, get } from './ajuda.ts';
import { amostraSemeada } from './amostra-semeada.ts';

// The real sample build; every file of WEG (5410) is seeded (test/global-setup.ts), so every address its
// index advertises can be followed through the worker. tests/golden/trimestres.test.ts checks the same
// rule for every company of the sample at the artefact level.
const _amostra = amostraSemeada();

describe('the company index advertises only what answers', () => {
  it('every resource WEGE3 lists without `ausente` answers 200; every one with `ausente` answers 404', async () => {
    const indice = EmpresaIndiceSchema.parse(await (await get('/empresas/WEGE3')).json());
    const listados = Object.entries(indice.recursos).filter(([, r]) => r !== undefined);
    expect(listados.map(([n]) => n)).toContain('fatos_trimestrais');
    let seguidos = 0;
    for (const [nome, r] of listados) {
      if (r === undefined) continue;
      const res = await get(r.url);
      if (r.ausente === undefined) {
        expect(res.status, `${nome} ${r.url}`).toBe(200);
        seguidos++;
      } else {
        expect((await erro(res, 404)).codigo, nome).toBe('recurso_nao_publicado');
      }
    }
    // indicadores, multiplos, fatos, dividendos, reapresentacoes, trimestres, fatos_trimestrais (no F-score year: scores is `ausente`)
    expect(seguidos).toBe(7);
  });

  it('fatos?trimestral=true answers the quarterly facts of the real 2025 ITR rows', async () => {
    const res = await get('/empresas/WEGE3/fatos?trimestral=true');
    expect(res.status).toBe(200);
    const f = FatosTrimestraisEmpresaSchema.parse(await res.json());
    // data/sample/raw/cvm/itr/itr_cia_aberta_DRE_con_2025.csv line 27: WEG Q1 2025 3.01 = 10078571 (MIL)
    expect(f.fatos.find((x) => x.trimestre === 1 && x.cd_conta === '3.01')?.valor).toBe(10078571000);
  });
});
