import type { TestProject } from 'vitest/node';
import { fixtureInfra } from './fixture-infra.ts';

/** Runs in Node before the workerd tests: builds what the setup file seeds into R2. */
export default async function setup(project: TestProject): Promise<void> {
  project.provide('fixtureInfra', await fixtureInfra());
}
