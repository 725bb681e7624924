import { env } from 'cloudflare:test';
import { ReciboSchema } from '@fundamentos/schemas/recibo';
import { ScreenerRespostaSchema } from '@fundamentos/schemas/screener';
import { ScreenerSnapshotSchema } from '@fundamentos/schemas/screener-snapshot';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { erro, get, novaChave } from './ajuda.ts';
import { jsonDaAmostra } from './amostra-semeada.ts';
import { semearBuild } from './semear.ts';

// The real sample build (test/amostra-build.ts): json/screener.json is the market marts' snapshot.
const amostra = inject('amostra');
if (amostra === undefined)
  throw new Error(`the pipeline build of the sample failed:\n${inject('amostraFalhou')}`);
const snapshot = ScreenerSnapshotSchema.parse(jsonDaAmostra(amostra, 'json/screener.json'));

let chave = '';
beforeAll(async () => {
  await semearBuild(env.ARTEFATOS, amostra);
  chave = await novaChave('pro');
});

const comChave = (q: string) => get(`/screener${q}`, { 'X-API-Key': chave });

/** The test's own reading of the rules: per company with a ticker, the latest year (≤ as_of), unflagged value. */
function esperado(indicador: string, min: number, asOf?: string) {
  const ultima = new Map<number, (typeof snapshot.linhas)[number]>();
  for (const l of snapshot.linhas) {
    if (l.ticker === null || (asOf !== undefined && l.disponivel_em > asOf)) continue;
    const u = ultima.get(l.cd_regulator);
    if (!u || l.ano > u.ano) ultima.set(l.cd_regulator, l);
  }
  return [...ultima.values()]
    .filter((l) => {
      const v = l.indicadores[indicador];
      return typeof v === 'number' && l.flags_indicadores[indicador] === null && v >= min;
    })
    .map((l) => l.cd_regulator)
    .sort((a, b) => a - b);
}

describe('/screener over the real sample snapshot', () => {
  it('needs a key, even for the trial tickers', async () => {
    expect((await erro(await get('/screener?roa_min=0'), 401)).codigo).toBe('chave_necessaria');
  });

  it('roa_min keeps the unflagged latest-year values at or above the bound, counted against the snapshot', async () => {
    const res = await comChave('?roa_min=0.05&limite=1000');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe('10000');
    const r = ScreenerRespostaSchema.parse(await res.json());
    const cds = esperado('roa', 0.05);
    expect(cds.length).toBeGreaterThan(0);
    expect(r.total).toBe(cds.length);
    expect(r.empresas.map((e) => e.cd_regulator)).toEqual(cds);
    for (const e of r.empresas) {
      const linha = snapshot.linhas.find((l) => l.cd_regulator === e.cd_regulator && l.ano === e.ano);
      expect(e.indicadores.roa).toBe(linha?.indicadores.roa);
      expect(e.disponivel_em).toBe(linha?.disponivel_em);
    }
    expect(r.fora_do_filtro).toBeUndefined();
    expect(r.limite_conhecido).toMatch(/sobreviv/);
  });

  it('limite cuts the rows, not the total', async () => {
    const r = ScreenerRespostaSchema.parse(await (await comChave('?roa_min=0.05&limite=2')).json());
    expect(r.empresas).toHaveLength(2);
    expect(r.total).toBe(esperado('roa', 0.05).length);
  });

  it('as_of uses only filings received by then, and says so in every row', async () => {
    const r = ScreenerRespostaSchema.parse(
      await (await comChave('?roa_min=0&as_of=2016-12-31&limite=1000')).json(),
    );
    expect(r.as_of).toBe('2016-12-31');
    expect(r.empresas.map((e) => e.cd_regulator)).toEqual(esperado('roa', 0, '2016-12-31'));
    for (const e of r.empresas) expect(e.disponivel_em <= '2016-12-31').toBe(true);
  });

  it('ano picks that fiscal year', async () => {
    const r = ScreenerRespostaSchema.parse(await (await comChave('?ano=2019&limite=1000')).json());
    expect(r.total).toBeGreaterThan(0);
    for (const e of r.empresas) expect(e.ano).toBe(2019);
  });

  it('a P/L filter answers fora_do_filtro, counted against the snapshot by the rules read here', async () => {
    const r = ScreenerRespostaSchema.parse(await (await comChave('?pl_max=15&limite=1000')).json());
    const ultima = new Map<number, (typeof snapshot.linhas)[number]>();
    for (const l of snapshot.linhas) {
      if (l.ticker === null) continue;
      const u = ultima.get(l.cd_regulator);
      if (!u || l.ano > u.ano) ultima.set(l.cd_regulator, l);
    }
    // Spec rule 2 and rigor=padrao: null, <= 0, > 200 or a blocking flag never passes.
    const barradas = [...ultima.values()].filter(
      (l) => l.pl === null || l.pl <= 0 || l.pl > 200 || l.pl_gravidade === 'bloqueante',
    );
    expect(r.fora_do_filtro?.n).toBe(barradas.length);
    expect(Object.values(r.fora_do_filtro?.por_motivo ?? {}).reduce((a, b) => a + b, 0)).toBe(
      barradas.length,
    );
    expect(r.fora_do_filtro?.resumo).toMatch(
      barradas.length === 0 ? /Nenhuma empresa/ : /de fora por causa do P\/L/,
    );
    for (const e of r.empresas) {
      const l = ultima.get(e.cd_regulator);
      expect(e.multiplos?.pl?.valor).toBe(l?.pl);
      expect(e.multiplos?.pl?.valor).toBeLessThanOrEqual(15);
      expect(e.multiplos?.pl?.data_preco).toBe(l?.data_preco);
    }
  });

  it('pl_ttm: every company without a 12-month P/L is counted in fora_do_filtro with its reason', async () => {
    const r = ScreenerRespostaSchema.parse(await (await comChave('?pl_ttm_max=15&limite=1000')).json());
    const ultima = new Map<number, (typeof snapshot.linhas)[number]>();
    for (const l of snapshot.linhas) {
      if (l.ticker === null) continue;
      const u = ultima.get(l.cd_regulator);
      if (!u || l.ano > u.ano) ultima.set(l.cd_regulator, l);
    }
    // Reason read from the snapshot: no ITR received by the filing → sem_itr; a null TTM → its first flag.
    const esperado: Record<string, number> = {};
    let semTtm = 0;
    for (const l of ultima.values()) {
      if (l.pl_ttm !== null && l.pl_ttm_data_preco !== null) continue;
      semTtm++;
      const motivo = l.pl_ttm_ano === null ? 'sem_itr' : (l.flag_pl_ttm?.split(';')[0] ?? 'sem_valor');
      esperado[motivo] = (esperado[motivo] ?? 0) + 1;
    }
    expect(semTtm).toBeGreaterThan(0);
    for (const [motivo, n] of Object.entries(esperado)) expect(r.fora_do_filtro?.por_motivo[motivo]).toBe(n);
    expect(r.fora_do_filtro?.n ?? 0).toBeGreaterThanOrEqual(semTtm);
    for (const e of r.empresas) expect(e.multiplos?.pl_ttm?.valor).toBe(ultima.get(e.cd_regulator)?.pl_ttm);
  });

  it('invalid parameters are refused with a 422 naming each one', async () => {
    const e = await erro(await comChave('?roa_min=abc&bogus=1&limite=1001&rigor=frouxo'), 422);
    expect(e.codigo).toBe('parametros_invalidos');
    expect(e.parametros?.map((p) => p.nome).sort()).toEqual(['bogus', 'limite', 'rigor', 'roa_min']);
    expect(e.parametros?.every((p) => p.local === 'query')).toBe(true);
  });
});

