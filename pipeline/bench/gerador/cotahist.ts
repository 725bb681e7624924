import { join } from 'node:path';
import { Fluxo } from './aleatorio.ts';
import { pregoes } from './calendario.ts';
import { fatorPreco } from './modelo.ts';
import { ANO_INICIAL, type Empresa, isin, type Universo } from './universo.ts';
import { Blocos, escreverZip } from './zip.ts';

/** One trading code as COTAHIST describes it (B3 SeriesHistoricas layout, sources.md §3.2). */
export interface Codigo {
  codneg: string;
  codbdi: string;
  tpmerc: string;
  nomres: string;
  especi: string;
  codisi: string;
  /** Key of the price path this code follows (odd lots follow their standard lot). */
  trilha: string;
  empresa: Empresa | null;
  primeiroAno: number;
  ultimoAno: number;
  liquidez: number;
  lote: number;
  precoInicial: number;
  vol: number;
}

function especi(classe: string, gov: string): string {
  return gov ? `${classe.padEnd(8)}${gov}` : classe;
}

/** Codes of the universe: shares (standard and odd lot), FIIs, ETFs and BDRs, sorted as B3 sorts them. */
export function codigos(u: Universo): Codigo[] {
  const out: Codigo[] = [];
  for (const e of u.empresas) {
    const f = new Fluxo(u.seed, 'codigos', e.i);
    for (const classe of e.classes) {
      const sufixo = classe === 'ON' ? '3' : classe === 'PN' ? '4' : '11';
      const codneg = `${e.raiz}${sufixo}`;
      const sem =
        classe === 'ON' ? `BR${e.raiz}ACNOR` : classe === 'PN' ? `BR${e.raiz}ACNPR` : `BR${e.raiz}CDAM1`;
      const mult = classe === 'ON' ? 1 : classe === 'PN' ? f.entre(0.85, 1) : f.entre(2.6, 3);
      const base: Codigo = {
        codneg,
        codbdi: '02',
        tpmerc: '010',
        nomres: `${e.raiz} GERADA`,
        especi: especi(classe, e.governanca),
        codisi: isin(sem),
        trilha: `${e.raiz}:${classe}`,
        empresa: e,
        primeiroAno: e.primeiroAno,
        ultimoAno: e.ultimoAno,
        liquidez: e.liquidez,
        lote: 100,
        precoInicial: e.precoInicial * mult,
        vol: f.entre(0.012, 0.03),
      };
      out.push(base);
      if (f.chance(0.5)) {
        out.push({
          ...base,
          codneg: `${codneg}F`,
          codbdi: '96',
          tpmerc: '020',
          liquidez: e.liquidez * 0.8,
          lote: 1,
        });
      }
    }
  }
  for (const fu of u.fundos) {
    out.push({
      codneg: fu.codigo,
      codbdi: fu.tipo === 'FII' ? '12' : fu.tipo === 'ETF' ? '14' : '02',
      tpmerc: '010',
      nomres: fu.nomres,
      especi: fu.tipo === 'BDR' ? 'DRN' : fu.tipo === 'FII' ? 'CI  ER' : 'CI',
      codisi: isin(`BR${fu.raiz}${fu.tipo === 'BDR' ? 'BDR' : 'CTF'}00`),
      trilha: fu.codigo,
      empresa: null,
      primeiroAno: fu.primeiroAno,
      ultimoAno: 9999,
      liquidez: fu.liquidez,
      lote: 1,
      precoInicial: fu.precoInicial,
      vol: fu.vol,
    });
  }
  return out.sort((a, b) => (a.codbdi + a.codneg < b.codbdi + b.codneg ? -1 : 1));
}

const n = (v: number, w: number): string => {
  const s = String(Math.max(0, Math.round(v)));
  return s.length > w ? '9'.repeat(w) : s.padStart(w, '0');
};

/** A 245-character type-01 record. */
export function registro(
  data: string,
  c: Codigo,
  p: { abe: number; max: number; min: number; med: number; ult: number; ofc: number; ofv: number },
  totneg: number,
  quatot: number,
  dismes: number,
): string {
  const voltot = quatot * p.med;
  return (
    '01' +
    data.replaceAll('-', '') +
    c.codbdi +
    c.codneg.padEnd(12) +
    c.tpmerc +
    c.nomres.padEnd(12).slice(0, 12) +
    c.especi.padEnd(10) +
    '   ' +
    'R$  ' +
    n(p.abe, 13) +
    n(p.max, 13) +
    n(p.min, 13) +
    n(p.med, 13) +
    n(p.ult, 13) +
    n(p.ofc, 13) +
    n(p.ofv, 13) +
    n(totneg, 5) +
    n(quatot, 18) +
    n(voltot, 18) +
    n(0, 13) +
    '0' +
    '99991231' +
    '0000001' +
    n(0, 13) +
    c.codisi +
    n(dismes, 3)
  );
}

