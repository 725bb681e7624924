import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { DuckDBConnection } from '@duckdb/node-api';
import { z } from 'zod';
import { build, DEFAULT_MEMORY_LIMIT } from '../src/build.ts';
import { numero } from '../src/core/sql.ts';
import type { Stage } from '../src/core/stage.ts';
import { CACHE_DIR } from '../src/core/staging-cache.ts';
import { martStages } from '../src/marts/index.ts';
import { allSources } from '../src/sources/index.ts';
import { escreverDiario, espelhar } from './diario.ts';
import { bytesEscritos, cronometroDeFases, type Fase, linhasDeFases } from './fases.ts';
import { anosEntre } from './gerador/gerar.ts';
import { entrada, piso, zips } from './medir.ts';

/**
 * `pnpm bench [-- --escala 0.1] [--seed 1] [--anos 2010-2025] [--manter]`: generates (or reuses) the
 * synthetic input, measures the floor (decompressing the same zips with `unzip -p`), runs build() on
 * it and prints throughput, stage times, the build/floor ratio and the memory peak. Never fails on timing.
 */
const ArgsSchema = z.object({
  escala: z.coerce.number().positive().max(1).default(1),
  seed: z.coerce.number().int().default(1),
  anos: z
    .string()
    .regex(/^\d{4}(-\d{4})?$/, 'anos must be YYYY or YYYY-YYYY')
    .default('2010-2025'),
  manter: z.boolean().default(false),
  /** Mart stages to leave out, comma-separated (e.g. one that cannot run on synthetic data yet). */
  pular: z.string().default(''),
  /** DuckDB memory_limit of the build (`--memoria` of `pipeline build`); full scale needs more than the default. */
  /** Skip the two incremental builds (nothing changed; one new COTAHIST day) after the full one. */
  'sem-incremental': z.boolean().default(false),
  /** Run the stages without their le/cria declarations, so the stage cache never applies (the before figure). */
  'sem-cache-de-etapas': z.boolean().default(false),
  /** Absent: the build derives it from the input's size (core/memory-budget.ts), as `pipeline build` does. */
  memoria: z
    .string()
    .regex(/^\d+(\.\d+)?\s*[KMGT]i?B$/i, 'memoria must be like 12GB')
    .optional(),
});

/** Issue 10's targets for build / floor: ≤ 5× at full scale, ≤ 8× below it. */
const alvo = (escala: number) => (escala >= 1 ? 5 : 8);
const RAIZ = resolve(import.meta.dirname, '../..');

const seg = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mil = (n: number) => Math.round(n).toLocaleString('en-US');
const MARTS = new Set(martStages.map((s) => s.name));
/** Phases of one build, the mart stages in two lines: those that ran and those the stage cache restored. */
const relogioDoBuild = (rodaram: ReadonlySet<string>) =>
  cronometroDeFases((e) =>
    MARTS.has(e) ? (rodaram.has(e) ? 'mart stages run' : 'mart stages restored from the stage cache') : e,
  );

const arredondar = (f: Fase) => ({ ...f, ms: Math.round(f.ms), ms_cpu: Math.round(f.ms_cpu) });

