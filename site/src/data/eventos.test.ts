import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBuild } from './build.ts';
import { caminhoDoEvento, ultimosEventos } from './eventos.ts';

// Fixture made here (feitos-aqui): a publication with a watcher events artefact of three made-up events,
// and one without it, to test that the home page reads events only when the manifest lists them.
let comEventos: string;
let semEventos: string;

const evento = (ticker: string, data: string, classe: string) => ({
  tipo: 'faixa_margem',
  periodo_anterior: '2023',
  periodo_novo: '2024',
  data,
  indicador: 'margem_liquida',
  antes: 0.1,
  depois: 0.2,
  faixa_antes: 'a',
  faixa_depois: 'b',
  motivos: [],
  fonte: 'feito aqui',
  texto: `texto ${ticker}`,
  texto_en: `text ${ticker}`,
  ticker,
  nome: `Nome ${ticker}`,
  cd_regulator: null,
  setor: null,
  versao_do_dado: '2026-11-22-teste|1',
  classe,
});

function publicar(dir: string, eventos: unknown | null): void {
  mkdirSync(join(dir, 'b1', 'json', 'vigia'), { recursive: true });
  const artefatos = [];
  if (eventos !== null) {
    const conteudo = JSON.stringify(eventos);
    writeFileSync(join(dir, 'b1', ARTEFATOS.eventos.caminho()), conteudo);
    artefatos.push({
      name: 'eventos',
      path: ARTEFATOS.eventos.caminho(),
      rows: 3,
      bytes: Buffer.byteLength(conteudo),
      sha256: createHash('sha256').update(conteudo).digest('hex'),
      schema: 'vigia/eventos',
      format: 'json',
    });
  }
  writeFileSync(
    join(dir, 'b1', 'manifest.json'),
    JSON.stringify({
      versao_do_dado: '2026-11-22-teste|1',
      criado_em: '2026-11-22T03:00:00-03:00',
      schema_version: 1,
      artefatos,
    }),
  );
  symlinkSync('b1', join(dir, 'current'));
}

beforeAll(() => {
  comEventos = mkdtempSync(join(tmpdir(), 'site-eventos-'));
  semEventos = mkdtempSync(join(tmpdir(), 'site-eventos-'));
  publicar(comEventos, {
    versao_do_dado: '2026-11-22-teste|1',
    eventos: [
      evento('BBBB11', '2024-05-02', 'fiis'),
      evento('CCCC11', '2024-04-03', 'etfs'),
      evento('AAAA3', '2024-03-01', 'empresas'),
    ],
  });
  publicar(semEventos, null);
});
afterAll(() => {
  rmSync(comEventos, { recursive: true, force: true });
  rmSync(semEventos, { recursive: true, force: true });
});

describe('ultimosEventos', () => {
  it('is null when the manifest lists no events artefact (the home page then shows no section)', () => {
    expect(ultimosEventos(openBuild(semEventos), 8)).toBeNull();
  });

  it('lists the newest first, at most n, each leading to its asset page by class', () => {
    const es = ultimosEventos(openBuild(comEventos), 2);
    expect(es?.map((e) => e.ticker)).toEqual(['BBBB11', 'CCCC11']);
    expect(es?.map(caminhoDoEvento)).toEqual(['/fiis/BBBB11', '/etfs/CCCC11']);
    const todos = ultimosEventos(openBuild(comEventos), 8) ?? [];
    expect(todos.at(-1) && caminhoDoEvento(todos.at(-1) as (typeof todos)[number])).toBe('/acoes/AAAA3');
  });
});
