import { Fluxo } from './aleatorio.ts';

/** Full scale: about 700 listed companies and 2,000 trading codes a year. */
export const ESCALA_CHEIA = { empresas: 700, fiis: 300, etfs: 80, bdrs: 105 } as const;
export const ANO_INICIAL = 2010;
export const ANO_FINAL = 2025;

export type Classe = 'ON' | 'PN' | 'UNT';

export interface Empresa {
  i: number;
  cnpj: string;
  cdCvm: string;
  nome: string;
  /** SETOR_ATIV in the registry. */
  setor: string;
  raiz: string;
  /** ESCALA_MOEDA of every statement this company files. */
  escala: 'MIL' | 'UNIDADE';
  unidade: number;
  primeiroAno: number;
  ultimoAno: number;
  classes: Classe[];
  governanca: 'NM' | 'N1' | 'N2' | '';
  /** Shares issued per class (ON, PN), in units. */
  acoesOn: number;
  acoesPn: number;
  tesouraria: number;
  /** Reproduces a real quirk: some companies file composicao_capital in thousands of shares. */
  composicaoEmMil: boolean;
  receitaBase: number;
  crescimento: number;
  giro: number;
  alavancagem: number;
  margemCusto: number;
  despVendas: number;
  despGa: number;
  equivalencia: number;
  juros: number;
  depreciacao: number;
  capex: number;
  naoControladores: number;
  fracaoInd: number;
  precoInicial: number;
  liquidez: number;
}

export interface Fundo {
  tipo: 'FII' | 'ETF' | 'BDR';
  raiz: string;
  codigo: string;
  nomres: string;
  precoInicial: number;
  vol: number;
  liquidez: number;
  primeiroAno: number;
}

export interface Universo {
  seed: number;
  escala: number;
  empresas: Empresa[];
  fundos: Fundo[];
}

/** Word used in the synthetic name → CVM's SETOR_ATIV label (values seen in data/sample/raw/cvm/cad). */
export const SETORES: readonly (readonly [string, string])[] = [
  ['ENERGIA', 'Energia Elétrica'],
  ['CONSTRUÇÕES', 'Construção Civil, Mat. Constr. e Decoração'],
  ['PARTICIPAÇÕES', 'Emp. Adm. Participações'],
  ['INDÚSTRIA', 'Máquinas, Equipamentos, Veículos e Peças'],
  ['LOGÍSTICA', 'Serviços Transporte e Logística'],
  ['SANEAMENTO', 'Saneamento, Serv. Água e Gás'],
  ['ALIMENTOS', 'Alimentos'],
  ['TÊXTIL', 'Têxtil e Vestuário'],
  ['MINERAÇÃO', 'Extração Mineral'],
  ['SAÚDE', 'Serviços Médicos'],
  ['TELECOMUNICAÇÕES', 'Telecomunicações'],
  ['VAREJO', 'Comércio (Atacado e Varejo)'],
  ['PETRÓLEO', 'Petróleo e Gás'],
  ['CELULOSE', 'Papel e Celulose'],
  ['SIDERÚRGICA', 'Metalurgia e Siderurgia'],
  ['EDUCAÇÃO', 'Educação'],
];

const LETRAS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export function quantos(total: number, escala: number): number {
  return Math.max(1, Math.round(total * escala));
}

function raizUnica(f: Fluxo, usadas: Set<string>): string {
  for (;;) {
    let r = '';
    for (let k = 0; k < 4; k++) r += LETRAS[f.int(0, 25)];
    if (!usadas.has(r)) {
      usadas.add(r);
      return r;
    }
  }
}

