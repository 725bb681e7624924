import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { amostraPublicada } from '@fundamentos/pipeline/testing/amostra';
import { resumirPublicacao } from '@fundamentos/pipeline/testing/resumo';
import {
  ARTEFATOS,
  type Artefato,
  CONJUNTOS_DECLARADOS,
  caminhoDaEmpresa,
  entradaDoDicionario,
  escrita,
  formatoNoManifesto,
  identificar,
  identificarTodos,
  PARTE_SEM_ENTRADA,
  parteDoArquivo,
} from '@fundamentos/schemas/catalogo';
import { ConjuntosSchema } from '@fundamentos/schemas/conjuntos';
import { ManifestSchema } from '@fundamentos/schemas/manifest';
import { membrosDoPacote } from '@fundamentos/schemas/pacotes';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { tabelaDoCatalogo } from './catalogo-doc.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

let dir: string;
let manifesto: ReturnType<typeof ManifestSchema.parse>;

beforeAll(async () => {
  dir = join(await amostraPublicada(), 'current');
  manifesto = ManifestSchema.parse(JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')));
});

describe('the artefact catalogue against the sample publication', () => {
  it('every artefact of the manifest matches exactly one entry, with its name and format', () => {
    const sem: string[] = [];
    for (const a of manifesto.artefatos) {
      const todos = identificarTodos(a.path);
      if (todos.length !== 1) {
        sem.push(`${a.path}: ${todos.length} entries (${todos.map((t) => t.artefato.nome).join(', ')})`);
        continue;
      }
      const i = todos[0];
      if (!i) continue;
      expect(a.schema, a.path).toBe(i.artefato.nome);
      expect(a.format, a.path).toBe(formatoNoManifesto(i));
    }
    expect(sem).toEqual([]);
  });

  it('every entry but the download log (the sample has no log) is published by the sample', () => {
    const usados = new Set(manifesto.artefatos.map((a) => identificar(a.path)?.artefato.nome));
    const ausentes = Object.keys(ARTEFATOS).filter((n) => !usados.has(n));
    expect(ausentes).toEqual(['downloads']);
  });

  it('every JSON artefact, pack member and text line validates against its entry', async () => {
    const erros: string[] = [];
    const validar = (a: Artefato, onde: string, valor: unknown) => {
      const r = a.schema.safeParse(valor);
      if (!r.success) erros.push(`${onde}: ${r.error.message.slice(0, 300)}`);
      // The site takes a checked JSON artefact as parsed (site/src/data/build.ts, conferidoPeloBuild): that
      // holds only while parsing changes nothing (no default, transform or stripped key in the entry).
      else if (typeof valor !== 'string' && !isDeepStrictEqual(r.data, valor))
        erros.push(`${onde}: parsing with ${a.nome}'s schema changes the value`);
    };
    let membros = 0;
    for (const e of manifesto.artefatos) {
      const i = identificar(e.path);
      if (!i || e.format === 'parquet' || e.format === 'csv') continue;
      const texto = await readFile(join(dir, e.path), 'utf8');
      if (i.comoPacote) {
        for (const [chave, bytes] of membrosDoPacote(texto)) {
          membros++;
          validar(i.artefato, `${e.path}:${chave}`, JSON.parse(bytes));
        }
      } else if (e.format === 'json') validar(i.artefato, e.path, JSON.parse(texto));
      else
        for (const [n, linha] of texto.split('\n').entries())
          if (linha !== '') validar(i.artefato, `${e.path}:${n + 1}`, linha);
    }
    expect(erros).toEqual([]);
    // The sample's packs hold thousands of lineage values: the loop above really ran over them.
    expect(membros).toBeGreaterThan(1000);
  });

  it("every bulk set's CSV header and Parquet columns are the set's columns in the dictionary", async () => {
    const dicionario = ConjuntosSchema.parse(
      JSON.parse(await readFile(join(dir, ARTEFATOS.conjuntos.caminho()), 'utf8')),
    );
    // The dictionary is the catalogue's declaration: every set, column, place, type and meaning.
    expect(dicionario.conjuntos).toEqual(
      Object.entries(CONJUNTOS_DECLARADOS).map(([nome, c]) => entradaDoDicionario(nome, c)),
    );
    const colunasDe = new Map(dicionario.conjuntos.map((c) => [c.conjunto, c.colunas.map((x) => x.coluna)]));
    const parquet = new Map(
      (await resumirPublicacao(dir)).conjuntos.map((c) => [c.path, Object.keys(c.colunas)]),
    );
    let conferidos = 0;
    for (const e of manifesto.artefatos) {
      const i = identificar(e.path);
      const conjunto = i?.parametros.conjunto;
      if (conjunto === undefined) continue;
      const esperado = colunasDe.get(conjunto);
      expect(esperado, `${conjunto} in json/conjuntos.json`).toBeDefined();
      const colunas =
        e.format === 'csv'
          ? ((await readFile(join(dir, e.path), 'utf8')).split('\n', 1)[0] ?? '').split(',')
          : parquet.get(e.path);
      expect(colunas, e.path).toEqual(esperado);
      conferidos++;
    }
    expect(conferidos).toBe(2 * dicionario.conjuntos.length);
  });
});

describe('the catalogue on its own', () => {
  it('builds paths from typed parameters and recognises them back', () => {
    const p = ARTEFATOS.linhagem.caminho({ cd: 906, ano: 2023, indicador: 'roe' });
    expect(p).toBe('json/empresas/906/linhagem/2023/roe.json');
    expect(identificar(p)?.parametros).toEqual({ cd: '906', ano: '2023', indicador: 'roe' });
    expect(identificar('json/empresas/906/linhagem/pacote.tsv')).toMatchObject({ comoPacote: true });
    expect(caminhoDaEmpresa(906, 'index')).toBe(ARTEFATOS.empresa.caminho({ cd: 906 }));
    // Staging and the bulk sets share the Parquet folder; the parameter patterns keep them apart.
    expect(identificar('parquet/_quarantine.parquet')?.artefato.nome).toBe('staging');
    const parte = ARTEFATOS.staging_parte.caminho({
      tabela: 'stg_cvm_demonstracao',
      parte: parteDoArquivo('cvm/dfp/dfp_cia_aberta_2023.zip'),
    });
    expect(parte).toBe('parquet/stg_cvm_demonstracao/cvm_dfp_dfp_cia_aberta_2023.zip.parquet');
    expect(identificar(parte)?.parametros).toEqual({
      tabela: 'stg_cvm_demonstracao',
      parte: 'cvm_dfp_dfp_cia_aberta_2023.zip',
    });
    expect(() => parteDoArquivo('/../')).toThrow(/no part name/);
    expect(() => parteDoArquivo(PARTE_SEM_ENTRADA)).toThrow(/no part name/);
    expect(identificar('parquet/fatos.parquet')?.artefato.nome).toBe('conjunto_parquet');
  });

  it('reads a download log line as JSON before its schema (a made-here line; the sample has no log)', () => {
    const linha = JSON.stringify({
      url: 'https://dados.cvm.gov.br/x.zip',
      url_origem: 'https://dados.cvm.gov.br/x.zip',
      source: 'cvm_dfp',
      path: 'cvm/dfp/x.zip',
      attempt: 1,
      started_at: '2026-01-02T12:00:00Z',
      finished_at: '2026-01-02T12:00:01Z',
      http_status: 200,
      bytes: 10,
      sha256: 'a'.repeat(64),
      previous_sha256: null,
      etag: null,
      last_modified: null,
      resumed_from: null,
      outcome: 'downloaded',
      will_retry: false,
      error: null,
    });
    expect(ARTEFATOS.downloads.schema.safeParse(linha).success).toBe(true);
    expect(ARTEFATOS.downloads.schema.safeParse(linha.replace('"attempt":1', '"attempt":0')).success).toBe(
      false,
    );
    expect(ARTEFATOS.downloads.schema.safeParse('{not json').success).toBe(false);
  });

  it('a writer refuses a parameter outside its pattern; a reader just gets a path no entry recognises', () => {
    expect(() => escrita(ARTEFATOS.empresa, { cd: '../906' })).toThrow(
      /not a path of the catalogue entry empresa/,
    );
    expect(() => escrita(ARTEFATOS.fii, { ticker: 'hglg11' })).toThrow(
      /not a path of the catalogue entry fii/,
    );
    expect(escrita(ARTEFATOS.fii, { ticker: 'HGLG11' }).path).toBe('json/fiis/HGLG11/index.json');
    // `/dump/stg_b3_cotahist.parquet` asks for a staging table as a set: no entry, so no manifest file (404).
    expect(identificar(ARTEFATOS.conjunto_csv.caminho({ conjunto: 'stg_b3_cotahist' }))).toBeNull();
  });

  it("docs/architecture.md's artefact table is the one generated from the catalogue", async () => {
    const doc = await readFile(join(REPO, 'docs', 'architecture.md'), 'utf8');
    expect(doc).toContain(tabelaDoCatalogo());
  });
});

/** Where the code lives; tests and fixtures may spell paths (they check them). */
const FONTES = ['schemas/src', 'pipeline/src', 'edge-api/src', 'site/src', 'ui/src'];
/** A string that starts like an artefact path of a build. */
const CAMINHO = /^(json|csv|parquet)\/|^auditoria\/(universo|downloads)|^report\.json$/;

async function fontes(d: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(d, { withFileTypes: true })) {
    const p = join(d, e.name);
    if (e.isDirectory() && e.name !== 'node_modules') out.push(...(await fontes(p)));
    else if (/\.(ts|astro)$/.test(e.name) && !/\.test\.ts$/.test(e.name)) out.push(p);
  }
  return out;
}

