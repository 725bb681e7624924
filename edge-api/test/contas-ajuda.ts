import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { vi } from 'vitest';
import { carimbar } from '../src/contas/selo.ts';
import worker from '../src/index.ts';
import { BASE } from './ajuda.ts';

/** A message the worker handed to the `send_email` binding. */
export type MensagemEnviada = Parameters<SendEmail['send']>[0] & {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
};

/**
 * The worker called directly (the cloudflare/workers-sdk "worker.fetch" style) with the real bindings, the
 * `send_email` binding wrapped so the test reads every message it sent; the real simulated binding still
 * sends it. Every console line of the call is kept too (tests check no address reaches a log).
 */
export class Correio {
  readonly enviadas: MensagemEnviada[] = [];
  readonly logs: string[] = [];
  /** When set, the binding refuses every message the way a real one may: quoting the recipient. */
  recusar = false;

  env(extra: Partial<Record<keyof Env, string>> = {}): Env {
    const enviadas = this.enviadas;
    const email: SendEmail = {
      send: async (m: Parameters<SendEmail['send']>[0]) => {
        if (this.recusar) throw new Error(`destination address ${(m as MensagemEnviada).to} is not allowed`);
        enviadas.push(m as MensagemEnviada);
        return env.EMAIL.send(m as Parameters<SendEmail['send']>[0] & EmailMessageBuilder);
      },
    } as SendEmail;
    return { ...env, ...extra, EMAIL: email } as Env;
  }

  async fetch(
    caminho: string,
    init: RequestInit = {},
    extra: Partial<Record<keyof Env, string>> = {},
  ): Promise<Response> {
    const espioes = (['log', 'info', 'warn', 'error', 'debug'] as const).map((n) =>
      vi.spyOn(console, n).mockImplementation((...a: unknown[]) => {
        this.logs.push(a.map(String).join(' '));
      }),
    );
    try {
      const ctx = createExecutionContext();
      const res = await worker.fetch(
        new Request(`${BASE}${caminho}`, { redirect: 'manual', ...init }),
        this.env(extra),
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return res;
    } finally {
      for (const e of espioes) e.mockRestore();
    }
  }

  async scheduled(cron: string, quando: Date): Promise<void> {
    const { createScheduledController } = await import('cloudflare:test');
    const espioes = (['log', 'info', 'warn', 'error'] as const).map((n) =>
      vi.spyOn(console, n).mockImplementation((...a: unknown[]) => {
        this.logs.push(a.map(String).join(' '));
      }),
    );
    try {
      const ctx = createExecutionContext();
      await worker.scheduled(createScheduledController({ cron, scheduledTime: quando }), this.env());
      await waitOnExecutionContext(ctx);
    } finally {
      for (const e of espioes) e.mockRestore();
    }
  }
}

/** A form post. */
export function formulario(
  campos: Record<string, string>,
  cabecalhos: Record<string, string> = {},
): RequestInit {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...cabecalhos },
    body: new URLSearchParams(campos).toString(),
  };
}

/** The follow form's stamp as the company page would have carried it `segundos` ago. */
export function carimboDeHa(segundos: number): Promise<string> {
  return carimbar(env.SEGREDO_CONTAS, new Date(Date.now() - segundos * 1000));
}

/** Every address-like string of a text (tests assert none is in an answer or a log). */
export const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
