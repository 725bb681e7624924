import { describe, expect, it } from 'vitest';
import { DumpIndiceSchema } from './dump.ts';
import { HojeSchema } from './hoje.ts';
import { InfoSchema } from './info.ts';
import { SaudeSchema } from './saude.ts';

// Made here: shapes of our design (the spec does not show these answers); figures are placeholders
// except the plan quotas 200 and 10,000 (spec, Authentication).
const versao = '2026-11-22-amostra|1';

describe('saude', () => {
  it('accepts a health answer and refuses one without versao_do_dado', () => {
    const s = {
      ok: true,
      versao_do_dado: versao,
      construido_em: '2026-11-22T02:00:00-03:00',
      verificado_em: '2026-11-22T03:00:00Z',
    };
    expect(SaudeSchema.safeParse(s).success).toBe(true);
    const { versao_do_dado: _v, ...sem } = s;
    expect(SaudeSchema.safeParse(sem).success).toBe(false);
  });
});

describe('info', () => {
  const info = {
    servico: 'fundamentos',
    versao_api: '0.1.0',
    versao_do_dado: versao,
    rotas: [{ metodo: 'GET', caminho: '/empresas/{ticker}', acesso: 'aberta', o_que: 'índice da empresa' }],
    planos: [
      { plano: 'gratis', chamadas_por_dia: 200, como_obter: '/chave-gratis' },
      { plano: 'pro', chamadas_por_dia: 10000, como_obter: '/assinar' },
    ],
    degustacao_aberta: ['BOVA11', 'MXRF11', 'WEGE3'],
    nota: 'Descritivo; não é recomendação.',
  };
  it('accepts routes and plans and refuses a relative path or unknown access', () => {
    expect(InfoSchema.safeParse(info).success).toBe(true);
    const rota = { ...info.rotas[0], caminho: 'empresas' };
    expect(InfoSchema.safeParse({ ...info, rotas: [rota] }).success).toBe(false);
    const acesso = { ...info.rotas[0], acesso: 'livre' };
    expect(InfoSchema.safeParse({ ...info, rotas: [acesso] }).success).toBe(false);
  });
});

describe('hoje', () => {
  const mudanca = (data: string) => ({
    data,
    tipo: 'precos',
    texto: 'Preços da sessão.',
    texto_en: 'Session prices.',
    ticker: null,
    url: null,
  });
  const hoje = {
    versao_do_dado: versao,
    gerado_em: '2026-11-22T03:00:00-03:00',
    de: '2026-11-15',
    ate: '2026-11-21',
    mudancas: [mudanca('2026-11-21'), mudanca('2026-11-20')],
    nota: 'Últimos sete dias.',
  };
  it('accepts newest-first changes inside the window', () => {
    expect(HojeSchema.safeParse(hoje).success).toBe(true);
  });
  it('refuses a change outside the window and oldest-first order', () => {
    expect(HojeSchema.safeParse({ ...hoje, mudancas: [mudanca('2026-11-22')] }).success).toBe(false);
    expect(HojeSchema.safeParse({ ...hoje, mudancas: [...hoje.mudancas].reverse() }).success).toBe(false);
  });
});

describe('dump', () => {
  const conjunto = {
    conjunto: 'indicadores',
    url: '/dump/indicadores.csv',
    descricao: 'indicadores por empresa e ano',
    linhas: 0,
    bytes: 0,
    sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    colunas: ['cd_regulator', 'ano', 'nome', 'valor', 'flag'],
    plano: 'pro',
    parquet: null,
    dicionario: [],
  };
  it('accepts an index and refuses duplicate names and negative sizes', () => {
    const d = { versao_do_dado: versao, conjuntos: [conjunto], nota: 'CSV em UTF-8.' };
    expect(DumpIndiceSchema.safeParse(d).success).toBe(true);
    expect(DumpIndiceSchema.safeParse({ ...d, conjuntos: [conjunto, conjunto] }).success).toBe(false);
    expect(DumpIndiceSchema.safeParse({ ...d, conjuntos: [{ ...conjunto, bytes: -1 }] }).success).toBe(false);
  });
});