/** The test's own canonical JSON (sorted keys by code point, no spaces, numbers as Python repr). */
function canonico(v: unknown): string {
  if (v === null || typeof v === 'boolean' || typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number') {
    const s = JSON.stringify(v);
    return s.replace(/e([+-])(\d)$/, 'e$10$2').replace(/e(\d)/, 'e+$1');
  }
  if (Array.isArray(v)) return `[${v.map(canonico).join(',')}]`;
  const o = v as Record<string, unknown>;
  const ks = Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${ks.map((k) => `${JSON.stringify(k)}:${canonico(o[k])}`).join(',')}}`;
}

async function sha256(texto: string): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(texto)));
  return Array.from(d, (b) => b.toString(16).padStart(2, '0')).join('');
}

describe('/screener?recibo=true', () => {
  it('freezes the answer: sha256 recomputed here, receipt unchanged after another build is published', async () => {
    const res = await comChave('?roa_min=0.05&recibo=true&limite=5');
    const r = ScreenerRespostaSchema.parse(await res.json());
    if (r.recibo === undefined) throw new Error('no recibo block');
    expect(r.recibo.versao_do_dado).toBe(amostra.versao_do_dado);
    expect(r.recibo.json).toBe(`https://api.test/recibo/${r.recibo.id}.json`);
    const guardado = await env.RECIBOS.get(`recibos/${r.recibo.id}.json`);
    expect(guardado).not.toBeNull();

    const lido = ReciboSchema.parse(await (await get(`/recibo/${r.recibo.id}.json`)).json());
    const { recibo: _r, fora_do_filtro: _f, ...resultado } = r;
    expect(lido.resultado).toEqual(resultado);
    expect(await sha256(canonico(lido.resultado))).toBe(r.recibo.sha256);
    expect(lido.sha256).toBe(r.recibo.sha256);
    expect(lido.consulta).toEqual({ ano: null, as_of: null, filtros: [['roa', 'min', 0.05]], limite: 5 });
    expect(lido.versao_do_dado_hoje).toBe(amostra.versao_do_dado);

    // Another build becomes current: the receipt keeps its content, only versao_do_dado_hoje moves.
    const outro = inject('fixtureInfra');
    await semearBuild(env.ARTEFATOS, outro);
    const depois = ReciboSchema.parse(await (await get(`/recibo/${r.recibo.id}.json`)).json());
    expect(depois.versao_do_dado_hoje).toBe(outro.versao_do_dado);
    const { versao_do_dado_hoje: _a, ...antesFixo } = lido;
    const { versao_do_dado_hoje: _b, ...depoisFixo } = depois;
    expect(depoisFixo).toEqual(antesFixo);
    expect(await sha256(canonico(depois.resultado))).toBe(r.recibo.sha256);
    await semearBuild(env.ARTEFATOS, amostra);
  });

  it('the readable page is noindex HTML', async () => {
    const r = ScreenerRespostaSchema.parse(await (await comChave('?roa_min=0.1&recibo=true')).json());
    const res = await get(`/recibo/${r.recibo?.id}`, { Accept: 'text/html' });
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(await res.text()).toContain(r.recibo?.sha256);
  });
});
