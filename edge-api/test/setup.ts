import { applyD1Migrations, env } from 'cloudflare:test';
import { beforeAll, inject } from 'vitest';
import { semearBuild } from './semear.ts';

beforeAll(async () => {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  await semearBuild(env.ARTEFATOS, inject('fixtureInfra'));
});
