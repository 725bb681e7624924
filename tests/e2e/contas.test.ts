import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { iniciarStripeLocal, type StripeLocal } from '@fundamentos/edge-api/stripe-local';
import { amostraPublicada } from '@fundamentos/pipeline/testing/amostra';
import { PortalSchema } from '@fundamentos/schemas/contas';
import { EmpresasListaSchema } from '@fundamentos/schemas/empresa';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Borda, iniciarBordaComChromium, portaLivre } from './borda.ts';
import { abrirPagina, leitorDaPublicacao, SCREENSHOTS } from './site-build.ts';

/**
 * The account forms in Debian's Chromium, with and without JavaScript, in both languages: the real site
 * build (the follow form of AcompanharForm.astro on a company page) served by the worker (`api serve`) with
 * its Stripe SDK pointed at the local stand-in, which also serves the checkout page and delivers the webhook.
 * The messages go through wrangler's simulated Email Service, which logs where it stored each body.
 */

// Made here, for this test only.
const VARS = {
  STRIPE_SECRET_KEY: 'sk_test_e2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
  SEGREDO_CONTAS: 'segredo-e2e',
};

let borda: Borda | undefined;
let parar: () => Promise<void> = async () => {};
let stripe: StripeLocal | undefined;
let browser: Browser;
let base: string;
let ticker: string;

beforeAll(async () => {
  const pub = await amostraPublicada();
  const empresas = EmpresasListaSchema.parse(leitorDaPublicacao(pub)('json/empresas.json'));
  ticker = empresas[0]?.ticker ?? '';
  const porta = await portaLivre();
  base = `http://127.0.0.1:${porta}`;
  stripe = await iniciarStripeLocal({
    webhook: `${base}/assinar/webhook`,
    segredoWebhook: VARS.STRIPE_WEBHOOK_SECRET,
  });
  ({ borda, browser, parar } = await iniciarBordaComChromium({
    prefixo: 'e2e-contas-',
    pub,
    porta,
    vars: { ...VARS, STRIPE_API: stripe.url, ORIGEM_PUBLICA: base },
  }));
});

afterAll(async () => {
  await parar();
  await stripe?.fechar();
});

// A Brazilian reader on the un-prefixed pages (they negotiate from Accept-Language), an English one under /en/.
const CASOS = [
  { lang: 'pt', prefixo: '', js: true, locale: 'pt-BR' },
  { lang: 'pt', prefixo: '', js: false, locale: 'pt-BR' },
  { lang: 'en', prefixo: '/en', js: true, locale: 'en-US' },
  { lang: 'en', prefixo: '/en', js: false, locale: 'en-US' },
] as const;

/** Bodies of the messages the simulated Email Service stored, newest last (paths printed in its log). */
function mensagens(): string[] {
  const caminhos = [...(borda?.log() ?? '').matchAll(/Text: (\S+\.txt)/g)].map((m) => m[1] ?? '');
  return caminhos.map((c) => readFileSync(c, 'utf8'));
}

