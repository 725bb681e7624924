import { join } from 'node:path';
import { ANO_FINAL, type Universo } from './universo.ts';
import { Blocos, escreverArquivo } from './zip.ts';

/** Header copied from data/sample/raw/cvm/cad/cad_cia_aberta.csv (47 columns). */
export const CABECALHO_CAD =
  'CNPJ_CIA;DENOM_SOCIAL;DENOM_COMERC;DT_REG;DT_CONST;DT_CANCEL;MOTIVO_CANCEL;SIT;DT_INI_SIT;CD_CVM;SETOR_ATIV;TP_MERC;CATEG_REG;DT_INI_CATEG;SIT_EMISSOR;DT_INI_SIT_EMISSOR;CONTROLE_ACIONARIO;TP_ENDER;LOGRADOURO;COMPL;BAIRRO;MUN;UF;PAIS;CEP;DDD_TEL;TEL;DDD_FAX;FAX;EMAIL;TP_RESP;RESP;DT_INI_RESP;LOGRADOURO_RESP;COMPL_RESP;BAIRRO_RESP;MUN_RESP;UF_RESP;PAIS_RESP;CEP_RESP;DDD_TEL_RESP;TEL_RESP;DDD_FAX_RESP;FAX_RESP;EMAIL_RESP;CNPJ_AUDITOR;AUDITOR';

/** The registry snapshot (a bare CSV, latin-1, CRLF, CD_CVM not zero-padded as in the real file). */
export async function escreverCad(u: Universo, out: string): Promise<string> {
  const caminho = join(out, 'cvm', 'cad', 'cad_cia_aberta.csv');
  const b = new Blocos('\r\n');
  b.linha(CABECALHO_CAD);
  for (const e of [...u.empresas].sort((x, y) => (x.nome < y.nome ? -1 : 1))) {
    const reg = `${e.primeiroAno - 1}-09-01`;
    const ativo = e.ultimoAno === ANO_FINAL;
    const cancel = ativo ? '' : `${e.ultimoAno + 1}-06-30`;
    const campos = [
      e.cnpj,
      e.nome,
      e.nome,
      reg,
      `${e.primeiroAno - 20}-01-15`,
      cancel,
      ativo ? '' : 'Cancelamento Voluntário - IN CVM 480/09',
      ativo ? 'ATIVO' : 'CANCELADA',
      ativo ? reg : cancel,
      String(Number(e.cdCvm)),
      e.setor,
      'BOLSA',
      'Categoria A',
      reg,
      'FASE OPERACIONAL',
      reg,
      'PRIVADO',
      'SEDE',
    ];
    b.linha([...campos, ...Array(47 - campos.length).fill('')].join(';'));
  }
  await escreverArquivo(caminho, b.esvaziar() ?? Buffer.alloc(0));
  return caminho;
}
