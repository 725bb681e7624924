import type { Manifest, ManifestEntry } from '@fundamentos/schemas/manifest';
import type { BuildSemeavel } from './build-semeavel.ts';

/**
 * FIXTURE MADE HERE, FOR INFRASTRUCTURE TESTS ONLY. It carries no financial number: its files hold
 * markers (`fixture`) so tests can check routing, auth, quota, cache and error shapes. Company codes
 * TSTE3/TSTE4/TSTE5 are invented (TSTE5 a live class of the same company); WEGE3 is listed only to exercise the trial-ticker rule, with an invented
 * `cd_regulator` (900002) so nothing here can be mistaken for WEG's data.
 */
export const VERSAO_FIXTURE = '2026-11-22-fixture-infra|1';

const marcador = (recurso: string) => `${JSON.stringify({ fixture: 'feita-aqui-sem-numeros', recurso })}\n`;

const CONTEUDO: Record<string, { texto: string; format: ManifestEntry['format']; rows: number }> = {
  'json/tickers.json': {
    texto: `${JSON.stringify({
      TSTE3: { cd_regulator: 900001, ticker_atual: 'TSTE3' },
      TSTE4: { cd_regulator: 900001, ticker_atual: 'TSTE3' },
      // a live class beside the main code (vigente): answers as itself, never 301
      TSTE5: { cd_regulator: 900001, ticker_atual: 'TSTE3', vigente: true },
      WEGE3: { cd_regulator: 900002, ticker_atual: 'WEGE3' },
    })}\n`,
    format: 'json',
    rows: 4,
  },
  'json/empresas.json': { texto: marcador('empresas'), format: 'json', rows: 1 },
  'json/dicionario.json': { texto: marcador('dicionario'), format: 'json', rows: 1 },
  'json/empresas/900001/index.json': { texto: marcador('index'), format: 'json', rows: 1 },
  'json/empresas/900001/indicadores.json': { texto: marcador('indicadores'), format: 'json', rows: 1 },
  'json/empresas/900001/fatos.json': { texto: marcador('fatos'), format: 'json', rows: 1 },
  'json/empresas/900001/fatos_trimestrais.json': {
    texto: marcador('fatos_trimestrais'),
    format: 'json',
    rows: 1,
  },
  'json/empresas/900001/indicadores/roe.json': {
    texto: marcador('indicadores/roe'),
    format: 'json',
    rows: 1,
  },
  'json/empresas/900001/linhagem/2023/roe.json': {
    texto: marcador('linhagem/2023/roe'),
    format: 'json',
    rows: 1,
  },
  'json/empresas/900002/index.json': { texto: marcador('index'), format: 'json', rows: 1 },
  'json/empresas/900002/indicadores.json': { texto: marcador('indicadores'), format: 'json', rows: 1 },
  'auditoria/universo.txt': { texto: '900001|2023|roe\n', format: 'text', rows: 1 },
  'csv/conjunto_teste.csv': { texto: 'coluna\nfixture\n', format: 'csv', rows: 1 },
  'parquet/conjunto_teste.parquet': { texto: 'PAR1-fixture-not-a-real-parquet', format: 'parquet', rows: 1 },
};

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(d, (b) => b.toString(16).padStart(2, '0')).join('');
}

function base64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

export async function fixtureInfra(): Promise<BuildSemeavel> {
  const arquivos: Record<string, string> = {};
  const artefatos: ManifestEntry[] = [];
  for (const [path, c] of Object.entries(CONTEUDO)) {
    const bytes = new TextEncoder().encode(c.texto);
    arquivos[path] = base64(bytes);
    artefatos.push({
      name: path.replace(/\.[a-z]+$/, '').replaceAll('/', '_'),
      path,
      rows: c.rows,
      bytes: bytes.length,
      sha256: await sha256Hex(bytes),
      schema: 'fixture-infra',
      format: c.format,
    });
  }
  const manifesto: Manifest = {
    versao_do_dado: VERSAO_FIXTURE,
    criado_em: '2026-11-22T03:00:00-03:00',
    schema_version: 1,
    artefatos,
  };
  arquivos['manifest.json'] = base64(new TextEncoder().encode(JSON.stringify(manifesto)));
  return { versao_do_dado: VERSAO_FIXTURE, dir: VERSAO_FIXTURE.replace('|', '.'), arquivos };
}
