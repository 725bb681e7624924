import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pregoes } from './calendario.ts';
import { membrosCvm } from './cvm.ts';
import { gerar, hashes } from './gerar.ts';
import { lerZip } from './lerzip.ts';
import { cnpj, criarUniverso, isin } from './universo.ts';
import type { Membro } from './zip.ts';

const SAMPLE = join(import.meta.dirname, '../../../data/sample/raw');
const latin1 = (b: Buffer) => b.toString('latin1');
const primeiraLinha = (b: Buffer) => latin1(b).split(/\r?\n/)[0];

let base: string;
let dirA: string;
// Tiny scale (2 companies, a few codes), two years: seconds, yet every member and block type appears.
const OPCOES = { seed: 7, escala: 0.003, anos: [2023, 2024] };

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'gerador-'));
  dirA = join(base, 'a');
  await gerar({ ...OPCOES, out: dirA });
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

interface Linha {
  cnpj: string;
  dtRefer: string;
  versao: string;
  ordem: string;
  ini: string;
  fim: string;
  cd: string;
  vl: number;
  escala: string;
}

/** Parses a generated statement member with the real header's column names. */
function linhas(b: Buffer): Linha[] {
  const [cab, ...resto] = latin1(b)
    .split('\n')
    .filter((l) => l.length > 0);
  const cols = (cab ?? '').split(';');
  const idx = (n: string) => cols.indexOf(n);
  return resto.map((l) => {
    const c = l.split(';');
    return {
      cnpj: c[idx('CNPJ_CIA')] ?? '',
      dtRefer: c[idx('DT_REFER')] ?? '',
      versao: c[idx('VERSAO')] ?? '',
      ordem: c[idx('ORDEM_EXERC')] ?? '',
      ini: idx('DT_INI_EXERC') >= 0 ? (c[idx('DT_INI_EXERC')] ?? '') : '',
      fim: c[idx('DT_FIM_EXERC')] ?? '',
      cd: c[idx('CD_CONTA')] ?? '',
      vl: Number(c[idx('VL_CONTA')]),
      escala: c[idx('ESCALA_MOEDA')] ?? '',
    };
  });
}

/** Values per period block: key `cnpj|dtRefer|ordem|ini|fim` → account → value. */
function porBloco(ls: Linha[]): Map<string, Map<string, number>> {
  const m = new Map<string, Map<string, number>>();
  for (const l of ls) {
    const k = `${l.cnpj}|${l.dtRefer}|${l.ordem}|${l.ini}|${l.fim}`;
    if (!m.has(k)) m.set(k, new Map());
    m.get(k)?.set(l.cd, l.vl);
  }
  return m;
}

