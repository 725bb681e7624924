import type { Bilingue } from './types.ts';

/**
 * Ready-made seeds shown on /auditoria/sementes. The service never picks a seed for a request;
 * these are just memorable numbers so two people can compare the same sample.
 */
export const SEMENTES = [1, 7, 42, 193, 2010] as const;

export const AUDITORIA: Bilingue = {
  pt: {
    titulo: 'Auditoria: confira uma amostra você mesmo',
    resumo:
      'Sorteie casos com uma semente, pegue o número publicado, a conta da CVM e o arquivo de origem, e refaça a conta. A mesma semente sempre dá a mesma amostra.',
    secoes: [
      {
        titulo: 'Como funciona',
        paragrafos: [
          '`/auditoria/universo` lista, uma por linha, todas as chaves sorteáveis (`cd_regulator|exercicio|indicador`), sem valores.',
          '`/auditoria/amostra/{semente}/{n}` (ou o nome antigo `/auditoria/random/{semente}/{n}`) sorteia `n` casos, 10 se omitido. Mesma semente, mesma população e mesmo esquema dão a mesma amostra em qualquer um dos endereços.',
          'Sem semente, `/auditoria/random` devolve um menu e não sorteia nada: o servidor nunca escolhe a semente por você.',
        ],
      },
      {
        titulo: 'O que cada caso traz',
        paragrafos: [
          'O número publicado, a conta da CVM de onde veio e o arquivo da CVM para refazer a conta. Para depreciação e amortização, `/auditoria/dep_amort/{cd_regulator}/{ano}` lista cada linha candidata com o rótulo e a decisão (incluída ou excluída).',
        ],
      },
    ],
  },
  en: {
    titulo: 'Audit: check a sample yourself',
    resumo:
      'Draw cases with a seed, take the published number, the CVM account and the source file, and redo the computation. The same seed always gives the same sample.',
    secoes: [
      {
        titulo: 'How it works',
        paragrafos: [
          '`/auditoria/universo` lists, one per line, every drawable key (`cd_regulator|exercicio|indicador`), without values.',
          '`/auditoria/amostra/{seed}/{n}` (or the old name `/auditoria/random/{seed}/{n}`) draws `n` cases, 10 when omitted. Same seed, same population and same scheme give the same sample from every address.',
          'Without a seed, `/auditoria/random` returns a menu and draws nothing: the server never picks the seed for you.',
        ],
      },
      {
        titulo: 'What each case carries',
        paragrafos: [
          'The published number, the CVM account it came from and the CVM file to redo it. For depreciation and amortisation, `/auditoria/dep_amort/{cd_regulator}/{ano}` lists every candidate line with its label and the decision (included or excluded).',
        ],
      },
    ],
  },
};

export const SEMENTES_TEXTO: Bilingue = {
  pt: {
    titulo: 'Sementes prontas',
    resumo:
      'Sementes fixas para comparar resultados entre pessoas. Qualquer inteiro serve; estas só facilitam dizer "conferi a semente 42".',
    secoes: [
      {
        titulo: 'Como reproduzir uma amostra',
        paragrafos: [
          'Anote a versão do dado (rodapé ou `/saude`): a população sorteável muda quando o build muda.',
          'Peça `/auditoria/amostra/{semente}/{n}` duas vezes, ou pelos dois nomes da rota: as respostas devem ser iguais.',
          'Para cada caso, abra o arquivo da CVM indicado, filtre `CD_CVM`, `DT_REFER`, a maior `VERSAO` e a conta indicada com `ORDEM_EXERC = ÚLTIMO`, multiplique pela `ESCALA_MOEDA` da linha e compare com o número publicado.',
        ],
      },
    ],
  },
  en: {
    titulo: 'Ready-made seeds',
    resumo:
      'Fixed seeds to compare results between people. Any integer works; these only make it easy to say "I checked seed 42".',
    secoes: [
      {
        titulo: 'How to reproduce a sample',
        paragrafos: [
          'Note the data version (footer or `/saude`): the drawable population changes when the build changes.',
          'Request `/auditoria/amostra/{seed}/{n}` twice, or through both route names: the answers must be equal.',
          "For each case, open the CVM file given, filter `CD_CVM`, `DT_REFER`, the highest `VERSAO` and the given account with `ORDEM_EXERC = ÚLTIMO`, multiply by the row's `ESCALA_MOEDA` and compare with the published number.",
        ],
      },
    ],
  },
};
