import { EtfRecursoSchema } from '@fundamentos/schemas/etfs';
import { describe, expect, it } from 'vitest';
import { erro, get, novaChave } from './ajuda.ts';
import { amostraSemeada, bytesDaAmostra } from './amostra-semeada.ts';
import { JSON_ACCEPT, respostasDeFundoListado } from './fundos-listados.ts';

// The real sample build (test/amostra-build.ts): the ETF artefacts as the pipeline published them.
// BOVA11 is a trial ticker, IVVB11 is not; both traded in the sample's COTAHIST sessions.
const amostra = amostraSemeada();
const bytesDe = (p: string) => bytesDaAmostra(amostra, p);
const jsonDe = (p: string): unknown => JSON.parse(new TextDecoder().decode(bytesDe(p)));
const BOVA = 'json/etfs/BOVA11/index.json';

describe('/etfs/{ticker}', () => {
  it('trial BOVA11 without a key: the stored artefact byte for byte, public for 5 minutes, Vary: Accept', async () => {
    expect(bytesDe(BOVA).length).toBeGreaterThan(0);
    const res = await get('/etfs/BOVA11', JSON_ACCEPT);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('vary')).toBe('Accept');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{64}"$/);
    expect(res.headers.get('x-versao-do-dado')).toBe(amostra.versao_do_dado);
    const corpo = new Uint8Array(await res.arrayBuffer());
    expect(corpo).toEqual(bytesDe(BOVA));
    const e = EtfRecursoSchema.parse(JSON.parse(new TextDecoder().decode(corpo)));
    expect(e.versao_do_dado).toBe(amostra.versao_do_dado);
    // COTAHIST_D03022022.TXT line 1115
    expect(e.ultimo_fechamento).toMatchObject({ data: '2022-02-03', fechamento: 107.77 });
  });

  it('lower-case code is the same resource', async () => {
    const res = await get('/etfs/bova11', JSON_ACCEPT);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytesDe(BOVA));
  });

  it('another ETF needs a key (401); with one it answers, never publicly cached', async () => {
    const e = await erro(await get('/etfs/IVVB11', JSON_ACCEPT), 401);
    expect(e.codigo).toBe('chave_necessaria');
    const chave = await novaChave('free');
    const res = await get('/etfs/IVVB11', { ...JSON_ACCEPT, 'X-API-Key': chave });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-ratelimit-limit')).not.toBeNull();
    const r = EtfRecursoSchema.parse(await res.json());
    expect(r).toEqual(EtfRecursoSchema.parse(jsonDe('json/etfs/IVVB11/index.json')));
    expect(r.cadastro.sigla).toBe('IVVB');
  });

  it('with a key the trial ticker also answers but is not publicly cached', async () => {
    const chave = await novaChave('free');
    const res = await get('/etfs/BOVA11', { ...JSON_ACCEPT, 'X-API-Key': chave });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  respostasDeFundoListado('/etfs', 'IVVB11', bytesDe('json/etfs/IVVB11/index.json'));
});