describe('CVM zips follow the real layouts', () => {
  it('has the real member names and headers (data/sample/raw/cvm/dfp, first lines)', async () => {
    const real = {
      indice: primeiraLinha(readFileSync(join(SAMPLE, 'cvm/dfp/ano-completo/dfp_cia_aberta_2024.csv'))),
      balanco: primeiraLinha(
        readFileSync(join(SAMPLE, 'cvm/dfp/parcial-2023/dfp_cia_aberta_BPA_con_2023.csv')),
      ),
      fluxo: primeiraLinha(
        readFileSync(join(SAMPLE, 'cvm/dfp/parcial-2023/dfp_cia_aberta_DRE_con_2023.csv')),
      ),
      composicao: primeiraLinha(
        readFileSync(join(SAMPLE, 'cvm/dfp/ano-completo/dfp_cia_aberta_composicao_capital_2024.csv')),
      ),
    };
    for (const [doc, p] of [
      ['dfp', 'dfp_cia_aberta'],
      ['itr', 'itr_cia_aberta'],
    ] as const) {
      const z = await lerZip(join(dirA, 'cvm', doc, `${p}_2024.zip`));
      const nomes = [...z.keys()].sort();
      expect(nomes).toHaveLength(14);
      expect(primeiraLinha(z.get(`${p}_2024.csv`) as Buffer)).toBe(real.indice);
      expect(primeiraLinha(z.get(`${p}_composicao_capital_2024.csv`) as Buffer)).toBe(real.composicao);
      for (const demo of ['BPA', 'BPP', 'DRE', 'DRA', 'DFC_MI', 'DVA']) {
        for (const agreg of ['con', 'ind']) {
          const b = z.get(`${p}_${demo}_${agreg}_2024.csv`);
          expect(b, `${p}_${demo}_${agreg}_2024.csv`).toBeDefined();
          expect(primeiraLinha(b as Buffer)).toBe(demo.startsWith('BP') ? real.balanco : real.fluxo);
          // LF line ends, as in the byte copies of CVM files in the sample.
          expect(latin1(b as Buffer).includes('\r')).toBe(false);
        }
      }
    }
  });

  it('writes the registry and FCA with the real headers, latin-1 and CRLF', async () => {
    const cad = readFileSync(join(dirA, 'cvm/cad/cad_cia_aberta.csv'));
    expect(primeiraLinha(cad)).toBe(primeiraLinha(readFileSync(join(SAMPLE, 'cvm/cad/cad_cia_aberta.csv'))));
    const linhasCad = latin1(cad).trimEnd().split('\r\n');
    for (const l of linhasCad) expect(l.split(';')).toHaveLength(47);
    expect(latin1(cad)).toMatch(/SINTÉTICA/);
    const fca = await lerZip(join(dirA, 'cvm/fca/fca_cia_aberta_2024.zip'));
    const vm = fca.get('fca_cia_aberta_valor_mobiliario_2024.csv') as Buffer;
    const real = readFileSync(join(SAMPLE, 'cvm/fca/fca_cia_aberta_valor_mobiliario_2022.csv'));
    expect(primeiraLinha(vm)).toBe(primeiraLinha(real));
    expect(latin1(vm).split('\r\n').length).toBeGreaterThan(2);
  });

  it('writes ORDEM_EXERC and accents in latin-1, VL_CONTA with 10 decimals', async () => {
    const z = await lerZip(join(dirA, 'cvm/dfp/dfp_cia_aberta_2024.zip'));
    const b = z.get('dfp_cia_aberta_DRE_con_2024.csv') as Buffer;
    // 0xDA is Ú in latin-1 (the real DRE_con_2023 sample has the same byte).
    expect(b.includes(Buffer.from([0x3b, 0xda, 0x4c, 0x54, 0x49, 0x4d, 0x4f, 0x3b]))).toBe(true);
    const realDre = readFileSync(join(SAMPLE, 'cvm/dfp/parcial-2023/dfp_cia_aberta_DRE_con_2023.csv'));
    expect(realDre.includes(Buffer.from([0x3b, 0xda, 0x4c, 0x54, 0x49, 0x4d, 0x4f, 0x3b]))).toBe(true);
    const ls = latin1(b).trim().split('\n').slice(1);
    for (const l of ls) expect(l.split(';')[13]).toMatch(/^-?\d+\.\d{10}$/);
    expect(new Set(ls.map((l) => l.split(';')[8]))).toEqual(new Set(['ÚLTIMO', 'PENÚLTIMO']));
  });

  it('index lists every version while statements carry only the last one', async () => {
    const z = await lerZip(join(dirA, 'cvm/itr/itr_cia_aberta_2024.zip'));
    const idx = latin1(z.get('itr_cia_aberta_2024.csv') as Buffer)
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(';'));
    const maxVersao = new Map<string, number>();
    for (const c of idx) {
      const k = `${c[0]}|${c[1]}`;
      maxVersao.set(k, Math.max(maxVersao.get(k) ?? 0, Number(c[2])));
      expect(c[7]! > c[1]!).toBe(true); // received after the reference date
    }
    expect(idx.length).toBeGreaterThan(maxVersao.size); // at least one filing has several versions
    for (const l of linhas(z.get('itr_cia_aberta_BPA_con_2024.csv') as Buffer)) {
      expect(Number(l.versao)).toBe(maxVersao.get(`${l.cnpj}|${l.dtRefer}`));
    }
  });
});

