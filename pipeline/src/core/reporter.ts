import type { DuckDBConnection } from '@duckdb/node-api';
import type { BuildReport } from '@fundamentos/schemas/build-report';
import type { BuildReporter, InvariantResult, QuarantineRow } from './stage.ts';

export interface CollectedInvariant extends InvariantResult {
  etapa: string;
}

/** Collects invariants and notes per stage; quarantined rows go straight to the `_quarantine` table. */
export class CollectingReporter implements BuildReporter {
  readonly invariantes: CollectedInvariant[] = [];
  readonly notas: { etapa: string; mensagem: string }[] = [];
  stage = 'staging';

  constructor(private readonly db: DuckDBConnection) {}

  async quarantine(row: QuarantineRow): Promise<void> {
    await this.db.run('INSERT INTO _quarantine VALUES ($1, $2, $3, $4, $5, $6)', [
      row.source,
      row.arquivo,
      row.linha,
      row.campo,
      row.valor,
      row.motivo,
    ]);
  }

  invariant(r: InvariantResult): void {
    this.invariantes.push({ etapa: this.stage, ...r, exemplos: r.exemplos.slice(0, 5) });
  }

  note(stage: string, message: string): void {
    this.notas.push({ etapa: stage, mensagem: message });
  }

  /** Hard invariants that failed in `stage`. */
  failedHard(stage: string): CollectedInvariant[] {
    return this.invariantes.filter((i) => i.etapa === stage && i.tipo === 'hard' && i.falhas > 0);
  }

  /** Quarantine counts by source and reason, with up to three examples each. */
  async quarantineSummary(): Promise<BuildReport['quarentena']> {
    const rows = (
      await this.db.runAndReadAll(
        `SELECT source, motivo, count(*) AS n,
                list({'arquivo': arquivo, 'linha': linha, 'campo': campo, 'valor': valor} ORDER BY arquivo, linha)[1:3] AS exemplos
         FROM _quarantine GROUP BY source, motivo ORDER BY source, motivo`,
      )
    ).getRowObjectsJson() as {
      source: string;
      motivo: string;
      n: string;
      exemplos: { arquivo: string; linha: string | null; campo: string | null; valor: string | null }[];
    }[];
    const grupos = rows.map((r) => ({
      fonte: r.source,
      motivo: r.motivo,
      n: Number(r.n),
      exemplos: r.exemplos.map((e) => ({
        arquivo: e.arquivo,
        linha: e.linha === null ? null : Number(e.linha),
        campo: e.campo,
        valor: e.valor,
      })),
    }));
    return { total: grupos.reduce((s, g) => s + g.n, 0), grupos };
  }
}
