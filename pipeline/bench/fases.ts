import { readFileSync } from 'node:fs';
import type { FaseDoBuild } from '../src/build.ts';

/**
 * Bytes this process (DuckDB's threads included) caused to be written to storage so far, from
 * `/proc/self/io` (`write_bytes`); null where the kernel does not expose it. Page-cache writes that a
 * later delete cancels are not counted, so it is what the disk really got, not what was written.
 */
export function bytesEscritos(): number | null {
  try {
    const m = /^write_bytes:\s*(\d+)$/m.exec(readFileSync('/proc/self/io', 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** One phase of a build: wall and CPU time, bytes written to disk. */
export interface Fase {
  nome: string;
  ms: number;
  ms_cpu: number;
  bytes_escritos: number | null;
}

/**
 * Records the build's phases (`BuildOptions.fase`): each lasts until the next one starts. `etapa`
 * phases are named by `agrupar` once they end (so it can tell a stage that ran from one restored from
 * the stage cache), and phases of one name add up into one line, at the place of the first.
 */
export function cronometroDeFases(agrupar: (etapa: string) => string = (e) => e): {
  fase: (f: FaseDoBuild) => void;
  fases: () => Fase[];
} {
  const cpu = () => {
    const c = process.cpuUsage();
    return (c.user + c.system) / 1000;
  };
  const feitas: Fase[] = [];
  let aberta: { f: FaseDoBuild; t: number; cpu: number; escritos: number | null } | null = null;
  return {
    fase(f) {
      const agora = { t: performance.now(), cpu: cpu(), escritos: bytesEscritos() };
      if (aberta) {
        const nome = typeof aberta.f === 'string' ? aberta.f : agrupar(aberta.f.etapa);
        const escritos =
          agora.escritos === null || aberta.escritos === null ? null : agora.escritos - aberta.escritos;
        const igual = feitas.find((x) => x.nome === nome);
        if (igual) {
          igual.ms += agora.t - aberta.t;
          igual.ms_cpu += agora.cpu - aberta.cpu;
          igual.bytes_escritos =
            igual.bytes_escritos === null || escritos === null ? null : igual.bytes_escritos + escritos;
        } else
          feitas.push({
            nome,
            ms: agora.t - aberta.t,
            ms_cpu: agora.cpu - aberta.cpu,
            bytes_escritos: escritos,
          });
      }
      aberta = f === 'fim' ? null : { f, ...agora };
    },
    fases: () => feitas,
  };
}

const mib = (b: number | null) => (b === null ? 'n/a' : `${(b / 2 ** 20).toFixed(1)} MiB`);

/** The phases as lines for the bench's output. */
export function linhasDeFases(fases: Fase[], recuo: string): string[] {
  return fases.map(
    (f) =>
      `${recuo}${f.nome.padEnd(40)} ${`${(f.ms / 1000).toFixed(1)} s`.padStart(9)}  CPU ${`${(f.ms_cpu / 1000).toFixed(1)} s`.padStart(8)}  written ${mib(f.bytes_escritos).padStart(12)}`,
  );
}
