import { ARTEFATOS, escrita } from '@fundamentos/schemas/catalogo';
import type { ManifestEntry } from '@fundamentos/schemas/manifest';
import { textosDosFundos } from '@fundamentos/ui/fundos';
import { mensagem } from '@fundamentos/ui/i18n/mensagem';
import { verificar } from '../../core/sql.ts';
import type { BuildContext, Stage } from '../../core/stage.ts';
import { montarEtfs } from './montar.ts';
import { CHECKS_ETFS } from './sql.ts';

async function publicarEtfs(ctx: BuildContext): Promise<ManifestEntry[]> {
  const { lista, recursos } = await montarEtfs(ctx);
  // The premium is defined only when price and quota share a date: a row with both and no premium is a bug.
  const v = await verificar(
    ctx.db,
    'SELECT count(*) FROM int_etf_agio',
    'SELECT * FROM int_etf_agio WHERE (cota > 0) <> (agio IS NOT NULL) OR (agio IS NOT NULL AND flag IS NOT NULL)',
  );
  ctx.report.invariant({
    nome: 'etf_agio_so_com_preco_e_cota',
    tipo: 'hard',
    descricao: mensagem('pt', textosDosFundos('pt').etf.checagens.agio_so_com_preco_e_cota),
    ...v,
  });
  for (const [nome, tipo, descricao, total, falhas] of CHECKS_ETFS)
    ctx.report.invariant({ nome, tipo, descricao, ...(await verificar(ctx.db, total, falhas)) });
  const saidas: ManifestEntry[] = [
    await ctx.writer.json({
      name: 'etfs',
      ...escrita(ARTEFATOS.etfs),
      data: lista,
    }),
  ];
  for (const r of recursos)
    saidas.push(
      await ctx.writer.json({
        name: `etf_${r.cadastro.ticker}`,
        ...escrita(ARTEFATOS.etf, { ticker: r.cadastro.ticker }),
        data: r,
      }),
    );
  ctx.log(`etfs: ${lista.length} ETFs, ${lista.filter((l) => l.cnpj !== null).length} linked to a CVM CNPJ`);
  return saidas;
}

/** Stage `publicacao_etfs`: after the market marts (it reads `mart_mercado_precos` and `int_mercado_sessoes`). */
export const etfsStage: Stage = {
  name: 'publicacao_etfs',
  le: [
    'int_mercado_sessoes',
    'mart_mercado_precos',
    'stg_b3_etf_listados',
    'stg_cvm_cad_fi',
    'stg_cvm_cda_blc',
    'stg_cvm_cda_pl',
    'stg_cvm_inf_diario',
    'stg_cvm_registro_classe',
    'stg_cvm_registro_fundo',
  ],
  cria: [
    'int_etf_agio',
    'int_etf_cadastro_cvm',
    'int_etf_carteira',
    'int_etf_carteira_mensal',
    'int_etf_carteira_pl',
    'int_etf_carteira_tipos',
    'int_etf_informes',
    'int_etf_liquidez',
    'int_etf_lista',
    'int_etf_pares',
    'int_etf_precos',
    'int_etf_registro_nomes',
    'int_etf_retornos',
    'int_etf_series',
    'int_etf_sobreposicao',
    'int_etf_sobreposicao_mensal',
    'int_etf_vinculo',
  ],
  run: publicarEtfs,
};
