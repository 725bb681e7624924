import { mkdir, readdir, symlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { pregoes } from './gerador/calendario.ts';
import { cabecalho, trailer } from './gerador/cotahist.ts';
import { lerZip } from './gerador/lerzip.ts';

/**
 * What a nightly build sees: the inputs of the last build plus one new COTAHIST day. `espelhar` makes a
 * raw folder of symlinks to the generated files (the generated input stays as it is, and paths relative
 * to the raw folder, which the staging cache keys on, are the same in every build of the run);
 * `escreverDiario` adds the day.
 */
export async function espelhar(origem: string, destino: string): Promise<void> {
  for (const e of await readdir(origem, { recursive: true, withFileTypes: true })) {
    if (!e.isFile() || e.name.startsWith('.')) continue;
    const alvo = join(destino, relative(origem, join(e.parentPath, e.name)));
    await mkdir(dirname(alvo), { recursive: true });
    await symlink(join(e.parentPath, e.name), alvo);
  }
}

/**
 * Writes `b3/cotahist/COTAHIST_D<ddmmyyyy>.TXT` under `raw` for the first session after the last annual
 * file's last session, repeating that session's records with the new date (prices carry on, so no mart
 * sees a jump). Same layout as B3's daily files: header, 245-character records, trailer, CRLF.
 */
export async function escreverDiario(raw: string): Promise<{ caminho: string; registros: number }> {
  const dir = join(raw, 'b3', 'cotahist');
  const anuais = (await readdir(dir)).filter((n) => /^COTAHIST_A\d{4}\.ZIP$/.test(n)).sort();
  const ultimo = anuais[anuais.length - 1];
  if (!ultimo) throw new Error(`${dir}: no annual COTAHIST zip`);
  const ano = Number(ultimo.slice(10, 14));
  const [texto] = [...(await lerZip(join(dir, ultimo))).values()];
  if (!texto) throw new Error(`${ultimo}: empty zip`);
  const linhas = texto.toString('latin1').split('\r\n');
  const dados = linhas.filter((l) => l.startsWith('01'));
  // Records come session by session, so the last record is on the last session.
  const ultimaData = dados[dados.length - 1]?.slice(2, 10);
  const dia = pregoes(ano + 1)[0];
  if (!dia) throw new Error(`no session in ${ano + 1}`);
  const compacta = dia.replaceAll('-', '');
  const registros = dados
    .filter((l) => l.slice(2, 10) === ultimaData)
    .map((l) => `01${compacta}${l.slice(10)}`);
  const nome = `COTAHIST_D${compacta.slice(6, 8)}${compacta.slice(4, 6)}${compacta.slice(0, 4)}.TXT`;
  const caminho = join(dir, nome);
  const corpo = [cabecalho(ano + 1, dia), ...registros, trailer(ano + 1, dia, registros.length + 2)];
  await writeFile(caminho, `${corpo.join('\r\n')}\r\n`, 'latin1');
  return { caminho, registros: registros.length };
}
