import { env, SELF } from 'cloudflare:test';
import { AcompanharRespostaSchema } from '@fundamentos/schemas/contas';
import { VigiaEventosArtefatoSchema } from '@fundamentos/schemas/eventos';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sha256Hex } from '../src/chave-formato.ts';
import { CRON_HORARIO, CRON_RESUMO } from '../src/contas/agendado.ts';
import { conferirCarimbo } from '../src/contas/selo.ts';
import { BASE, erro, get } from './ajuda.ts';
import { Correio, carimboDeHa, EMAIL, formulario, type MensagemEnviada } from './contas-ajuda.ts';
import { semearBuild } from './semear.ts';

// Made here: addresses of invented readers.
const ANA = 'ana.leitora@exemplo.com.br';
const BEN = 'Ben.Reader@Example.org';

async function pedido(
  correio: Correio,
  campos: Record<string, string>,
  cabecalhos: Record<string, string> = {},
  caminho = '/acompanhar',
) {
  return correio.fetch(
    caminho,
    formulario(
      { ticker: 'TSTE3', carimbo: await carimboDeHa(10), site: '', ...campos },
      { Accept: 'text/html', ...cabecalhos },
    ),
  );
}

function link(m: MensagemEnviada | undefined, caminho: string): URL {
  const bruto = new RegExp(`https://api\\.test(/en)?${caminho}\\?\\S+`).exec(m?.text ?? '')?.[0];
  if (!bruto) throw new Error(`no ${caminho} link in:\n${m?.text}`);
  return new URL(bruto);
}

async function linha(id: string) {
  return env.DB.prepare('SELECT * FROM acompanhamentos WHERE id = ?1')
    .bind(id)
    .first<Record<string, string | null>>();
}

describe('the follow form on a company page', () => {
  it('is stamped with the signed time it was served, in both copies; other pages are untouched', async () => {
    const antes = Date.now();
    for (const caminho of ['/acoes/TSTE3', '/en/acoes/TSTE3']) {
      const res = await get(caminho, { Accept: 'text/html' });
      expect(res.status).toBe(200);
      expect(res.headers.get('etag')).toBeNull();
      const html = await res.text();
      const carimbo = /name="carimbo" value="([^"]+)"/.exec(html)?.[1] ?? '';
      expect(carimbo).toMatch(/^\d+\.[0-9a-f]{64}$/);
      expect(Number(carimbo.split('.')[0]) * 1000).toBeGreaterThanOrEqual(Math.floor(antes / 1000) * 1000);
      // Valid once a person could have typed an address.
      expect(await conferirCarimbo(env.SEGREDO_CONTAS, carimbo, new Date(Date.now() + 5000))).toBe('ok');
      expect(await conferirCarimbo(env.SEGREDO_CONTAS, carimbo, new Date())).toBe('cedo_demais');
    }
  });
});

