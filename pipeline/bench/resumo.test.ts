import { describe, expect, it } from 'vitest';
import {
  lerApi,
  lerPublicacao,
  lerScreener,
  linhasResumo,
  type MedidaScreener,
  tabelaResumo,
  UltimoBenchSchema,
} from './resumo.ts';

// Made here: figures shaped like one bench run's outputs (ultimo.json, the publication and API benches).
const ultimo = UltimoBenchSchema.parse({
  escala: 0.1,
  piso_ms: 4000,
  build_ms: 30000,
  build_cpu_ms: 20000,
  razao: 7.5,
  falha: null,
  max_rss_mib: 1100,
  incremental: [
    { caso: 'nothing changed', razao_build: 0.01, ms: 300 },
    { caso: 'one new COTAHIST day', razao_build: 0.2, ms: 6000 },
  ],
});
const saidaPublicacao = [
  'objects: 1234 artefacts (1200 distinct), 70 companies, 14.0 per company',
  'upload, first: 22.4 s (1200 objects, 59.0 MB)',
  'upload, unchanged build: 0.2 s (0 objects)',
  'upload, nightly delta: 1.3 s (20 objects, 3.2 MB)',
].join('\n');
const saidaApi = `starting…\n{\n  "segundos_por_rota": 3,\n  "medidas": [\n    { "rota": "/saude", "requisicoes": 9, "erros": 0, "por_segundo": 3, "razao_sobre_ola_mundo": 0.61 },\n    { "rota": "/screener", "requisicoes": 9, "erros": 0, "por_segundo": 3, "razao_sobre_ola_mundo": 0.3 }\n  ]\n}\n`;

describe('bench summary (issue #10 targets side by side)', () => {
  it('reads the publication and API benches and judges every target', () => {
    const publicacao = lerPublicacao(saidaPublicacao);
    expect(publicacao).toEqual({ objetos: 1234, primeira_s: 22.4, delta_s: 1.3 });
    const api = lerApi(saidaApi);
    expect(api).toEqual([
      { rota: '/saude', razao: 0.61 },
      { rota: '/screener', razao: 0.3 },
    ]);
    const linhas = linhasResumo({
      pipeline: ultimo,
      site: { paginas: 1458, segundos: 4 },
      publicacao,
      api,
      screener: { p99_ms: 7, cpu_p99_ms: 2 },
    });
    const v = Object.fromEntries(linhas.map((l) => [l.medida, l.veredito]));
    expect(v).toEqual({
      'build / floor (escala 0.1)': 'PASS', // 7.5 ≤ 8 below full scale
      'maxRSS of the full build': 'FAIL', // 1,100 MiB > 1 GB at 0.1
      'nightly build, one new COTAHIST day': 'FAIL', // 20% > 10%
      'build with nothing changed': 'PASS',
      'site build': 'PASS', // 364.5 pages/s ≥ 300
      'objects in the publication': 'PASS',
      'upload, first (local R2)': 'PASS',
      'upload, nightly delta (local R2)': 'PASS',
      'API /saude': 'PASS',
      'API /screener': 'FAIL',
      'screener p99 (full-scale universe)': 'FAIL', // 7 ms > 5 ms
    });
    const tabela = tabelaResumo(linhas);
    expect(tabela).toContain('7.5× (30 s / 4 s)');
    expect(tabela).toContain('364.5 pages/s');
  });

  it('full scale has the stricter targets, and a failed build never passes', () => {
    const cheio = { ...ultimo, escala: 1, razao: 6, max_rss_mib: 3900 };
    const linhas = linhasResumo({ pipeline: cheio, site: null, publicacao: null, api: null });
    expect(linhas[0]).toMatchObject({ alvo: '≤ 5×', veredito: 'FAIL' });
    expect(linhas[1]).toMatchObject({ alvo: '≤ 4,096 MiB', veredito: 'PASS' });
    const falhou = linhasResumo({
      pipeline: { ...cheio, razao: 2, falha: 'OOM' },
      site: null,
      publicacao: null,
      api: null,
    });
    expect(falhou[0]?.veredito).toBe('FAIL');
  });

  it('says "not measured" for what the run did not produce, never a value', () => {
    const linhas = linhasResumo({
      pipeline: null,
      site: null,
      publicacao: lerPublicacao('upload failed'),
      api: lerApi('no json'),
    });
    expect(linhas.every((l) => l.veredito === 'not measured' && l.valor === '–')).toBe(true);
    expect(linhas.map((l) => l.medida)).toContain('API data routes');
  });

  it('judges the screener p99 printed by edge-api/bench/screener.ts against 5 ms', () => {
    // Made here: two of the bench's lines, shaped as it prints them.
    const saida = [
      'screener per call, Node CPU time (one pass): p50 0.92 ms, p99 2.55 ms',
      'screener p99 inside workerd: 3.00 ms (p50 1.00 ms, 420 calls, least of 3 passes)',
    ].join('\n');
    expect(lerScreener(saida)).toEqual({ p99_ms: 3, cpu_p99_ms: 2.55 });
    expect(lerScreener('workerd did not start')).toBeNull();
    const linha = (screener: MedidaScreener | null) =>
      linhasResumo({ pipeline: null, site: null, publicacao: null, api: null, screener }).find(
        (l) => l.medida === 'screener p99 (full-scale universe)',
      );
    expect(linha(lerScreener(saida))).toMatchObject({
      valor: '3.00 ms inside workerd (CPU in Node 2.55 ms)',
      veredito: 'PASS',
    });
    expect(linha({ p99_ms: 61, cpu_p99_ms: null })?.veredito).toBe('FAIL');
    expect(linha(null)?.veredito).toBe('not measured');
  });
});
