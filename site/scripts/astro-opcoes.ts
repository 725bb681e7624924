import type { build } from 'astro';

/**
 * The second argument of Astro's `build()` for every site build (scripts/astro-build.ts, and scripts/cli.ts
 * when it builds in its own process).
 *
 * `sync: false`: Astro's build otherwise starts a Vite dev server first to sync content collections and
 * write `.astro/` types (about 1.5 s CPU per build, docs/benchmarks.md "Site build"). The site has no content
 * collection (src/content/artigos.ts bundles its Markdown with `import.meta.glob`) and typechecks without
 * `.astro/`. `sync` is an option of Astro's internal builder that `build()` passes on (astro 7.3, not in its
 * public `BuildOptions` type); an Astro that ignored it would only sync as before.
 */
export const OPCOES_ASTRO_BUILD: NonNullable<Parameters<typeof build>[1]> & { sync: boolean } = {
  sync: false,
};