describe('accounting identities hold in every block', () => {
  it('balance sheets balance, sums add up, cash closes with the balance sheet (DFP and ITR, con and ind)', async () => {
    for (const [doc, p] of [
      ['dfp', 'dfp_cia_aberta'],
      ['itr', 'itr_cia_aberta'],
    ] as const) {
      const z = await lerZip(join(dirA, 'cvm', doc, `${p}_2024.zip`));
      for (const agreg of ['con', 'ind'] as const) {
        const ler = (demo: string) => porBloco(linhas(z.get(`${p}_${demo}_${agreg}_2024.csv`) as Buffer));
        const ativo = ler('BPA');
        const passivo = ler('BPP');
        expect(ativo.size).toBeGreaterThan(0);
        for (const [k, a] of ativo) {
          const pp = passivo.get(k) as Map<string, number>;
          expect(a.get('1')).toBe(pp.get('2'));
          expect(a.get('1')).toBe((a.get('1.01') ?? 0) + (a.get('1.02') ?? 0));
          expect(pp.get('2')).toBe((pp.get('2.01') ?? 0) + (pp.get('2.02') ?? 0) + (pp.get('2.03') ?? 0));
          expect(pp.get('2.01.04')).toBe(
            (pp.get('2.01.04.01') ?? 0) + (pp.get('2.01.04.02') ?? 0) + (pp.get('2.01.04.03') ?? 0),
          );
        }
        const dre = ler('DRE');
        for (const v of dre.values()) {
          expect(v.get('3.03')).toBe((v.get('3.01') ?? 0) + (v.get('3.02') ?? 0));
          expect(v.get('3.05')).toBe((v.get('3.03') ?? 0) + (v.get('3.04') ?? 0));
          expect(v.get('3.11')).toBe((v.get('3.09') ?? 0) + (v.get('3.10') ?? 0));
          if (agreg === 'con') expect(v.get('3.11')).toBe((v.get('3.11.01') ?? 0) + (v.get('3.11.02') ?? 0));
        }
        const dfc = ler('DFC_MI');
        let fechados = 0;
        for (const [k, v] of dfc) {
          expect(v.get('6.05.02')).toBe((v.get('6.05.01') ?? 0) + (v.get('6.05') ?? 0));
          expect(v.get('6.05')).toBe(
            (v.get('6.01') ?? 0) + (v.get('6.02') ?? 0) + (v.get('6.03') ?? 0) + (v.get('6.04') ?? 0),
          );
          // Closing cash equals BPA 1.01.01 at the same date, when the filing has a balance at that date
          // (an ITR's PENÚLTIMO cash flow ends at last year's quarter, its balance at last 31 December).
          const [c, ref, ordem, , fim] = k.split('|');
          const bal = ativo.get(`${c}|${ref}|${ordem}||${fim}`);
          if (bal) {
            expect(bal.get('1.01.01')).toBe(v.get('6.05.02'));
            fechados++;
          }
        }
        expect(fechados).toBeGreaterThan(0);
        for (const v of ler('DVA').values()) expect(v.get('7.07')).toBe(v.get('7.08'));
      }
    }
  });

  it('individual profit equals consolidated profit of controlling shareholders', async () => {
    const z = await lerZip(join(dirA, 'cvm/dfp/dfp_cia_aberta_2024.zip'));
    const con = porBloco(linhas(z.get('dfp_cia_aberta_DRE_con_2024.csv') as Buffer));
    const ind = porBloco(linhas(z.get('dfp_cia_aberta_DRE_ind_2024.csv') as Buffer));
    for (const [k, v] of con) expect(ind.get(k)?.get('3.11')).toBe(v.get('3.11.01'));
  });

  it('ITR 3-month blocks add up to the year-to-date block and to the DFP year with Q4', async () => {
    const z = await lerZip(join(dirA, 'cvm/itr/itr_cia_aberta_2024.zip'));
    const dre = porBloco(linhas(z.get('itr_cia_aberta_DRE_con_2024.csv') as Buffer));
    const dfp = porBloco(
      linhas(
        (await lerZip(join(dirA, 'cvm/dfp/dfp_cia_aberta_2024.zip'))).get(
          'dfp_cia_aberta_DRE_con_2024.csv',
        ) as Buffer,
      ),
    );
    const cnpjs = new Set([...dre.keys()].map((k) => k.split('|')[0]));
    for (const c of cnpjs) {
      const q = (ref: string, ini: string, fim: string) =>
        dre.get(`${c}|${ref}|ÚLTIMO|${ini}|${fim}`)?.get('3.01');
      const q1 = q('2024-03-31', '2024-01-01', '2024-03-31') as number;
      const q2 = q('2024-06-30', '2024-04-01', '2024-06-30') as number;
      const q3 = q('2024-09-30', '2024-07-01', '2024-09-30') as number;
      expect(q1 + q2 + q3).toBe(q('2024-09-30', '2024-01-01', '2024-09-30'));
      expect(q1 + q2).toBe(q('2024-06-30', '2024-01-01', '2024-06-30'));
      const ano = dfp.get(`${c}|2024-12-31|ÚLTIMO|2024-01-01|2024-12-31`)?.get('3.01') as number;
      expect(ano).toBeDefined();
      expect(Math.abs(ano - (q1 + q2 + q3)) / Math.abs(ano)).toBeLessThan(0.6); // Q4 is a plausible quarter
    }
  });
});

