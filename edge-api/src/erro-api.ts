import type { CodigoDeErro, Erro, ParametroInvalido } from '@fundamentos/schemas/erros';

type Status = Erro['erro']['status'];
type Extras = Omit<Erro['erro'], 'status' | 'codigo' | 'mensagem' | 'id_requisicao'>;

/** A refusal the API knows how to explain; `app.onError` turns it into the one error shape. */
export class ErroApi extends Error {
  constructor(
    readonly status: Status,
    readonly codigo: CodigoDeErro,
    mensagem: string,
    readonly extras: Extras = {},
    readonly cabecalhos: Record<string, string> = {},
  ) {
    super(mensagem);
  }

  corpo(idRequisicao: string): Erro {
    return {
      erro: {
        status: this.status,
        codigo: this.codigo,
        mensagem: this.message,
        id_requisicao: idRequisicao,
        ...this.extras,
      },
    };
  }
}

export const DEGUSTACAO = ['BOVA11', 'MXRF11', 'WEGE3'] as const;

export function chaveNecessaria(url: string): ErroApi {
  return new ErroApi(
    401,
    'chave_necessaria',
    'Esta rota exige o cabeçalho X-API-Key (sem chave, só os tickers de degustação respondem). Crie uma chave grátis em /chave-gratis.',
    { como_obter_chave: new URL('/chave-gratis', url).toString(), degustacao_aberta: [...DEGUSTACAO] },
  );
}

export function parametrosInvalidos(parametros: ParametroInvalido[]): ErroApi {
  return new ErroApi(422, 'parametros_invalidos', 'Parâmetros inválidos; veja `parametros`.', { parametros });
}

export function naoEncontrado(mensagem: string): ErroApi {
  return new ErroApi(404, 'nao_encontrado', mensagem);
}