/** The first message logged after the first `antes` ones (waits for the simulated delivery's log line). */
async function novaMensagem(antes: number): Promise<string> {
  for (let i = 0; i < 150; i++) {
    const m = mensagens()[antes];
    if (m !== undefined) return m;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no new logged message after ${antes}:\n${borda?.log().slice(-3000)}`);
}

describe('follow a company by e-mail (company page form)', () => {
  for (const { lang, prefixo, js, locale } of CASOS) {
    it(`${lang}, JavaScript ${js ? 'on' : 'off'}: the form posts, the answer never repeats the address, the logged message confirms`, async () => {
      const email = `leitor-${lang}-${js ? 'js' : 'sem'}@exemplo.com.br`;
      const { page, erros, status } = await abrirPagina(
        browser,
        `${base}${prefixo}/acoes/${ticker}`,
        js,
        locale,
      );
      expect(status).toBe(200);
      const form = page.locator('form[data-acompanhar]');
      expect(await form.locator('input[name="carimbo"]').inputValue()).toMatch(/^\d+\.[0-9a-f]{64}$/);
      // The trap field is out of sight (a 1-pixel clipped box) and out of the accessibility tree.
      const armadilha = form.locator('div[aria-hidden="true"]:has(input[name="site"])');
      const caixa = await armadilha.boundingBox();
      expect((caixa?.width ?? 0) <= 1 && (caixa?.height ?? 0) <= 1).toBe(true);
      await form.locator('input[name="email"]').fill(email);
      const antes = mensagens().length;
      // A person takes a few seconds; the stamp refuses a post faster than 3 s.
      await page.waitForTimeout(3500);
      await Promise.all([
        page.waitForURL(`${base}${prefixo}/acompanhar`),
        form.locator('button[type="submit"]').click(),
      ]);
      const texto = (await page.textContent('main')) ?? '';
      expect(texto).toContain(lang === 'en' ? 'Request received' : 'Pedido recebido');
      expect(await page.content()).not.toContain(email);
      await page.screenshot({
        path: join(SCREENSHOTS, `contas-acompanhar-${lang}-${js ? 'js' : 'sem-js'}.png`),
      });
      // Confirm from the logged message: its page has one button that posts.
      const corpo = await novaMensagem(antes);
      expect(corpo).toContain(lang === 'en' ? 'Someone (we hope you)' : 'Alguém (esperamos que você)');
      const link = /(http:\/\/127\.0\.0\.1:\d+\S*\/acompanhar\/confirmar\?\S+)/.exec(corpo)?.[1];
      expect(link).toBeDefined();
      await page.goto(link ?? '');
      await Promise.all([
        page.waitForLoadState('load'),
        page.locator('main form button[type="submit"]').click(),
      ]);
      expect(await page.textContent('[data-feito]')).toContain(ticker);
      expect(erros).toEqual([]);
      await page.context().close();
    });
  }
});

describe('subscribe (plan page → confirmation → local checkout → back)', () => {
  for (const { lang, prefixo, js, locale } of CASOS) {
    it(`${lang}, JavaScript ${js ? 'on' : 'off'}`, async () => {
      const { page, erros } = await abrirPagina(browser, `${base}${prefixo}/assinar`, js, locale);
      const antes = stripe?.pedidos.length ?? 0;
      await Promise.all([
        page.waitForURL(/plano=pix/),
        page.locator('a[data-plano="pix"][data-pacote="3m"]').click(),
      ]);
      // Showing the confirmation created nothing at Stripe.
      expect(stripe?.pedidos.length).toBe(antes);
      expect(await page.textContent('[data-preco]')).toContain(lang === 'en' ? 'R$79.00' : 'R$\u00a079,00');
      await Promise.all([
        page.waitForURL(`${stripe?.url}/checkout/**`),
        page.locator('form[data-assinar] button').click(),
      ]);
      expect(stripe?.pedidos.at(-1)?.parametros['metadata[pacote]']).toBe('3m');
      const email = `compra-${lang}-${js ? 'js' : 'sem'}@exemplo.com.br`;
      await page.locator('input[name="email"]').fill(email);
      const antesDaCompra = mensagens().length;
      await Promise.all([page.waitForURL(/voltou=ok/), page.locator('button[type="submit"]').click()]);
      expect(new URL(page.url()).pathname).toBe(`${prefixo}/assinar`);
      expect(await page.textContent('[data-voltou="ok"]')).toContain(
        lang === 'en' ? 'Payment received' : 'Pagamento recebido',
      );
      expect(await page.content()).not.toContain(email);
      await page.screenshot({
        path: join(SCREENSHOTS, `contas-assinar-${lang}-${js ? 'js' : 'sem-js'}.png`),
      });
      // The key came by (logged) mail; the portal answers for it.
      const msg = await novaMensagem(antesDaCompra);
      expect(msg).toContain(lang === 'en' ? 'Thank you for subscribing' : 'Obrigado pela assinatura');
      const chave = /fbr_[0-9a-f]{16}_[0-9a-f]{48}/.exec(msg)?.[0] ?? '';
      const portal = await fetch(`${base}/portal`, {
        method: 'POST',
        headers: { 'X-API-Key': chave, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: '',
      });
      expect(portal.status).toBe(200);
      expect(PortalSchema.parse(await portal.json()).url).toMatch(new RegExp(`^${stripe?.url}/portal/bps_`));
      expect(erros).toEqual([]);
      await page.context().close();
    });
  }
});