describe('COTAHIST follows the B3 layout', () => {
  it('245-char CRLF records, header and trailer as in the real daily file, right TOTREG', async () => {
    const z = await lerZip(join(dirA, 'b3/cotahist/COTAHIST_A2024.ZIP'));
    expect([...z.keys()]).toEqual(['COTAHIST_A2024.TXT']);
    const texto = latin1(z.get('COTAHIST_A2024.TXT') as Buffer);
    expect(texto.endsWith('\r\n')).toBe(true);
    const ls = texto.slice(0, -2).split('\r\n');
    for (const l of ls) expect(l.length).toBe(245);
    const real = latin1(readFileSync(join(SAMPLE, 'b3/cotahist/COTAHIST_D03022022.TXT'))).split('\r\n');
    // Same header/trailer shape as the real file: '00COTAHIST.2022BOVESPA 20220203', '99…00000007263'.
    expect(real[0]?.slice(0, 23)).toBe('00COTAHIST.2022BOVESPA ');
    expect(ls[0]?.slice(0, 23)).toBe('00COTAHIST.2024BOVESPA ');
    const sessoes = pregoes(2024);
    expect(ls[0]?.slice(23, 31)).toBe(sessoes[sessoes.length - 1]?.replaceAll('-', ''));
    const trailer = ls[ls.length - 1] as string;
    expect(trailer.slice(0, 23)).toBe('99COTAHIST.2024BOVESPA ');
    expect(Number(trailer.slice(31, 42))).toBe(ls.length);
    const registros = ls.slice(1, -1);
    expect(registros.length).toBeGreaterThan(sessoes.length);
    const petr4 = real.find((l) => l.startsWith('012022020302PETR4 ')) as string;
    for (const r of [petr4, ...registros]) {
      expect(r.slice(0, 2)).toBe('01');
      expect(r.slice(52, 56)).toBe('R$  '); // MODREF, positions 53-56
      expect(r.slice(202, 210)).toBe('99991231'); // DATVEN, 203-210
      expect(r.slice(210, 217)).toBe('0000001'); // FATCOT, 211-217
      const [abe, max, min, ult] = [56, 69, 82, 108].map((s) => Number(r.slice(s, s + 13)));
      expect(min).toBeLessThanOrEqual(Math.min(abe as number, ult as number));
      expect(max).toBeGreaterThanOrEqual(Math.max(abe as number, ult as number));
      expect(isin(r.slice(230, 241))).toBe(r.slice(230, 242));
    }
    const datas = new Set(registros.map((r) => r.slice(2, 10)));
    for (const d of datas) expect(sessoes).toContain(`${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`);
    const bdis = new Set(registros.map((r) => `${r.slice(10, 12)}/${r.slice(24, 27)}`));
    expect(bdis.has('02/010')).toBe(true);
    expect(bdis.has('12/010')).toBe(true);
    expect(bdis.has('14/010')).toBe(true);
  });

  it('computes real ISIN check digits (ISINs from COTAHIST_D03022022.TXT) and valid CNPJs', () => {
    for (const real of [
      'BRPETRACNPR6',
      'BRVALEACNOR0',
      'BRHGLGCTF004',
      'BRBOVACTF003',
      'BRTAEECDAM10',
      'BRABEVACNOR1',
    ]) {
      expect(isin(real.slice(0, 11))).toBe(real);
    }
    // Banco do Brasil's CNPJ root 00000000 → 00.000.000/0001-91 (dfp_cia_aberta_2024.csv, line 2).
    expect(cnpj('00000000')).toBe('00.000.000/0001-91');
  });

  it('session calendar skips weekends and the listed holidays (2024: Carnival, Good Friday, 30 Dec is the last session)', () => {
    const s = pregoes(2024);
    expect(s).not.toContain('2024-02-12');
    expect(s).not.toContain('2024-02-13');
    expect(s).not.toContain('2024-03-29');
    expect(s).not.toContain('2024-12-31');
    expect(s[s.length - 1]).toBe('2024-12-30');
    expect(s.length).toBeGreaterThan(240);
    expect(s.length).toBeLessThan(255);
  });
});

