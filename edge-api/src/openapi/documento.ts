import { AuditoriaDepAmortSchema } from '@fundamentos/schemas/auditoria';
import { AcompanharRespostaSchema, PortalSchema } from '@fundamentos/schemas/contas';
import { DesafioSchema } from '@fundamentos/schemas/desafio';
import { DicionarioSchema } from '@fundamentos/schemas/dicionario';
import { ErroSchema } from '@fundamentos/schemas/erros';
import { EtfRecursoSchema } from '@fundamentos/schemas/etfs';
import { FatosEmpresaSchema } from '@fundamentos/schemas/fatos';
import { FiiRecursoSchema } from '@fundamentos/schemas/fiis';
import { IndicadorEmpresaSchema } from '@fundamentos/schemas/indicador';
import { emitirTodosJsonSchemas } from '@fundamentos/schemas/json-schema';
import { LinhagemSchema } from '@fundamentos/schemas/linhagem';
import { QualidadeSchema } from '@fundamentos/schemas/qualidade';
import { ScoresEmpresaSchema } from '@fundamentos/schemas/scores';
import { TrimestresSchema } from '@fundamentos/schemas/trimestres';
import { z } from 'zod';
import { AmostraAuditoriaSchema, MenuAuditoriaSchema } from '../auditoria/amostra.ts';
import { type Acesso, DECLARACOES, DESCRICOES, documentada } from '../rotas/declaracoes.ts';

type Js = Record<string, unknown>;

/** Schemas local to this document (the rest come from `ESQUEMAS` of the schemas package). */
const LOCAIS: Record<string, z.ZodType> = {
  erro: ErroSchema,
  linhagem: LinhagemSchema,
  dep_amort: AuditoriaDepAmortSchema,
  desafio: DesafioSchema,
  dicionario: DicionarioSchema,
  fatos: FatosEmpresaSchema,
  indicador: IndicadorEmpresaSchema,
  scores: ScoresEmpresaSchema,
  trimestres: TrimestresSchema,
  auditoria_amostra: AmostraAuditoriaSchema,
  auditoria_menu: MenuAuditoriaSchema,
  etf_publicado: EtfRecursoSchema,
  fii_publicado: FiiRecursoSchema,
  portal: PortalSchema,
  acompanhar: AcompanharRespostaSchema,
  qualidade: QualidadeSchema,
};

function semDialeto(s: Js): Js {
  const { $schema: _d, ...resto } = s;
  return resto;
}

/** One parameter of the document, from a field of a declaration's zod object. */
export interface Parametro {
  nome: string;
  em: 'path' | 'query';
  obrigatorio: boolean;
  descricao: string;
  schema: Js;
}

/** An operation of the document: a declaration of src/rotas/declaracoes.ts that is not a page. */
export interface Operacao {
  metodo: 'get' | 'post';
  caminho: string;
  acesso: Acesso;
  resumo: string;
  tags: string[];
  parametros: Parametro[];
  /** Component name, or a media type answered as-is. */
  resposta: string | { tipo: string };
}

/** A parameter's description (DESCRICOES), looking through `.optional()` and `.default()`. */
function descricaoDe(campo: z.ZodType): string | undefined {
  const propria = DESCRICOES.get(campo)?.descricao;
  if (propria !== undefined) return propria;
  const interno = (campo.def as { innerType?: z.ZodType }).innerType;
  return interno === undefined ? undefined : descricaoDe(interno);
}

/** Each field of `objeto` as a parameter: its input JSON Schema (what the URL carries) and its description. */
function parametrosDe(objeto: z.ZodObject | undefined, em: 'path' | 'query'): Parametro[] {
  if (objeto === undefined) return [];
  return Object.entries(objeto.shape).map(([nome, campo]) => {
    const { description, ...schema } = semDialeto(
      z.toJSONSchema(campo, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Js,
    );
    return {
      nome,
      em,
      obrigatorio: em === 'path' || !campo.safeParse(undefined).success,
      descricao: descricaoDe(campo) ?? (typeof description === 'string' ? description : ''),
      schema,
    };
  });
}

/** Every operation of the document, in the order declared. */
export const OPERACOES: Operacao[] = DECLARACOES.filter(documentada).map((d) => ({
  metodo: d.metodo,
  caminho: d.caminho,
  acesso: d.acesso,
  resumo: d.resumo,
  // Grouped by the path's first segment (`/empresas/{ticker}/fatos` → empresas).
  tags: [d.caminho.split('/')[1]?.replace(/\..*$/, '') ?? ''],
  parametros: [...parametrosDe(d.parametros, 'path'), ...parametrosDe(d.consulta, 'query')],
  resposta: d.resposta,
}));

const ERROS: Record<string, string> = {
  '401': 'Chave necessária ou inválida.',
  '403': 'Plano insuficiente.',
  '404': 'Não encontrado ou não publicado.',
  '422': 'Parâmetros inválidos.',
  '429': 'Cota diária esgotada.',
  '500': 'Erro interno.',
  '503': 'Nenhum build publicado.',
};

let componentes: Record<string, Js> | undefined;
function schemas(): Record<string, Js> {
  if (componentes !== undefined) return componentes;
  const novos: Record<string, Js> = Object.fromEntries([
    ...Object.entries(emitirTodosJsonSchemas()).map(([k, v]) => [k, semDialeto(v as Js)]),
    ...Object.entries(LOCAIS).map(([k, v]) => [
      k,
      semDialeto(z.toJSONSchema(v, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any' }) as Js),
    ]),
  ]);
  componentes = novos;
  return novos;
}

/** OpenAPI 3.1 document generated from the zod schemas (never written by hand). */
export function documentoOpenApi(origem: string): Js {
  const paths: Record<string, Record<string, Js>> = {};
  for (const op of OPERACOES) {
    const conteudo =
      typeof op.resposta === 'string'
        ? { 'application/json': { schema: { $ref: `#/components/schemas/${op.resposta}` } } }
        : { [op.resposta.tipo]: { schema: { type: 'string' } } };
    const respostas: Record<string, Js> = { '200': { description: 'OK', content: conteudo } };
    for (const [s, d] of Object.entries(ERROS))
      respostas[s] = {
        description: d,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/erro' } } },
      };
    paths[op.caminho] ??= {};
    const entrada = paths[op.caminho] as Record<string, Js>;
    entrada[op.metodo] = {
      summary: op.resumo,
      operationId: `${op.metodo}_${op.caminho.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '')}`,
      tags: op.tags,
      'x-acesso': op.acesso,
      ...(op.acesso === 'aberta' ? { security: [] } : { security: [{ chave: [] }] }),
      parameters: op.parametros.map((p) => ({
        name: p.nome,
        in: p.em,
        required: p.obrigatorio,
        description: p.descricao,
        schema: p.schema,
      })),
      responses: respostas,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'fundamentos-br',
      version: '0.1.0',
      description:
        'Fundamentos de companhias abertas, FIIs e ETFs brasileiros, rastreáveis até a conta e o arquivo da CVM. Conteúdo descritivo, não é recomendação de investimento.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: origem }],
    paths,
    components: {
      schemas: schemas(),
      securitySchemes: { chave: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
    },
  };
}
