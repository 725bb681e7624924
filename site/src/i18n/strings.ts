import { z } from 'zod';
import en from '../translations/en.json' with { type: 'json' };
import pt from '../translations/pt.json' with { type: 'json' };

export const LANGS = ['pt', 'en'] as const;
export type Lang = (typeof LANGS)[number];

/** A section of UI strings: exactly these keys, each a non-empty string (a missing or extra key fails the build). */
function section<K extends string>(keys: readonly K[]) {
  const shape = Object.fromEntries(keys.map((k) => [k, z.string().min(1)])) as Record<K, z.ZodString>;
  return z.strictObject(shape);
}

export const StringsSchema = z.strictObject({
  site: section(['nome', 'descricao', 'pular']),
  nav: section(['rotulo', 'inicio', 'buscar', 'perguntas', 'auditoria', 'qualidade', 'chave']),
  idioma: section(['rotulo', 'outro', 'outro_codigo']),
  rodape: section(['versao', 'sem_versao', 'fonte', 'metodo', 'erros']),
  aviso: section(['titulo', 'texto']),
  inicio: section(['titulo', 'lead', 'empresas', 'nenhuma_empresa', 'temas', 'comecar']),
  empresa: section([
    'indicadores',
    'ano',
    'indicador',
    'valor',
    'flag',
    'sem_valor',
    'linhagem',
    'linhagem_titulo',
    'linhagem_dica',
    'cobertura',
    'anos',
    'reapresentacoes',
    'ver_reapresentacoes',
    'recursos',
    'exige_chave',
    'aberto',
    'nao_publicado',
    'sem_indicadores',
    'flags_titulo',
    'contas',
    'formula',
    'citacao',
    'tickers',
    'cnpj',
    'setor',
    'codigo_regulator',
    'grafico',
    'grafico_vazio',
    'voltar',
    'reap_titulo',
    'reap_lead',
    'demo',
    'conta',
    'valor_ultimo',
    'valor_penult',
    'dif_rel',
    'agreg',
    'nenhuma_reap',
    'multiplos',
    'sem_multiplos',
    'dividendos',
    'sem_proventos',
    'filtro_ano',
    'todos',
  ]),
  buscar: section(['titulo', 'rotulo', 'dica', 'nenhum', 'contagem']),
  chave: section(['titulo', 'lead', 'botao', 'uso', 'degustacao']),
  perguntas: section(['titulo', 'lead']),
  auditoria: section(['titulo', 'sementes_titulo']),
  metodologia: section(['titulo', 'lead', 'indicadores', 'base_lucro', 'unidade', 'regras']),
  erro: section(['titulo', 'texto']),
  borda: section([
    'procurar_titulo',
    'procurar_rotulo',
    'procurar_botao',
    'procurar_dica',
    'procurar_resultados',
    'procurar_nenhum',
    'procurar_mostrando',
    'procurar_sem_fiis',
    'procurar_sem_etfs',
    'tipo',
    'tipo_acao',
    'tipo_fii',
    'tipo_etf',
    'codigo',
    'nome',
    'cnpj',
    'cvm',
    'comparar_titulo',
    'comparar_lead',
    'comparar_sem_ano',
    'comparar_mesma',
    'comparar_desconhecido',
    'comparar_sem_pagina',
    'comparar_multiplos',
    'comparar_multiplos_lead',
    'comparar_sem_multiplos',
    'preco_de',
    'nao_publicado_ano',
    'pagina_empresa',
    'carteira_titulo',
    'carteira_lead',
    'carteira_rotulo',
    'carteira_botao',
    'carteira_exemplo',
    'carteira_erro_titulo',
    'carteira_erro_formato',
    'carteira_erro_quantidade',
    'carteira_erro_codigo',
    'carteira_erro_vazia',
    'carteira_erro_muitas',
    'quantidade',
    'fechamento',
    'data',
    'posicao',
    'peso',
    'total',
    'ano_indicadores',
    'sem_preco',
    'desconhecido',
    'codigo_atual',
    'carteira_nota_total',
    'carteira_indicadores',
  ]),
});
export type Strings = z.infer<typeof StringsSchema>;

function parse(lang: Lang, raw: unknown): Strings {
  const r = StringsSchema.safeParse(raw);
  if (!r.success) {
    const where = r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`site/src/translations/${lang}.json: ${where}`);
  }
  return r.data;
}

const STRINGS: Record<Lang, Strings> = { pt: parse('pt', pt), en: parse('en', en) };

export function strings(lang: Lang): Strings {
  return STRINGS[lang];
}
