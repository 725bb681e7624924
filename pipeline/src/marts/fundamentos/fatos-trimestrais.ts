import { ARTEFATOS, escrita } from '@fundamentos/schemas/catalogo';
import { FatoTrimestralSchema, OrigemFatoTrimestralSchema } from '@fundamentos/schemas/fatos';
import type { ManifestEntry } from '@fundamentos/schemas/manifest';
import { z } from 'zod';
import { faixaDeEmpresas, fatias } from '../../core/fatias.ts';
import { linhas, lit, num } from '../../core/sql.ts';
import type { BuildContext, Stage } from '../../core/stage.ts';
import {
  escreverJsonTexto,
  exigirDentroDoSchema,
  jsonComTexto,
  jsonObjetoPorLinha,
  textosPorEmpresa,
} from '../../publish/json-sql.ts';
import { citacaoDe, frase } from './citacao.ts';
import { CAMPOS_DO_FATO, fatosForaDoSchema } from './fatos-json.ts';
import { EMPRESAS_COM_FATOS_TRIMESTRAIS } from './recursos.ts';

/** One quarterly fact as JSON text, written by DuckDB (publish/json-sql.ts) in the schema's key order. */
const FATO_JSON = jsonObjetoPorLinha(
  {
    ...CAMPOS_DO_FATO,
    trimestre: { inteiro: 'trimestre' },
    valor: { numero: 'valor' },
    acumulado: { numero: 'acumulado' },
    flag: { texto: 'flag' },
    origem: { texto: 'origem' },
  },
  Object.keys(FatoTrimestralSchema.shape),
);

/**
 * The rows of published companies that FatoTrimestralSchema would reject, checked once in SQL before any
 * text is written: the writer no longer parses every artefact with zod (artefact-writer.ts `jsonTexto`),
 * so the schema's constraints on values are restated here (the enum's values come from the schema).
 * Non-finite numbers stop the JSON query itself (json-sql.ts `jsonNumero`).
 */
const FORA_DO_SCHEMA = fatosForaDoSchema(
  'mart_fatos_trimestrais',
  'cd_regulator, ano, trimestre, demo, cd_conta, agreg, flag, origem, versao',
  `trimestre BETWEEN 1 AND 4 AND origem IN (${OrigemFatoTrimestralSchema.options.map(lit).join(', ')})
    AND (flag IS NULL OR regexp_full_match(flag, '[a-z0-9_]+(;[a-z0-9_]+)*'))`,
);

/**
 * Companies per query here, fewer than the other publication stages' EMPRESAS_POR_CONSULTA: a company's
 * quarterly facts are ~3.2 MB of JSON (bench escala 0.1), and a slice's text is held at once as DuckDB's
 * result, as JS strings and as the bytes written. With 25 companies (80 MB of text) the stage set the
 * escala 0.1 build's memory peak, 883–1,237 MiB over three idle runs; with 8 the peak was 761 MiB, set
 * before this stage, for the same 3.6 s (docs/benchmarks.md, "Quiet escala 0.1 after the ninth session").
 */
const EMPRESAS_POR_CONSULTA_TRIMESTRAL = 8;

/**
 * `json/empresas/<cd>/fatos_trimestrais.json` (`/empresas/{t}/fatos?trimestral=true`), for every
 * company with a trading code and at least one quarterly fact: it only selects and writes
 * `mart_fatos_trimestrais` (the rules are in trimestres.ts).
 */
export const publicacaoFatosTrimestraisStage: Stage = {
  name: 'publicacao_fatos_trimestrais',
  le: ['mart_empresas', 'mart_fatos_trimestrais'],
  cria: [],
  async run(ctx) {
    const cds = (
      await linhas(ctx.db, `${EMPRESAS_COM_FATOS_TRIMESTRAIS} ORDER BY 1`, z.object({ cd_regulator: num }))
    ).map((r) => r.cd_regulator);
    await exigirDentroDoSchema(ctx.db, 'mart_fatos_trimestrais', 'FatoTrimestralSchema', FORA_DO_SCHEMA);
    const out: ManifestEntry[] = [];
    // A slice of companies at a time (fatias.ts), so memory holds a few companies' text.
    for (const fatia of fatias(cds, EMPRESAS_POR_CONSULTA_TRIMESTRAL))
      out.push(...(await publicar(ctx, fatia)));
    return out;
  },
};

/**
 * The quarterly facts artefact of each company in `cds` (ascending). DuckDB writes each company's `fatos`
 * array as JSON text (issue #10 item 1: 740 k rows at escala 0.1 no longer cross into JS one value at a
 * time); JS writes the envelope around it, and the writer checks the whole text against the schema.
 */
async function publicar(ctx: BuildContext, cds: number[]): Promise<ManifestEntry[]> {
  const textos = await textosPorEmpresa(
    ctx.db,
    `SELECT cd_regulator, '[' || string_agg(${FATO_JSON.objeto}, ',' ORDER BY ano, trimestre, demo, cd_conta) || ']' AS fatos
       FROM (SELECT ${FATO_JSON.selecao} FROM mart_fatos_trimestrais
             WHERE cd_regulator IN (${cds.join(', ')}) AND ${faixaDeEmpresas(cds)})
       GROUP BY cd_regulator`,
  );
  const out: ManifestEntry[] = [];
  for (const [cd, fatos] of textos) {
    const destino = escrita(ARTEFATOS.fatos_trimestrais, { cd });
    const envelope = destino.schema.parse({
      cd_regulator: cd,
      trimestral: true,
      fatos: [],
      nota: frase('pt', 'fatos_trimestrais', 'nota'),
      nota_en: frase('en', 'fatos_trimestrais', 'nota'),
      citacao: citacaoDe('pt', ctx.versao_do_dado, 'fatos_trimestrais', { cd: String(cd) }),
    });
    out.push(
      await escreverJsonTexto(ctx.writer, {
        name: `fatos_trimestrais_${cd}`,
        ...destino,
        texto: jsonComTexto(envelope, 'fatos', fatos),
      }),
    );
  }
  return out;
}