/** CNPJ with valid check digits, masked `00.000.000/0001-00`. */
export function cnpj(raiz8: string): string {
  const base = `${raiz8}0001`;
  const dv = (s: string): number => {
    const pesos =
      s.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const soma = [...s].reduce((acc, d, k) => acc + Number(d) * (pesos[k] ?? 0), 0);
    const r = soma % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = dv(base);
  const d2 = dv(`${base}${d1}`);
  const n = `${base}${d1}${d2}`;
  return `${n.slice(0, 2)}.${n.slice(2, 5)}.${n.slice(5, 8)}/${n.slice(8, 12)}-${n.slice(12)}`;
}

/** ISIN check digit (letters → 10..35, then Luhn from the right). */
export function isin(sem: string): string {
  const digitos = [...sem].map((c) => (/[0-9]/.test(c) ? c : String(c.charCodeAt(0) - 55))).join('');
  let soma = 0;
  for (let k = 0; k < digitos.length; k++) {
    let d = Number(digitos[digitos.length - 1 - k]);
    if (k % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    soma += d;
  }
  return `${sem}${(10 - (soma % 10)) % 10}`;
}

/**
 * The synthetic universe. Company `i` is the same at every scale (its own random stream), so a
 * smaller scale is a prefix of a larger one.
 */
export function criarUniverso(seed: number, escala: number): Universo {
  const usadas = new Set<string>();
  const empresas: Empresa[] = [];
  const cnpjs = new Set<string>();
  for (let i = 0; i < quantos(ESCALA_CHEIA.empresas, escala); i++) {
    const f = new Fluxo(seed, 'empresa', i);
    let c = '';
    do c = cnpj(String(f.int(1, 99_999_999)).padStart(8, '0'));
    while (cnpjs.has(c));
    cnpjs.add(c);
    const raiz = raizUnica(f, usadas);
    const temPn = f.chance(0.4);
    const temUnt = temPn && f.chance(0.12);
    const classes: Classe[] = [
      'ON',
      ...(temPn ? (['PN'] as const) : []),
      ...(temUnt ? (['UNT'] as const) : []),
    ];
    const receitaBase = 10 ** f.entre(7.5, 10.5);
    const giro = f.entre(0.6, 2.5);
    const distressed = f.chance(0.03);
    const precoInicial = f.entre(4, 60);
    // Market value of 0.4–2× total assets puts the median P/E near 10 and P/B near 2.
    const acoes = Math.round((receitaBase * giro * f.entre(0.4, 2.0)) / precoInicial / 1000) * 1000;
    const fracaoOn = temPn ? f.entre(0.33, 0.6) : 1;
    const [palavra, setor] = f.escolher(SETORES);
    const tardio = f.chance(0.15);
    const saiu = f.chance(0.1);
    empresas.push({
      i,
      cnpj: c,
      cdCvm: String(1000 + i * 17 + f.int(0, 16)).padStart(6, '0'),
      nome: `${raiz} ${palavra} SINTÉTICA S.A.`,
      setor,
      raiz,
      escala: f.chance(0.06) ? 'UNIDADE' : 'MIL',
      unidade: 0,
      primeiroAno: tardio ? f.int(ANO_INICIAL + 1, ANO_FINAL - 1) : ANO_INICIAL,
      ultimoAno: saiu ? f.int(ANO_INICIAL + 2, ANO_FINAL - 1) : ANO_FINAL,
      classes,
      governanca: f.escolher(['NM', 'NM', 'N1', 'N2', ''] as const),
      acoesOn: Math.round(acoes * fracaoOn),
      acoesPn: acoes - Math.round(acoes * fracaoOn),
      tesouraria: f.chance(0.5) ? f.entre(0, 0.03) : 0,
      composicaoEmMil: f.chance(0.05),
      receitaBase,
      crescimento: f.entre(-0.02, 0.12),
      giro,
      alavancagem: distressed ? f.entre(1.02, 1.3) : f.entre(0.3, 0.8),
      margemCusto: f.entre(0.45, 0.82),
      despVendas: f.entre(0.02, 0.1),
      despGa: f.entre(0.03, 0.09),
      equivalencia: f.chance(0.4) ? f.entre(0.001, 0.03) : 0,
      juros: distressed ? f.entre(0.08, 0.2) : f.entre(0.01, 0.07),
      depreciacao: f.entre(0.02, 0.08),
      capex: f.entre(0.03, 0.12),
      naoControladores: f.chance(0.3) ? f.entre(0.01, 0.2) : 0,
      fracaoInd: f.entre(0.25, 0.95),
      precoInicial,
      liquidez: f.entre(0.7, 1),
    });
  }
  for (const e of empresas) {
    if (e.primeiroAno > e.ultimoAno) e.ultimoAno = ANO_FINAL;
    e.unidade = e.escala === 'MIL' ? 1000 : 1;
  }
  const fundos: Fundo[] = [];
  const tipos = [
    ['FII', ESCALA_CHEIA.fiis],
    ['ETF', ESCALA_CHEIA.etfs],
    ['BDR', ESCALA_CHEIA.bdrs],
  ] as const;
  for (const [tipo, n] of tipos) {
    for (let k = 0; k < quantos(n, escala); k++) {
      const f = new Fluxo(seed, tipo, k);
      const raiz = raizUnica(f, usadas);
      fundos.push({
        tipo,
        raiz,
        codigo: tipo === 'BDR' ? `${raiz}34` : `${raiz}11`,
        nomres: tipo === 'FII' ? `FII ${raiz} GER` : tipo === 'ETF' ? `ETF ${raiz} GER` : `${raiz} GERADA`,
        precoInicial: tipo === 'FII' ? f.entre(60, 140) : tipo === 'ETF' ? f.entre(8, 120) : f.entre(15, 90),
        vol:
          tipo === 'FII'
            ? f.entre(0.006, 0.015)
            : tipo === 'ETF'
              ? f.entre(0.008, 0.016)
              : f.entre(0.012, 0.025),
        liquidez: tipo === 'FII' ? f.entre(0.55, 1) : tipo === 'ETF' ? f.entre(0.5, 1) : f.entre(0.3, 0.9),
        primeiroAno: f.chance(0.6) ? ANO_INICIAL : f.int(ANO_INICIAL + 1, ANO_FINAL),
      });
    }
  }
  return { seed, escala, empresas, fundos };
}
