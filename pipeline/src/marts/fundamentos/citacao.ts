import { textosDosFundamentos } from '@fundamentos/ui/fundamentos';
import { mensagem } from '@fundamentos/ui/i18n/mensagem';

/** How every company artefact cites its sources (pt in `citacao`, en in `citacao_en`); words in ui/src/fundamentos. */
export const citacao = (versao: string, arquivos: string): string =>
  mensagem('pt', textosDosFundamentos('pt').citacao, { versao, arquivos });
/** `citacao` in English (`citacao_en`); `arquivos` is the English wording of the same files. */
export const citacaoEn = (versao: string, arquivos: string): string =>
  mensagem('en', textosDosFundamentos('en').citacao, { versao, arquivos });
