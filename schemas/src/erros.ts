import { z } from 'zod';

/** Where an invalid parameter was read from. */
export const LocalDoParametroSchema = z.enum(['path', 'query', 'header']);

/** One offending parameter of a 422 answer. */
export const ParametroInvalidoSchema = z.object({
  local: LocalDoParametroSchema,
  /** Parameter name as the client sent it (`ticker`, `trimestral`, `x-api-key`…). */
  nome: z.string(),
  mensagem: z.string(),
  /** Machine-readable kind of failure (zod issue code: `invalid_format`, `invalid_value`, `too_big`…). */
  tipo: z.string(),
});
export type ParametroInvalido = z.infer<typeof ParametroInvalidoSchema>;

/** Stable codes; clients switch on `codigo`, never on `mensagem`. */
export const CodigoDeErroSchema = z.enum([
  'chave_necessaria',
  'chave_invalida',
  'plano_insuficiente',
  'nao_encontrado',
  'recurso_nao_publicado',
  'parametros_invalidos',
  'cota_excedida',
  'sem_dados_publicados',
  'erro_interno',
]);
export type CodigoDeErro = z.infer<typeof CodigoDeErroSchema>;

/**
 * The one error shape of the API (401, 403, 404, 422, 429, 500, 503). Every refusal carries
 * `status`, `codigo`, `mensagem` and the request id; the optional fields appear only with the
 * status that needs them.
 */
export const ErroSchema = z.object({
  erro: z.object({
    status: z.union([
      z.literal(401),
      z.literal(403),
      z.literal(404),
      z.literal(422),
      z.literal(429),
      z.literal(500),
      z.literal(503),
    ]),
    codigo: CodigoDeErroSchema,
    mensagem: z.string().min(1),
    /** Same value as the `X-Request-Id` answer header; quote it when reporting a 500. */
    id_requisicao: z.string().min(1),
    /** 401/403: where to get a (free) key. */
    como_obter_chave: z.string().optional(),
    /** 401 without a key: tickers that answer without one. */
    degustacao_aberta: z.array(z.string()).optional(),
    /** 422: every offending parameter. */
    parametros: z.array(ParametroInvalidoSchema).optional(),
    /** 429: seconds to the next America/Sao_Paulo midnight (same as `Retry-After`). */
    tentar_novamente_em_segundos: z.number().int().positive().optional(),
    /** 429: the daily limit of the key's plan. */
    limite_diario: z.number().int().positive().optional(),
  }),
});
export type Erro = z.infer<typeof ErroSchema>;