describe('POST /acompanhar', () => {
  it('stores a pending request, mails a single-use confirmation link and an unsubscribe link, never repeats the address', async () => {
    const correio = new Correio();
    const res = await pedido(correio, { email: ANA, lang: 'pt' });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-acompanhar-recebido');
    expect(html).toContain('48 horas');
    expect(html).not.toMatch(EMAIL);
    expect(correio.enviadas).toHaveLength(1);
    const m = correio.enviadas[0];
    expect(m?.to).toBe(ANA);
    expect(m?.subject).toBe('Confirme: acompanhar TSTE3 no fundamentos-br');
    const confirmar = link(m, '/acompanhar/confirmar');
    const cancelar = link(m, '/acompanhar/cancelar');
    expect(m?.html).toContain(`href="${confirmar.href.replaceAll('&', '&amp;')}"`);
    expect(m?.headers?.['List-Unsubscribe']).toBe(`<${cancelar.href}>`);
    expect(m?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const id = confirmar.searchParams.get('id') ?? '';
    const l = await linha(id);
    expect(l).toMatchObject({ estado: 'pendente', ticker: 'TSTE3', lang: 'pt', email: ANA });
    // Only the token's hash is kept.
    expect(l?.confirmacao_hash).toBe(await sha256Hex(confirmar.searchParams.get('t') ?? ''));
    expect(correio.logs.join('\n')).not.toMatch(EMAIL);
  });

  it('JSON for an API client, in English; an address already asked gets the same answer and no new message', async () => {
    const correio = new Correio();
    const r1 = await pedido(correio, { email: BEN, lang: 'en' }, { Accept: 'application/json' });
    const corpo = AcompanharRespostaSchema.parse(await r1.json());
    expect(corpo).toEqual({ recebido: true, ticker: 'TSTE3', confirmar_em_horas: 48 });
    expect(correio.enviadas[0]?.subject).toBe('Confirm: follow TSTE3 on fundamentos-br');
    expect(link(correio.enviadas[0], '/acompanhar/confirmar').pathname).toBe('/en/acompanhar/confirmar');
    // Same address in another case, same company.
    const r2 = await pedido(correio, { email: BEN.toLowerCase() }, { Accept: 'application/json' });
    expect(await r2.text()).toBe(JSON.stringify(corpo));
    expect(correio.enviadas).toHaveLength(1);
  });

  it('refuses a bot: the trap field filled, no stamp, a forged stamp, a post right after the page, a stamp days old', async () => {
    const correio = new Correio();
    const casos: [Record<string, string>, string][] = [
      [{ site: 'https://spam.example' }, 'site'],
      [{ carimbo: '' }, 'carimbo'],
      [{ carimbo: `${Math.floor(Date.now() / 1000) - 60}.${'0'.repeat(64)}` }, 'carimbo'],
      [{ carimbo: await carimboDeHa(0) }, 'carimbo'],
      [{ carimbo: await carimboDeHa(3 * 86_400) }, 'carimbo'],
    ];
    for (const [campos, nome] of casos) {
      const res = await pedido(correio, { email: ANA, ...campos }, { Accept: 'application/json' });
      const e = await erro(res, 422);
      expect(e.parametros?.[0]?.nome).toBe(nome);
      expect(JSON.stringify(e)).not.toMatch(EMAIL);
    }
    expect(correio.enviadas).toHaveLength(0);
  });

  it('refuses a bad address and an unknown company with the 422 page in the reader’s language', async () => {
    const correio = new Correio();
    const en = await pedido(correio, { email: 'nao-e-email', lang: 'en' });
    expect(await en.clone().text()).toContain('lang="en"');
    expect((await erro(en, 422)).parametros?.[0]?.nome).toBe('email');
    expect(
      (await erro(await pedido(correio, { email: ANA, ticker: 'ZZZZ3' }), 422)).parametros?.[0]?.nome,
    ).toBe('ticker');
    expect(correio.enviadas).toHaveLength(0);
  });
});

describe('confirm and unsubscribe links', () => {
  it('confirming (GET shows a button, POST acts) turns the request active, once', async () => {
    const correio = new Correio();
    await pedido(correio, { email: 'carla@exemplo.com.br' });
    const confirmar = link(correio.enviadas[0], '/acompanhar/confirmar');
    const id = confirmar.searchParams.get('id') ?? '';
    const pagina = await correio.fetch(`${confirmar.pathname}${confirmar.search}`);
    expect(pagina.status).toBe(200);
    expect(await pagina.text()).toContain('<form method="post" action="/acompanhar/confirmar">');
    expect((await linha(id))?.estado).toBe('pendente');
    const campos = { id, t: confirmar.searchParams.get('t') ?? '' };
    const feito = await correio.fetch('/acompanhar/confirmar', formulario(campos));
    expect(await feito.text()).toContain('data-feito');
    expect(await linha(id)).toMatchObject({ estado: 'ativo', confirmacao_hash: null });
    const denovo = await correio.fetch('/acompanhar/confirmar', formulario(campos));
    expect(denovo.status).toBe(404);
    expect(await denovo.text()).toContain('data-link-invalido');
    const forjado = await correio.fetch('/acompanhar/confirmar', formulario({ id, t: 'a'.repeat(48) }));
    expect(forjado.status).toBe(404);
  });

  it('unsubscribing needs no login, deletes the row, and works as a one-click POST; a forged token does nothing', async () => {
    const correio = new Correio();
    await pedido(correio, { email: 'davi@exemplo.com.br', lang: 'en' });
    await pedido(correio, { email: 'eva@exemplo.com.br' });
    const [d, e] = correio.enviadas.map((m) => link(m, '/acompanhar/cancelar'));
    if (!d || !e) throw new Error('two messages expected');
    const idD = d.searchParams.get('id') ?? '';
    const forjado = await correio.fetch('/acompanhar/cancelar', formulario({ id: idD, t: 'b'.repeat(64) }));
    expect(forjado.status).toBe(404);
    expect(await linha(idD)).not.toBeNull();
    const pagina = await correio.fetch(`${d.pathname}${d.search}`);
    expect(await pagina.text()).toContain('Stop receiving messages about TSTE3?');
    const feito = await correio.fetch(
      '/en/acompanhar/cancelar',
      formulario({ id: idD, t: d.searchParams.get('t') ?? '' }),
    );
    expect(await feito.text()).toContain('you will receive no more messages about TSTE3');
    expect(await linha(idD)).toBeNull();
    // RFC 8058: the mail client posts `List-Unsubscribe=One-Click` to the header's URL.
    const umClique = await correio.fetch(
      `${e.pathname}${e.search}`,
      formulario({ 'List-Unsubscribe': 'One-Click' }),
    );
    expect(umClique.status).toBe(200);
    expect(await linha(e.searchParams.get('id') ?? '')).toBeNull();
  });
});

describe('scheduled: hourly cleanup', () => {
  it('deletes requests left unconfirmed past 48 hours, sends nothing, keeps active and recent ones', async () => {
    const correio = new Correio();
    await pedido(correio, { email: 'velho@exemplo.com.br' });
    await pedido(correio, { email: 'ativo@exemplo.com.br' });
    await pedido(correio, { email: 'novo@exemplo.com.br' });
    const [velho, ativo, novo] = correio.enviadas.map((m) => link(m, '/acompanhar/confirmar'));
    const id = (u: URL | undefined) => u?.searchParams.get('id') ?? '';
    await correio.fetch(
      '/acompanhar/confirmar',
      formulario({ id: id(ativo), t: ativo?.searchParams.get('t') ?? '' }),
    );
    const antigo = new Date(Date.now() - 49 * 3600_000).toISOString();
    await env.DB.prepare('UPDATE acompanhamentos SET criado_em = ?1 WHERE id IN (?2, ?3)')
      .bind(antigo, id(velho), id(ativo))
      .run();
    const enviadas = correio.enviadas.length;
    await correio.scheduled(CRON_HORARIO, new Date());
    expect(await linha(id(velho))).toBeNull();
    expect((await linha(id(ativo)))?.estado).toBe('ativo');
    expect((await linha(id(novo)))?.estado).toBe('pendente');
    expect(correio.enviadas.length).toBe(enviadas);
    expect(correio.logs.join('\n')).toContain('"pedidos_apagados":');
    expect(correio.logs.join('\n')).not.toMatch(EMAIL);
  });
});

describe('scheduled: weekly digest', () => {
  // Made here: the watcher's artefact (json/vigia/eventos.json) with events of ISO week 2026-47
  // (16–22 November 2026) and around it, in the shape of the vigia stage.
  const VERSAO = '2026-11-23-contas|1';
  const base = {
    periodo_anterior: '2024',
    periodo_novo: '2025',
    indicador: 'margem_liquida',
    antes: 0.04,
    depois: 0.16,
    faixa_antes: 'abaixo_de_5',
    faixa_depois: 'acima_de_15',
    motivos: [],
    fonte: 'DFP 2025 (fixture)',
    cd_regulator: 900001,
    setor: 'Teste',
    versao_do_dado: VERSAO,
  };
  const eventos = {
    versao_do_dado: VERSAO,
    eventos: [
      {
        ...base,
        classe: 'empresas',
        tipo: 'faixa_margem',
        data: '2026-11-23',
        ticker: 'TSTE3',
        nome: 'Teste SA',
        texto: 'Fora da semana (segunda seguinte).',
        texto_en: 'Outside the week (next Monday).',
      },
      {
        ...base,
        classe: 'empresas',
        tipo: 'faixa_margem',
        data: '2026-11-22',
        ticker: 'TSTE3',
        nome: 'Teste SA',
        texto: 'Margem líquida passou de 5% a 15% para acima de 15%.',
        texto_en: 'Net margin moved from 5%–15% to above 15%.',
      },
      {
        ...base,
        classe: 'fiis',
        tipo: 'faixa_margem',
        data: '2026-11-18',
        ticker: 'TSTE3',
        nome: 'Homônimo FII',
        texto: 'Evento de fundo.',
        texto_en: 'Fund event.',
        cd_regulator: null,
        setor: null,
      },
      // newest first, as the watcher publishes
      {
        ...base,
        classe: 'empresas',
        tipo: 'lucro_prejuizo',
        data: '2026-11-16',
        ticker: 'OUTR3',
        nome: 'Outra SA',
        texto: 'Lucro virou prejuízo.',
        texto_en: 'Profit turned into loss.',
      },
      {
        ...base,
        classe: 'empresas',
        tipo: 'faixa_margem',
        data: '2026-11-15',
        ticker: 'TSTE3',
        nome: 'Teste SA',
        texto: 'Fora da semana (domingo anterior).',
        texto_en: 'Outside the week (Sunday before).',
      },
    ],
  };

  beforeAll(async () => {
    VigiaEventosArtefatoSchema.parse(eventos);
    const fixture = inject('fixtureInfra');
    const manifesto = JSON.parse(atob(fixture.arquivos['manifest.json'] ?? '')) as {
      versao_do_dado: string;
      artefatos: object[];
    };
    const texto = JSON.stringify(eventos);
    const bytes = new TextEncoder().encode(texto);
    manifesto.versao_do_dado = VERSAO;
    manifesto.artefatos.push({
      name: 'vigia_eventos',
      path: 'json/vigia/eventos.json',
      rows: eventos.eventos.length,
      bytes: bytes.length,
      sha256: await sha256Hex(texto),
      schema: 'vigia/eventos',
      format: 'json',
    });
    const b64 = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s)));
    await semearBuild(env.ARTEFATOS, {
      versao_do_dado: VERSAO,
      dir: VERSAO.replace('|', '.'),
      arquivos: {
        ...fixture.arquivos,
        'manifest.json': b64(JSON.stringify(manifesto)),
        'json/vigia/eventos.json': b64(texto),
      },
    });
  });
  afterAll(() => semearBuild(env.ARTEFATOS, inject('fixtureInfra')));

  async function seguir(correio: Correio, email: string, lang: 'pt' | 'en', ticker = 'TSTE3'): Promise<void> {
    const n = correio.enviadas.length;
    await pedido(correio, { email, lang, ticker });
    const c = link(correio.enviadas[n], '/acompanhar/confirmar');
    await correio.fetch(
      c.pathname,
      formulario({ id: c.searchParams.get('id') ?? '', t: c.searchParams.get('t') ?? '' }),
    );
  }

  it('sends each active follower the closed week’s events of their companies, in their language, text and HTML', async () => {
    const correio = new Correio();
    await env.DB.exec('DELETE FROM acompanhamentos');
    await seguir(correio, 'fabio@exemplo.com.br', 'pt');
    await seguir(correio, 'grace@example.org', 'en');
    await pedido(correio, { email: 'pendente@exemplo.com.br' });
    const antes = correio.enviadas.length;
    // Monday 23 November 2026, 11:00 UTC: the week that closed the day before is 2026-47.
    await correio.scheduled(CRON_RESUMO, new Date('2026-11-23T11:00:00Z'));
    const resumos = correio.enviadas.slice(antes);
    expect(resumos.map((m) => m.to).sort()).toEqual(['fabio@exemplo.com.br', 'grace@example.org']);
    const pt = resumos.find((m) => m.to === 'fabio@exemplo.com.br');
    expect(pt?.subject).toBe('fundamentos-br: eventos da semana 2026-47');
    expect(pt?.text).toContain('- 2026-11-22 · Margem líquida passou de 5% a 15% para acima de 15%.');
    expect(pt?.text).not.toContain('Fora da semana');
    expect(pt?.text).not.toContain('Evento de fundo');
    expect(pt?.text).not.toContain('OUTR3');
    expect(pt?.text).toContain('https://api.test/vigia/semana/2026-47');
    expect(pt?.html).toContain('<li>2026-11-22 · Margem líquida passou de 5% a 15% para acima de 15%.</li>');
    expect(pt?.text).toMatch(/https:\/\/api\.test\/acompanhar\/cancelar\?id=/);
    const en = resumos.find((m) => m.to === 'grace@example.org');
    expect(en?.subject).toBe('fundamentos-br: events of week 2026-47');
    expect(en?.text).toContain('Net margin moved from 5%–15% to above 15%.');
    expect(en?.text).toContain('https://api.test/en/vigia/semana/2026-47');
    expect(correio.logs.join('\n')).toContain('"mensagens":2');
    expect(correio.logs.join('\n')).not.toMatch(EMAIL);
  });

  it('a week without events for a follower sends them nothing', async () => {
    const correio = new Correio();
    await env.DB.exec('DELETE FROM acompanhamentos');
    await seguir(correio, 'hugo@exemplo.com.br', 'pt', 'TSTE3');
    const antes = correio.enviadas.length;
    // Monday 7 December: week 2026-49 (30 November – 6 December) has no event at all.
    await correio.scheduled(CRON_RESUMO, new Date('2026-12-07T11:00:00Z'));
    expect(correio.enviadas.length).toBe(antes);
    // Monday 16 November: week 2026-46 (9–15 November) holds the TSTE3 event of Sunday the 15th.
    await correio.scheduled(CRON_RESUMO, new Date('2026-11-16T11:00:00Z'));
    expect(correio.enviadas.length).toBe(antes + 1);
    expect(correio.enviadas.at(-1)?.text).toContain('Fora da semana (domingo anterior).');
  });
});

