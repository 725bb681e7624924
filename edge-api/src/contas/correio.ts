import { html, raw } from 'hono/html';
import { emTexto } from '../paginas/comum.ts';

/** One message: plain text and HTML, and the unsubscribe link when the message belongs to a follow. */
export interface Mensagem {
  para: string;
  assunto: string;
  texto: string;
  /** Body of the HTML part (already escaped). */
  html: string;
  cancelar?: string;
}

/**
 * Sends through Cloudflare Email Service (`send_email` binding; `wrangler dev` simulates it and logs the
 * message). Follow messages carry RFC 8058 one-click unsubscribe headers besides the link in the body.
 * Nothing here logs: the address must never reach a log line.
 */
export async function enviar(env: Env, m: Mensagem): Promise<void> {
  const headers: Record<string, string> = {};
  if (m.cancelar) {
    headers['List-Unsubscribe'] = `<${m.cancelar}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  try {
    await env.EMAIL.send({
      from: { name: 'fundamentos-br', email: env.CORREIO_REMETENTE },
      to: m.para,
      subject: m.assunto,
      text: m.texto,
      html: emTexto(
        html`<!doctype html><html><body style="font-family:sans-serif;max-width:40em">${raw(m.html)}</body></html>`,
      ),
      headers,
    });
  } catch (e) {
    // The binding's errors may quote the recipient; the error reaches the 500 log line, the address must not.
    throw new Error(`send_email: ${String(e).replace(ENDERECO, '<endereço>')}`);
  }
}

const ENDERECO = /[^\s<>"'@]+@[^\s<>"'@]+/g;

/** Plain text as HTML paragraphs (escaped), links made clickable. */
export function paragrafos(texto: string): string {
  return texto
    .split('\n\n')
    .map((p) =>
      emTexto(
        html`<p>${p.split('\n').map((linha, i) => {
          const quebra = i > 0 ? html`<br>` : '';
          return /^https?:\/\/\S+$/.test(linha)
            ? html`${quebra}<a href="${linha}">${linha}</a>`
            : html`${quebra}${linha}`;
        })}</p>`,
      ),
    )
    .join('\n');
}