describe('determinism', () => {
  it('same seed gives the same bytes; another seed does not', async () => {
    const dirB = join(base, 'b');
    const dirC = join(base, 'c');
    await gerar({ ...OPCOES, out: dirB });
    await gerar({ ...OPCOES, seed: 8, out: dirC });
    const [a, b, c] = await Promise.all([hashes(dirA), hashes(dirB), hashes(dirC)]);
    expect(Object.keys(a).length).toBeGreaterThan(6);
    expect(b).toEqual(a);
    expect(c['cvm/dfp/dfp_cia_aberta_2024.zip']).not.toBe(a['cvm/dfp/dfp_cia_aberta_2024.zip']);
    expect(readFileSync(join(dirA, 'GERADO.md'), 'utf8')).toMatch(/SINTÉTICOS/);
  });
});

describe('restatements', () => {
  it('some years are restated in the next annual filing, and the restated block still adds up', async () => {
    const u = criarUniverso(7, 0.03);
    const dre = async (ano: number) => {
      const m = membrosCvm(u, 'DFP', ano).find(
        (x) => x.nome === `dfp_cia_aberta_DRE_con_${ano}.csv`,
      ) as Membro;
      const partes: Buffer[] = [];
      for await (const c of m.conteudo()) partes.push(c);
      return porBloco(linhas(Buffer.concat(partes)));
    };
    let iguais = 0;
    let diferentes = 0;
    for (let ano = 2018; ano < 2024; ano++) {
      const [antes, depois] = [await dre(ano), await dre(ano + 1)];
      for (const [k, v] of antes) {
        const [c, , ordem, ini, fim] = k.split('|');
        if (ordem !== 'ÚLTIMO') continue;
        const pen = depois.get(`${c}|${ano + 1}-12-31|PENÚLTIMO|${ini}|${fim}`);
        if (!pen) continue;
        const mudou = [...v.keys()].some((cd) => !cd.startsWith('3.99') && v.get(cd) !== pen.get(cd));
        if (mudou) {
          diferentes++;
          expect(pen.get('3.03')).toBe((pen.get('3.01') ?? 0) + (pen.get('3.02') ?? 0));
          expect(pen.get('3.11')).toBe((pen.get('3.11.01') ?? 0) + (pen.get('3.11.02') ?? 0));
        } else iguais++;
      }
    }
    expect(diferentes).toBeGreaterThan(0);
    expect(iguais).toBeGreaterThan(diferentes * 4);
  });
});