describe('when the mail binding refuses', () => {
  it('the follow request answers 500, keeps nothing, and the log line does not quote the address', async () => {
    const correio = new Correio();
    correio.recusar = true;
    const res = await pedido(correio, { email: 'recusado@exemplo.com.br' }, { Accept: 'application/json' });
    await erro(res, 500);
    const resto = await env.DB.prepare('SELECT count(*) AS n FROM acompanhamentos WHERE email = ?1')
      .bind('recusado@exemplo.com.br')
      .first<{ n: number }>();
    expect(resto?.n).toBe(0);
    expect(correio.logs.join('\n')).toContain(
      'send_email: Error: destination address <endereço> is not allowed',
    );
    expect(correio.logs.join('\n')).not.toMatch(EMAIL);
    // A later request for the same address and company goes through (nothing was left behind).
    correio.recusar = false;
    expect((await pedido(correio, { email: 'recusado@exemplo.com.br' })).status).toBe(200);
    expect(correio.enviadas).toHaveLength(1);
  });
});

describe('the follow request never answers with the address', () => {
  it('no answer of any follow route carries it', async () => {
    const correio = new Correio();
    const respostas = [await pedido(correio, { email: 'ivo@exemplo.com.br' })];
    const c = link(correio.enviadas[0], '/acompanhar/confirmar');
    respostas.push(await correio.fetch(`${c.pathname}${c.search}`));
    respostas.push(
      await correio.fetch(
        c.pathname,
        formulario({ id: c.searchParams.get('id') ?? '', t: c.searchParams.get('t') ?? '' }),
      ),
    );
    const x = link(correio.enviadas[0], '/acompanhar/cancelar');
    respostas.push(await correio.fetch(`${x.pathname}${x.search}`));
    respostas.push(
      await correio.fetch(
        x.pathname,
        formulario({ id: x.searchParams.get('id') ?? '', t: x.searchParams.get('t') ?? '' }),
      ),
    );
    for (const r of respostas) {
      expect(r.status).toBe(200);
      expect([...r.headers].join('\n')).not.toMatch(EMAIL);
      expect(await r.text()).not.toMatch(EMAIL);
    }
    expect(correio.logs.join('\n')).not.toMatch(EMAIL);
    // Through the real binding too (SELF): the simulated Email Service accepts the message.
    const real = await SELF.fetch(
      `${BASE}/acompanhar`,
      formulario({ ticker: 'TSTE3', email: 'joana@exemplo.com.br', carimbo: await carimboDeHa(10) }),
    );
    expect(real.status).toBe(200);
    expect(await real.text()).not.toMatch(EMAIL);
  });
});
