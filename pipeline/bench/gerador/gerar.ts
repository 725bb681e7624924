import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { z } from 'zod';
import { escreverCad } from './cad.ts';
import { FERIADOS_DESCRITOS } from './calendario.ts';
import { escreverCotahist } from './cotahist.ts';
import { COMPOSICAO_DESDE, escreverCvm } from './cvm.ts';
import { escreverFca, FCA_DESDE } from './fca.ts';
import { ANO_FINAL, ANO_INICIAL, criarUniverso, ESCALA_CHEIA } from './universo.ts';

export const OpcoesGeracaoSchema = z.object({
  seed: z.number().int(),
  escala: z.number().positive().max(1),
  out: z.string().min(1),
  anos: z
    .array(z.number().int().min(ANO_INICIAL).max(ANO_FINAL))
    .min(1)
    .default(() => anosEntre(ANO_INICIAL, ANO_FINAL)),
});
export type OpcoesGeracao = z.input<typeof OpcoesGeracaoSchema>;

export interface Gerado {
  out: string;
  arquivos: { caminho: string; bytes: number }[];
  empresas: number;
  codigos: number;
}

export function anosEntre(a: number, b: number): number[] {
  return Array.from({ length: b - a + 1 }, (_, k) => a + k);
}

/** Writes the whole synthetic input tree under `out` (emptied first) and its GERADO.md. */
export async function gerar(opcoes: OpcoesGeracao): Promise<Gerado> {
  const o = OpcoesGeracaoSchema.parse(opcoes);
  const anos = [...new Set(o.anos)].sort((a, b) => a - b);
  await rm(o.out, { recursive: true, force: true });
  await mkdir(o.out, { recursive: true });
  const u = criarUniverso(o.seed, o.escala);
  const caminhos = [
    ...(await escreverCvm(u, anos, o.out)),
    ...(await escreverFca(u, anos, o.out)),
    await escreverCad(u, o.out),
    ...(await escreverCotahist(u, anos, o.out)),
  ];
  const arquivos = await Promise.all(
    caminhos.map(async (c) => ({ caminho: c, bytes: (await stat(c)).size })),
  );
  const nCodigos = u.fundos.length + u.empresas.reduce((a, e) => a + e.classes.length, 0);
  await writeFile(
    join(o.out, 'GERADO.md'),
    leiame(o.seed, o.escala, anos, u.empresas.length, nCodigos),
    'utf8',
  );
  return { out: o.out, arquivos, empresas: u.empresas.length, codigos: nCodigos };
}

function leiame(seed: number, escala: number, anos: number[], empresas: number, codigos: number): string {
  return `# DADOS SINTÉTICOS — gerados, não são dados da CVM nem da B3

Every number in this tree was produced by \`pipeline/bench/gerador\` from a pseudo-random seed.
No company, fund, ticker, CNPJ or price here is real; the names say "SINTÉTICA"/"GERADA" on purpose.
Only the **formats** copy the regulator's and the exchange's files (headers, encodings, separators,
line endings, member names), so that the pipeline can be benchmarked at full scale.

- seed: ${seed}
- escala: ${escala} (1 = about ${ESCALA_CHEIA.empresas} companies and 2,000 trading codes; here ${empresas} companies, about ${codigos} codes before odd lots)
- years: ${anos[0]}–${anos[anos.length - 1]} (${anos.length})

## What is written
- \`cvm/dfp/dfp_cia_aberta_{YYYY}.zip\`, \`cvm/itr/itr_cia_aberta_{YYYY}.zip\`: index (one row per VERSAO, each with its DT_RECEB;
  statements carry only the last version), BPA/BPP/DRE/DRA/DFC_MI/DVA \`_con\` and \`_ind\`, and
  \`composicao_capital\` from ${COMPOSICAO_DESDE} on. latin-1, \`;\`, LF, VL_CONTA with 10 decimals, ORDEM_EXERC
  ÚLTIMO/PENÚLTIMO, ESCALA_MOEDA MIL for most companies and UNIDADE for about 6%. ITR: Q1–Q3; Q2 and Q3 income
  statements carry the 3-month and year-to-date blocks; DFC and DVA are year-to-date; the balance sheet's
  PENÚLTIMO is the previous 31 December. About 8% of company-years are restated in the next annual filing
  (PENÚLTIMO differs from the earlier ÚLTIMO). About 5% of companies file composicao_capital in thousands of
  shares, as some real companies do.
- \`cvm/fca/fca_cia_aberta_{YYYY}.zip\` (from ${FCA_DESDE}): index and \`valor_mobiliario\` with the trading codes (latin-1, CRLF).
- \`b3/cotahist/COTAHIST_A{YYYY}.ZIP\`: one 245-character fixed-width file, CRLF, header and trailer (TOTREG
  counts both), prices with 2 implied decimals; shares CODBDI 02/TPMERC 010, odd lots 96/020, FIIs 12, ETFs 14,
  BDRs 02 with ESPECI DRN.

## Identities that hold in every filing (con and ind, every period block)
1 = 2; every parent account is the sum of its children; 3.03 = 3.01 + 3.02; 3.05 = 3.03 + 3.04;
3.07 = 3.05 + 3.06; 3.09 = 3.07 + 3.08; 3.11 = 3.09 + 3.10; 3.11 = 3.11.01 + 3.11.02 (con);
4.01 = 3.11; 6.05 = 6.05.02 − 6.05.01; 6.05.02 = BPA 1.01.01 of the same date; 7.07 = 7.08;
individual 3.11 = consolidated 3.11.01; individual 2.03 = consolidated 2.03 − 2.03.09;
ITR Q1 + Q2 + Q3 (3-month blocks) + (DFP − 9-month YTD) adds up to the DFP year.

## Session calendar
Weekdays minus: ${FERIADOS_DESCRITOS.join('; ')}.
`;
}

/** sha256 of every file under `dir`, relative path → hex; used to prove determinism. */
export async function hashes(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const entradas = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const d of entradas) {
    if (!d.isFile()) continue;
    const p = join(d.parentPath, d.name);
    const h = createHash('sha256');
    for await (const chunk of createReadStream(p)) h.update(chunk as Buffer);
    out[relative(dir, p)] = h.digest('hex');
  }
  return out;
}
