import type { SourceSpec } from '../core/source.ts';
import { b3Sources } from './b3/index.ts';
import { bcbSources } from './bcb/index.ts';
import { cvmSources } from './cvm/index.ts';
import { fundosSources } from './fundos/index.ts';

/** Every source the build recognises; a file matching several specs is staged once per spec. */
export const allSources: SourceSpec[] = [...cvmSources, ...b3Sources, ...fundosSources, ...bcbSources];