/** String and template literals (not comments) whose text starts like an artefact path. */
function literaisDeCaminho(nome: string, codigo: string): string[] {
  const achados: string[] = [];
  const f = ts.createSourceFile(nome, codigo, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const visitar = (n: ts.Node) => {
    if (
      (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateHead(n)) &&
      CAMINHO.test(n.text)
    ) {
      const { line } = f.getLineAndCharacterOfPosition(n.getStart());
      achados.push(`${nome}:${line + 1}: ${n.text}`);
    }
    ts.forEachChild(n, visitar);
  };
  visitar(f);
  return achados;
}

describe('artefact paths are spelled only in the catalogue', () => {
  it('no string in the code starts with json/, csv/, parquet/ or names a build file, outside catalogo.ts', async () => {
    const achados: string[] = [];
    for (const raiz of FONTES)
      for (const arquivo of await fontes(join(REPO, raiz))) {
        const nome = relative(REPO, arquivo);
        if (nome === 'schemas/src/catalogo.ts') continue;
        const codigo = await readFile(arquivo, 'utf8');
        if (!arquivo.endsWith('.astro')) achados.push(...literaisDeCaminho(nome, codigo));
        // An Astro file mixes TypeScript and HTML: any quote or backtick opening such a path counts.
        else
          for (const [n, linha] of codigo.split('\n').entries())
            if (/[`'"](json|csv|parquet)\//.test(linha) && !/^\s*(\/\/|\*)/.test(linha))
              achados.push(`${nome}:${n + 1}: ${linha.trim()}`);
      }
    expect(achados).toEqual([]);
  });
});
