import { env } from 'cloudflare:test';
import { ErroSchema } from '@fundamentos/schemas/erros';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Correio, carimboDeHa, formulario } from './contas-ajuda.ts';

describe('global hourly cap on follow requests', () => {
  // A fixed clock (Date only; timers stay real) so the 1,000 requests fall in one clock hour.
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T10:30:00Z'));
  });
  afterAll(() => vi.useRealTimers());

  it('1,000 concurrent requests with a cap of 100: exactly 100 accepted and mailed, 900 refused with 429', async () => {
    const correio = new Correio();
    const carimbo = await carimboDeHa(10);
    const respostas = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        correio.fetch(
          '/acompanhar',
          formulario(
            { ticker: 'TSTE3', email: `leitor${i}@exemplo.com.br`, carimbo },
            { Accept: 'application/json' },
          ),
          { ACOMPANHAR_LIMITE_HORA: '100' },
        ),
      ),
    );
    const porStatus = new Map<number, number>();
    for (const r of respostas) porStatus.set(r.status, (porStatus.get(r.status) ?? 0) + 1);
    expect(Object.fromEntries(porStatus)).toEqual({ 200: 100, 429: 900 });
    const recusa = respostas.find((r) => r.status === 429);
    const corpo = ErroSchema.parse(await recusa?.json());
    expect(corpo.erro.codigo).toBe('cota_excedida');
    // 10:30 → the next hour starts in 30 minutes.
    expect(corpo.erro.tentar_novamente_em_segundos).toBe(1800);
    expect(recusa?.headers.get('retry-after')).toBe('1800');
    expect(correio.enviadas).toHaveLength(100);
    const linhas = await env.DB.prepare(
      "SELECT count(*) AS n FROM acompanhamentos WHERE estado = 'pendente'",
    ).first<{ n: number }>();
    expect(linhas?.n).toBe(100);
    // The next clock hour has its own count.
    vi.setSystemTime(new Date('2026-11-23T11:00:05Z'));
    const depois = await correio.fetch(
      '/acompanhar',
      formulario(
        { ticker: 'TSTE3', email: 'depois@exemplo.com.br', carimbo: await carimboDeHa(10) },
        { Accept: 'application/json' },
      ),
      { ACOMPANHAR_LIMITE_HORA: '100' },
    );
    expect(depois.status).toBe(200);
    // A thousand requests through workerd on a shared 2-core machine: a generous bound, not a timing assertion.
  }, 300_000);
});
