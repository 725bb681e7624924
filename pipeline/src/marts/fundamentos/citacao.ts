/** How every company artefact cites its sources (pt in `citacao`, en in `citacao_en`). */
export const citacao = (versao: string, arquivos: string): string =>
  `Fonte: CVM, dados abertos (dados.cvm.gov.br), ${arquivos}; recalculado por fundamentos, versão do dado ${versao}.`;
/** `citacao` in English (`citacao_en`); `arquivos` is the English wording of the same files. */
export const citacaoEn = (versao: string, arquivos: string): string =>
  `Source: CVM, open data (dados.cvm.gov.br), ${arquivos}; recomputed by fundamentos, data version ${versao}.`;
