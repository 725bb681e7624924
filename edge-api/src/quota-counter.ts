import { DurableObject } from 'cloudflare:workers';

export interface ResultadoDaCota {
  permitido: boolean;
  usados: number;
  limite: number;
}

/**
 * One object per key holds the exact count of the current day. A Durable Object runs one call at a
 * time and the SQL below is synchronous, so concurrent calls can never both take the last unit.
 */
export class QuotaCounter extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS contagem (dia TEXT PRIMARY KEY, n INTEGER NOT NULL)');
  }

  consumir(dia: string, limite: number): ResultadoDaCota {
    const sql = this.ctx.storage.sql;
    const linha = sql.exec<{ n: number }>('SELECT n FROM contagem WHERE dia = ?', dia).toArray()[0];
    const usados = linha?.n ?? 0;
    if (usados >= limite) return { permitido: false, usados, limite };
    // Older days are never read again; keep the table to one row.
    sql.exec('DELETE FROM contagem WHERE dia <> ?', dia);
    sql.exec('INSERT INTO contagem (dia, n) VALUES (?, 1) ON CONFLICT (dia) DO UPDATE SET n = n + 1', dia);
    return { permitido: true, usados: usados + 1, limite };
  }
}