export function cabecalho(ano: number, data: string): string {
  return `00COTAHIST.${ano}BOVESPA ${data.replaceAll('-', '')}`.padEnd(245);
}

export function trailer(ano: number, data: string, totreg: number): string {
  return `99COTAHIST.${ano}BOVESPA ${data.replaceAll('-', '')}${n(totreg, 11)}`.padEnd(245);
}

interface Estado {
  x: number;
  ult: number;
  dismes: number;
}

/**
 * Prices follow the company's revenue path (so P/E and P/B stay in believable ranges) times a
 * mean-reverting noise; paths are simulated from 2010 even when only later years are written, so a
 * year's file is the same whichever years are asked for.
 */
export async function escreverCotahist(u: Universo, anos: number[], out: string): Promise<string[]> {
  const cs = codigos(u);
  const estado = new Map<string, Estado>();
  const escritos: string[] = [];
  const ultimo = Math.max(...anos);
  for (let ano = ANO_INICIAL; ano <= ultimo; ano++) {
    const sessoes = pregoes(ano);
    const ultimaSessao = sessoes[sessoes.length - 1] ?? `${ano}-12-30`;
    const escrever = anos.includes(ano);
    const gerar = async function* (): AsyncGenerator<Buffer> {
      const b = new Blocos('\r\n');
      b.linha(cabecalho(ano, ultimaSessao));
      let totreg = 1;
      const fl = new Map<string, Fluxo>();
      const fatores = new Map<string, [number, number]>();
      for (const c of cs) {
        fl.set(c.codneg, new Fluxo(u.seed, 'pregao', c.codneg, ano));
        if (c.empresa) {
          fatores.set(c.codneg, [fatorPreco(c.empresa, u.seed, ano - 1), fatorPreco(c.empresa, u.seed, ano)]);
        }
      }
      for (let s = 0; s < sessoes.length; s++) {
        const data = sessoes[s] as string;
        const t = (s + 1) / sessoes.length;
        for (const c of cs) {
          const f = fl.get(c.codneg) as Fluxo;
          const impar = c.codbdi === '96';
          let st = estado.get(c.trilha);
          if (!st) {
            st = {
              x: 0,
              ult: Math.round(c.precoInicial * 100),
              dismes: 100 + new Fluxo(u.seed, 'dismes', c.trilha).int(0, 200),
            };
            estado.set(c.trilha, st);
          }
          if (!impar) {
            // Ornstein-Uhlenbeck on the log-deviation from the fundamental path.
            st.x = st.x * 0.996 + c.vol * f.normal();
            const fat = fatores.get(c.codneg);
            const fund = fat ? fat[0] ** (1 - t) * fat[1] ** t : 1;
            st.ult = Math.max(1, Math.round(c.precoInicial * fund * Math.exp(st.x) * 100));
            if (c.empresa && f.chance(1 / 250)) st.dismes = st.dismes >= 999 ? 100 : st.dismes + 1;
          }
          const negocia = ano >= c.primeiroAno && ano <= c.ultimoAno && f.chance(c.liquidez);
          const ruido = impar ? 1 + 0.003 * f.normal() : 1;
          const ult = Math.max(1, Math.round(st.ult * ruido));
          const abe = Math.max(1, Math.round(ult * Math.exp(0.4 * c.vol * f.normal())));
          const max = Math.max(
            abe,
            ult,
            Math.round(Math.max(abe, ult) * (1 + Math.abs(f.normal()) * c.vol * 0.4)),
          );
          const min = Math.max(
            1,
            Math.min(abe, ult, Math.round(Math.min(abe, ult) * (1 - Math.abs(f.normal()) * c.vol * 0.4))),
          );
          const med = Math.min(max, Math.max(min, Math.round((abe + ult + max + min) / 4)));
          const quatot = impar
            ? f.int(1, 99) * f.int(1, 40)
            : c.lote * Math.max(1, Math.round(f.lognormal(1) * 2000));
          const totneg = Math.max(1, Math.min(99_999, Math.round(quatot / (impar ? 20 : 400))));
          if (!negocia || !escrever) continue;
          const reg = registro(
            data,
            c,
            { abe, max, min, med, ult, ofc: Math.max(1, ult - 1), ofv: ult + 1 },
            totneg,
            quatot,
            st.dismes,
          );
          totreg++;
          const chunk = b.linha(reg);
          if (chunk) yield chunk;
        }
      }
      totreg++;
      b.linha(trailer(ano, ultimaSessao, totreg));
      const r = b.esvaziar();
      if (r) yield r;
    };
    if (escrever) {
      const caminho = join(out, 'b3', 'cotahist', `COTAHIST_A${ano}.ZIP`);
      await escreverZip(caminho, [{ nome: `COTAHIST_A${ano}.TXT`, conteudo: gerar }], [ano + 1, 1, 2]);
      escritos.push(caminho);
    } else {
      for await (const _ of gerar()) {
        // simulated only, to carry the price paths into the years that are written
      }
    }
  }
  return escritos;
}