async function main(): Promise<void> {
  const argv = process.argv.slice(2).filter((a) => a !== '--');
  const { values } = parseArgs({
    args: argv,
    options: {
      escala: { type: 'string' },
      seed: { type: 'string' },
      anos: { type: 'string' },
      manter: { type: 'boolean' },
      pular: { type: 'string' },
      memoria: { type: 'string' },
      'sem-incremental': { type: 'boolean' },
      'sem-cache-de-etapas': { type: 'boolean' },
    },
  });
  const a = ArgsSchema.parse(values);
  const [de, ate] = a.anos.split('-').map(Number) as [number, number | undefined];
  const anos = anosEntre(de, ate ?? de);
  console.log(
    `bench: escala ${a.escala}, seed ${a.seed}, years ${anos[0]}–${anos[anos.length - 1]}, memory_limit ${a.memoria ?? `derived from the input (at most ${DEFAULT_MEMORY_LIMIT})`}`,
  );

  const { dir: raw, reutilizada } = await entrada(join(RAIZ, 'data/bench'), a.seed, a.escala, anos);
  if (reutilizada) console.log(`reusing ${relative(RAIZ, raw)}`);
  const arquivos = await zips(raw);
  const msPiso = await piso(arquivos);

  const pular = a.pular.split(',').filter(Boolean);
  const desconhecidas = pular.filter((p) => !martStages.some((s) => s.name === p));
  if (desconhecidas.length) throw new Error(`--pular: unknown stage(s) ${desconhecidas.join(', ')}`);
  if (pular.length) console.log(`skipping stages: ${pular.join(', ')}`);
  const out = await mkdtemp(join(tmpdir(), 'fundamentos-bench-'));
  // The build reads a mirror of the generated input (symlinks), so the incremental run can add a day
  // without touching the cached input; the staging cache sits where the CLI puts it.
  const espelho = await mkdtemp(join(tmpdir(), 'fundamentos-bench-raw-'));
  await espelhar(raw, espelho);
  const cacheDir = join(out, CACHE_DIR);
  const eventos: { t: number; msg: string }[] = [];
  // CPU time (this process, DuckDB threads included) beside wall time: on a shared machine the wall
  // time of a stage mostly measures the neighbours.
  const etapas: {
    nome: string;
    ms: number;
    ms_cpu: number;
    max_rss_mib: number;
    escritos_mib: number | null;
    temporarios_mib: number;
  }[] = [];
  const cpuMs = () => {
    const c = process.cpuUsage();
    return (c.user + c.system) / 1000;
  };
  let cpuAntesDasEtapas: number | null = null;
  const rodaram = new Set<string>();
  const relogio = relogioDoBuild(rodaram);
  // With le/cria, the stage cache keys and restores a stage, calling run only when it recomputes.
  const declaracoes = (s: Stage): Pick<Stage, 'le' | 'cria' | 'guardarNoCache'> =>
    a['sem-cache-de-etapas']
      ? {}
      : {
          ...(s.le ? { le: s.le } : {}),
          ...(s.cria ? { cria: s.cria } : {}),
          ...(s.guardarNoCache === false ? { guardarNoCache: false } : {}),
        };
  // What DuckDB holds in its temporary files once a stage ends: what did not fit in `memory_limit`.
  const temporarios = async (db: DuckDBConnection) =>
    (await numero(db, 'SELECT coalesce(sum(size), 0) FROM duckdb_temporary_files()')) / 2 ** 20;
  const cronometrar = (s: Stage): Stage => ({
    name: s.name,
    ...declaracoes(s),
    async run(ctx) {
      const t = performance.now();
      const c = cpuMs();
      const b = bytesEscritos();
      cpuAntesDasEtapas ??= c;
      rodaram.add(s.name);
      try {
        return await s.run(ctx);
      } finally {
        const f = bytesEscritos();
        etapas.push({
          nome: s.name,
          ms: performance.now() - t,
          ms_cpu: cpuMs() - c,
          // The peak so far: the stage where it jumps is the one holding too much at once.
          max_rss_mib: process.resourceUsage().maxRSS / 1024,
          // Its artefacts and what DuckDB spilled meanwhile (its stage-cache save comes after): a stage
          // writing far more than it publishes is spilling.
          escritos_mib: f === null || b === null ? null : (f - b) / 2 ** 20,
          temporarios_mib: await temporarios(ctx.db),
        });
      }
    },
  });
  const carga0 = loadavg()[0] ?? 0;
  const cpu0 = process.cpuUsage();
  const escritos0 = bytesEscritos();
  const t0 = performance.now();
  let resultado: Awaited<ReturnType<typeof build>> | null = null;
  let falha: string | null = null;
  try {
    resultado = await build({
      raw: espelho,
      out,
      cacheDir,
      label: 'bench',
      ...(a.memoria ? { memoryLimit: a.memoria } : {}),
      stages: martStages.filter((s) => !pular.includes(s.name)).map(cronometrar),
      log: (msg) => eventos.push({ t: performance.now(), msg }),
      fase: relogio.fase,
    });
  } catch (e) {
    // Still print what was measured up to the failure: a mart that breaks late should not hide staging figures.
    falha = e instanceof Error ? e.message : String(e);
  }
  const msBuild = performance.now() - t0;
  const escritosBuild = escritos0 === null ? null : (bytesEscritos() ?? escritos0) - escritos0;
  const rssCheio = process.resourceUsage().maxRSS;
  const cpu = process.cpuUsage(cpu0);
  const msCpu = (cpu.user + cpu.system) / 1000;

  // Staging: the build logs once per file after staging it; discovery (zip extraction) ends at the first log.
  const porFonte = new Map<string, { linhas: number; ms: number }>();
  const fonteDe = (arquivo: string, tabela: string): string => {
    const nome = arquivo.slice(Math.max(arquivo.lastIndexOf(':'), arquivo.lastIndexOf('/')) + 1);
    return allSources.find((s) => s.fileName.test(nome))?.id ?? tabela;
  };
  const inicioDescoberta = t0;
  const fimDescoberta = eventos.find((e) => / files recognised/.test(e.msg))?.t ?? t0;
  let anterior = fimDescoberta;
  let fimStaging = fimDescoberta;
  for (const e of eventos) {
    const m = /^(.+) → (stg_\w+): (\d+) rows/.exec(e.msg);
    if (!m) continue;
    const fonte = fonteDe(m[1] as string, m[2] as string);
    const acc = porFonte.get(fonte) ?? { linhas: 0, ms: 0 };
    acc.linhas += Number(m[3]);
    acc.ms += e.t - anterior;
    porFonte.set(fonte, acc);
    anterior = e.t;
    fimStaging = e.t;
  }

  console.log('');
  if (falha) {
    const etapa = etapas[etapas.length - 1]?.nome ?? 'staging';
    console.log(`BUILD FAILED (last stage started: ${etapa}): ${falha.slice(0, 300)}`);
    console.log(`figures below stop at the failure; input kept at ${raw}, output at ${out}`);
    process.exitCode = 1;
  }
  console.log(`input: ${arquivos.length} zips under ${relative(RAIZ, raw)}`);
  console.log(`floor (unzip -p > /dev/null, all zips): ${seg(msPiso)}`);
  console.log(
    `build total: ${seg(msBuild)} (CPU time of this process, DuckDB threads included: ${seg(msCpu)})`,
  );
  console.log(`  discovery + zip extraction: ${seg(fimDescoberta - inicioDescoberta)}`);
  const cpuEtapas = etapas.reduce((s, e) => s + e.ms_cpu, 0);
  console.log(
    `  staging: ${seg(fimStaging - fimDescoberta)}; CPU until the first mart stage (discovery, staging, staging_parquet): ${cpuAntesDasEtapas === null ? 'n/a' : seg(cpuAntesDasEtapas - (cpu0.user + cpu0.system) / 1000)}; CPU of the mart stages: ${seg(cpuEtapas)}`,
  );
  console.log('  rows per second per staged source:');
  for (const [fonte, v] of [...porFonte.entries()].sort()) {
    console.log(
      `    ${fonte.padEnd(34)} ${mil(v.linhas).padStart(12)} rows  ${seg(v.ms).padStart(9)}  ${mil(v.linhas / Math.max(v.ms / 1000, 1e-3)).padStart(11)} rows/s`,
    );
  }
  console.log(
    `  phases (each until the next starts; written: /proc/self/io write_bytes; whole build ${escritosBuild === null ? 'n/a' : `${mil(escritosBuild / 2 ** 20)} MiB`}):`,
  );
  for (const l of linhasDeFases(relogio.fases(), '    ')) console.log(l);
  const salvas = eventos.flatMap((e) => {
    const m = /^(\S+): saved in the stage cache in (\d+) ms$/.exec(e.msg);
    return m && MARTS.has(m[1] as string) ? [Number(m[2])] : [];
  });
  console.log(
    `    of the mart stages run: their run ${seg(etapas.reduce((s, e) => s + e.ms, 0))}, saving ${salvas.length} of them in the stage cache ${seg(salvas.reduce((s, x) => s + x, 0))}, the rest loading the tables they read`,
  );
  console.log('  mart stages:');
  for (const e of etapas)
    console.log(
      `    ${e.nome.padEnd(34)} ${seg(e.ms).padStart(9)}  CPU ${seg(e.ms_cpu).padStart(8)}  maxRSS so far ${mil(e.max_rss_mib).padStart(6)} MiB  written ${(e.escritos_mib === null ? 'n/a' : `${mil(e.escritos_mib)} MiB`).padStart(10)}  spilled ${mil(e.temporarios_mib).padStart(6)} MiB`,
    );
  const relatorio = z
    .object({ etapas: z.array(z.record(z.string(), z.unknown())) })
    .safeParse(resultado ? JSON.parse(readFileSync(join(resultado.dir, 'report.json'), 'utf8')) : null);
  const comTempo = relatorio.success
    ? relatorio.data.etapas.filter((e) => Object.keys(e).some((k) => /ms|duracao|segundos|tempo/i.test(k)))
    : [];
  if (comTempo.length) {
    console.log('  stage times from report.json:');
    for (const e of comTempo) console.log(`    ${JSON.stringify(e)}`);
  }
  const razao = msBuild / msPiso;
  const ALVO = alvo(a.escala);
  console.log(
    `ratio build / floor: ${falha ? '≥ ' : ''}${razao.toFixed(2)}× (target ≤ ${ALVO}×) ${razao <= ALVO && !falha ? 'PASS' : 'ABOVE TARGET'}`,
  );
  console.log(
    `memory peak of the full build (maxRSS of this process, DuckDB included): ${(rssCheio / 1024).toFixed(0)} MiB (target ≤ 4,096 MiB at full scale with the defaults)`,
  );

  // Incremental builds: the nightly case. Same out and cache as the full build.
  const incremental: {
    caso: string;
    ms: number;
    /** Until the first stage starts: discovery, hashing the inputs, loading or staging them. */
    ms_staging: number;
    ms_etapas: number;
    /** CPU time of this process (DuckDB threads included): on a shared machine, fairer than wall time. */
    ms_cpu: number;
    /** CPU until the first mart stage, and of the mart stages. */
    ms_cpu_staging: number;
    ms_cpu_etapas: number;
    /** The mart stages that took the most CPU: what a nightly build would need to make incremental. */
    maiores: { nome: string; ms_cpu: number }[];
    do_cache: number;
    entradas: number;
    /** Stages restored from the stage cache (their time is in the staging or mart figures around them). */
    etapas_do_cache: number;
    fases: Fase[];
  }[] = [];
  if (resultado && !a['sem-incremental']) {
    const mesmo = async (caso: string) => {
      const t = performance.now();
      const c0 = process.cpuUsage();
      let inicioEtapas = 0;
      let msEtapas = 0;
      let cpuInicioEtapas: number | null = null;
      const porEtapa: { nome: string; ms_cpu: number }[] = [];
      const rodaramAqui = new Set<string>();
      const relogioAqui = relogioDoBuild(rodaramAqui);
      const r = await build({
        fase: relogioAqui.fase,
        raw: espelho,
        out,
        cacheDir,
        label: 'bench',
        ...(a.memoria ? { memoryLimit: a.memoria } : {}),
        stages: martStages
          .filter((s) => !pular.includes(s.name))
          .map((s) => ({
            name: s.name,
            ...declaracoes(s),
            async run(ctx) {
              const t1 = performance.now();
              const c1 = cpuMs();
              if (!inicioEtapas) inicioEtapas = t1;
              cpuInicioEtapas ??= c1;
              rodaramAqui.add(s.name);
              try {
                return await s.run(ctx);
              } finally {
                msEtapas += performance.now() - t1;
                porEtapa.push({ nome: s.name, ms_cpu: cpuMs() - c1 });
              }
            },
          })),
      });
      const c = process.cpuUsage(c0);
      incremental.push({
        caso,
        ms: performance.now() - t,
        ms_cpu: (c.user + c.system) / 1000,
        ms_staging: inicioEtapas ? inicioEtapas - t : 0,
        ms_etapas: msEtapas,
        ms_cpu_staging:
          cpuInicioEtapas === null
            ? (c.user + c.system) / 1000
            : cpuInicioEtapas - (c0.user + c0.system) / 1000,
        ms_cpu_etapas: porEtapa.reduce((x, e) => x + e.ms_cpu, 0),
        maiores: porEtapa.sort((x, y) => y.ms_cpu - x.ms_cpu).slice(0, 5),
        do_cache: r.entradas.do_cache,
        entradas: r.entradas.total,
        etapas_do_cache: r.etapas_do_cache.length,
        fases: relogioAqui.fases(),
      });
    };
    await mesmo('nothing changed');
    const dia = await escreverDiario(espelho);
    console.log(`incremental: added ${relative(espelho, dia.caminho)} (${mil(dia.registros)} records)`);
    await mesmo('one new COTAHIST day');
    for (const [k, x] of incremental.entries()) {
      const alvo = k === 0 ? 0.05 : 0.1;
      const razaoInc = x.ms / msBuild;
      console.log(
        `incremental, ${x.caso}: ${seg(x.ms)} = ${(100 * razaoInc).toFixed(1)}% of the full build (target ≤ ${100 * alvo}%) ${razaoInc <= alvo ? 'PASS' : 'ABOVE TARGET'}; ${x.do_cache}/${x.entradas} inputs from the staging cache; ${x.etapas_do_cache} stages from the stage cache; ${(x.ms / msPiso).toFixed(2)}× the floor; CPU ${seg(x.ms_cpu)} = ${((100 * x.ms_cpu) / msCpu).toFixed(1)}% of the full build's`,
      );
      console.log(
        x.ms_etapas === 0 && x.ms_staging <= 0
          ? '    no stage ran: the inputs and code match the current publication, which is kept'
          : `    until the first stage that runs (staging, staging_parquet, the stages restored before it) ${seg(x.ms_staging)} (CPU ${seg(x.ms_cpu_staging)}); mart stages ${seg(x.ms_etapas)} (CPU ${seg(x.ms_cpu_etapas)}); publication ${seg(x.ms - x.ms_staging - x.ms_etapas)}`,
      );
      for (const l of linhasDeFases(x.fases, '    ')) console.log(l);
      if (x.maiores.length)
        console.log(
          `    most CPU among the mart stages: ${x.maiores.map((e) => `${e.nome} ${seg(e.ms_cpu)}`).join(', ')}`,
        );
    }
  }
  await rm(espelho, { recursive: true, force: true });
  // Timings on a shared machine are only comparable at similar load; print it so readers can judge.
  console.log(
    `load average (1 min) before/after the build: ${carga0.toFixed(1)} / ${(loadavg()[0] ?? 0).toFixed(1)}`,
  );
  if (resultado) {
    console.log(
      `versao_do_dado ${resultado.versao_do_dado}, ${resultado.manifest.artefatos.length} artefacts`,
    );
  }

  await writeFile(
    join(RAIZ, 'data/bench/ultimo.json'),
    JSON.stringify(
      {
        escala: a.escala,
        seed: a.seed,
        anos: [anos[0], anos[anos.length - 1]],
        zips: arquivos.length,
        piso_ms: Math.round(msPiso),
        build_ms: Math.round(msBuild),
        build_cpu_ms: Math.round(msCpu),
        carga_antes_depois: [carga0, loadavg()[0] ?? 0],
        razao: Number(razao.toFixed(3)),
        falha,
        max_rss_mib: Math.round(rssCheio / 1024),
        bytes_escritos: escritosBuild,
        fases: relogio.fases().map(arredondar),
        incremental: incremental.map((x) => ({
          ...x,
          ms: Math.round(x.ms),
          ms_staging: Math.round(x.ms_staging),
          ms_etapas: Math.round(x.ms_etapas),
          ms_cpu: Math.round(x.ms_cpu),
          ms_cpu_staging: Math.round(x.ms_cpu_staging),
          ms_cpu_etapas: Math.round(x.ms_cpu_etapas),
          maiores: x.maiores.map((e) => ({ nome: e.nome, ms_cpu: Math.round(e.ms_cpu) })),
          razao_build: Number((x.ms / msBuild).toFixed(3)),
          fases: x.fases.map(arredondar),
        })),
        fontes: Object.fromEntries(
          [...porFonte].map(([k, v]) => [k, { linhas: v.linhas, ms: Math.round(v.ms) }]),
        ),
        etapas: etapas.map((e) => ({
          nome: e.nome,
          ms: Math.round(e.ms),
          ms_cpu: Math.round(e.ms_cpu),
          max_rss_mib: Math.round(e.max_rss_mib),
        })),
      },
      null,
      2,
    ),
  );
  if (a.manter || falha) console.log(`build kept at ${out}`);
  else await rm(out, { recursive: true, force: true });
}

await main();
