import { isAbsolute, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type BuildOptions, build } from './build.ts';
import { InputError } from './core/source.ts';
import { CACHE_DIR } from './core/staging-cache.ts';
import { runFetchCommand } from './fetch/command.ts';

const USAGE = `usage:
  pipeline build --raw <dir> --out <dir> [--label <label>]
                 [--memoria <DuckDB memory limit, e.g. 4GB> (default from the inputs' size, 256MB to 2GB)]
                 [--cache <dir> (default <out>/.cache) | --sem-cache] [--manter-versoes <n> (default 3)]
  pipeline fetch …`;

/** pnpm runs scripts in the package directory; paths the user typed are relative to where they typed them. */
const fromUser = (p: string): string =>
  isAbsolute(p) ? p : resolve(process.env.INIT_CWD ?? process.cwd(), p);

/** `overrides` lets tests narrow what a build runs (e.g. no marts); the command line never sets it. */
export async function main(argv: string[], overrides: Partial<BuildOptions> = {}): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'fetch') return runFetchCommand(rest);
  if (command !== 'build') {
    console.error(USAGE);
    return 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      raw: { type: 'string' },
      out: { type: 'string' },
      label: { type: 'string', default: 'local' },
      memoria: { type: 'string' },
      cache: { type: 'string' },
      'sem-cache': { type: 'boolean', default: false },
      'manter-versoes': { type: 'string' },
    },
    strict: true,
  });
  if (!values.raw || !values.out) {
    console.error(USAGE);
    return 2;
  }
  if (
    values.memoria !== undefined &&
    !/^\d+(\.\d+)?\s*(KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i.test(values.memoria)
  ) {
    console.error(`--memoria: expected a size such as 512MB or 4GB, found ${JSON.stringify(values.memoria)}`);
    return 2;
  }
  const keep = values['manter-versoes'];
  if (keep !== undefined && !/^[1-9]\d*$/.test(keep)) {
    console.error(`--manter-versoes: expected a whole number ≥ 1, found ${JSON.stringify(keep)}`);
    return 2;
  }
  if (values.cache !== undefined && values['sem-cache']) {
    console.error('--cache and --sem-cache: choose one');
    return 2;
  }
  const out = fromUser(values.out);
  try {
    const r = await build({
      raw: fromUser(values.raw),
      out,
      label: values.label ?? 'local',
      ...(values.memoria !== undefined ? { memoryLimit: values.memoria } : {}),
      // The command line caches staging by default (a nightly build restages only new inputs).
      ...(values['sem-cache']
        ? {}
        : { cacheDir: values.cache ? fromUser(values.cache) : join(out, CACHE_DIR) }),
      ...(keep !== undefined ? { keepVersions: Number(keep) } : {}),
      log: (m) => console.error(m),
      ...overrides,
    });
    console.log(
      JSON.stringify({
        versao_do_dado: r.versao_do_dado,
        dir: r.dir,
        artefatos: r.manifest.artefatos.length,
        quarentena: r.report.quarentena.total,
        entradas: r.entradas,
        publicada: r.publicada,
      }),
    );
    return 0;
  } catch (e) {
    if (e instanceof InputError) {
      console.error(`build failed, nothing published: ${e.message}`);
      return 1;
    }
    throw e;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e instanceof Error ? (e.stack ?? e.message) : e);
      process.exit(1);
    },
  );
}
