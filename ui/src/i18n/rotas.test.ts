import { describe, expect, it } from 'vitest';
import { mensagem } from './mensagem.ts';
import { strings } from './strings.ts';

// The texts of the worker's own pages (/hoje, POST /chave-gratis, /recibo/{id}), moved here from {pt,en}
// objects in edge-api/src/rotas: each expected string is what those objects wrote, so the pages keep their bytes.
describe('rotas: the worker pages’ texts as ICU messages', () => {
  it('/hoje: window, price session (plural, 0 as before), English note', () => {
    const pt = strings('pt').rotas.hoje;
    const en = strings('en').rotas.hoje;
    expect(mensagem('pt', pt.janela, { de: '2025-09-17', ate: '2025-09-23' })).toBe(
      'De 2025-09-17 a 2025-09-23.',
    );
    expect(mensagem('en', en.janela, { de: '2025-09-17', ate: '2025-09-23' })).toBe(
      'From 2025-09-17 to 2025-09-23.',
    );
    expect(mensagem('pt', pt.sessao, { data: '2025-09-22', n: 412 })).toBe(
      'Última sessão de preços nos dados: 2025-09-22 (412 códigos).',
    );
    expect(mensagem('pt', pt.sessao, { data: '2025-09-22', n: 0 })).toBe(
      'Última sessão de preços nos dados: 2025-09-22 (0 códigos).',
    );
    // The one change: a single code no longer reads "1 códigos".
    expect(mensagem('pt', pt.sessao, { data: '2025-09-22', n: 1 })).toBe(
      'Última sessão de preços nos dados: 2025-09-22 (1 código).',
    );
    expect(mensagem('en', en.sessao, { data: '2025-09-22', n: 1603 })).toBe(
      'Newest price session in the data: 2025-09-22 (1603 codes).',
    );
    expect(mensagem('en', en.nota, { ate: '2025-09-23' })).toBe(
      "The window ends at the newest reception date (DT_RECEB) in the data, 2025-09-23, not at today's date: this build's data may be old. A version above 1 is a resubmission.",
    );
  });

  it('free key and receipt pages', () => {
    expect(mensagem('pt', strings('pt').rotas.chave_gratis.limite, { limite: 200 })).toBe(
      'Ela dá 200 chamadas por dia (dia civil de São Paulo).',
    );
    expect(mensagem('en', strings('en').rotas.chave_gratis.limite, { limite: 200 })).toBe(
      'It gives 200 calls a day (Sao Paulo calendar day).',
    );
    const valores = { em: '2026-11-22T03:00:00.000Z', versao: '2026-11-22|1', hoje: '2026-11-23|1' };
    expect(mensagem('pt', strings('pt').rotas.recibo.criado, valores)).toBe(
      'Criado em 2026-11-22T03:00:00.000Z, versão do dado 2026-11-22|1 (hoje: 2026-11-23|1).',
    );
    expect(mensagem('en', strings('en').rotas.recibo.criado, valores)).toBe(
      'Created at 2026-11-22T03:00:00.000Z, data version 2026-11-22|1 (today: 2026-11-23|1).',
    );
  });
});
