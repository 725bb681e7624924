import { join } from 'node:path';
import { ativa } from './cvm.ts';
import type { Universo } from './universo.ts';
import { Blocos, escreverZip } from './zip.ts';

/** FCA exists from 2018 (GetDFPData2 refuses earlier years, sources.md §1.7). */
export const FCA_DESDE = 2018;

/** Header copied from data/sample/raw/cvm/fca/fca_cia_aberta_valor_mobiliario_2022.csv. */
export const CABECALHO_VALOR_MOBILIARIO =
  'CNPJ_Companhia;Data_Referencia;Versao;ID_Documento;Nome_Empresarial;Valor_Mobiliario;Sigla_Classe_Acao_Preferencial;Classe_Acao_Preferencial;Codigo_Negociacao;Composicao_BDR_Unit;Mercado;Sigla_Entidade_Administradora;Entidade_Administradora;Data_Inicio_Negociacao;Data_Fim_Negociacao;Segmento;Data_Inicio_Listagem;Data_Fim_Listagem';

const SEGMENTO = {
  NM: 'Novo Mercado',
  N1: 'Nível 1 de Governança Corporativa',
  N2: 'Nível 2 de Governança Corporativa',
  '': 'Básico',
};

/** Trading codes per company, so a build can tie COTAHIST prices to CVM filings. */
export async function escreverFca(u: Universo, anos: number[], out: string): Promise<string[]> {
  const escritos: string[] = [];
  for (const ano of anos.filter((a) => a >= FCA_DESDE)) {
    const ativas = u.empresas.filter((e) => ativa(e, ano)).sort((a, b) => (a.cnpj < b.cnpj ? -1 : 1));
    const id = (i: number) => (ano - 2000) * 1_000_000 + 900_000 + i;
    const indice = async function* (): AsyncGenerator<Buffer> {
      const b = new Blocos('\r\n');
      b.linha('CNPJ_CIA;DT_REFER;VERSAO;DENOM_CIA;CD_CVM;CATEG_DOC;ID_DOC;DT_RECEB;LINK_DOC');
      for (const e of ativas) {
        b.linha(
          `${e.cnpj};${ano}-01-01;1;${e.nome};${e.cdCvm};FCA;${id(e.i)};${ano}-05-31;http://www.rad.cvm.gov.br/ENETCONSULTA/frmDownloadDocumento.aspx?CodigoInstituicao=1&NumeroSequencialDocumento=${id(e.i)}`,
        );
      }
      const r = b.esvaziar();
      if (r) yield r;
    };
    const valores = async function* (): AsyncGenerator<Buffer> {
      const b = new Blocos('\r\n');
      b.linha(CABECALHO_VALOR_MOBILIARIO);
      const [sigla, entidade] =
        ano === 2018 ? ['BM&FBOVESPA', 'BM&FBOVESPA S.A.'] : ['B3', 'B3 S.A. - Brasil, Bolsa, Balcão.'];
      for (const e of ativas) {
        for (const classe of e.classes) {
          const [vm, cod] =
            classe === 'ON'
              ? ['Ações Ordinárias', `${e.raiz}3`]
              : classe === 'PN'
                ? ['Ações Preferenciais', `${e.raiz}4`]
                : ['Units', `${e.raiz}11`];
          const composicao = classe === 'UNT' ? '1 ON + 2 PNs' : '';
          b.linha(
            `${e.cnpj};${ano}-01-01;1;${id(e.i)};${e.nome};${vm};;;${cod};${composicao};Bolsa;${sigla};${entidade};${e.primeiroAno}-01-04;;${SEGMENTO[e.governanca]};${e.primeiroAno}-01-04;`,
          );
        }
      }
      const r = b.esvaziar();
      if (r) yield r;
    };
    const caminho = join(out, 'cvm', 'fca', `fca_cia_aberta_${ano}.zip`);
    await escreverZip(
      caminho,
      [
        { nome: `fca_cia_aberta_${ano}.csv`, conteudo: indice },
        { nome: `fca_cia_aberta_valor_mobiliario_${ano}.csv`, conteudo: valores },
      ],
      [ano, 6, 1],
    );
    escritos.push(caminho);
  }
  return escritos;
}
