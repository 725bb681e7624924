import type { DelimitedSourceSpec } from '../../core/source.ts';
import { cadSources } from './cad.ts';
import { dfpItrSources } from './dfp-itr.ts';
import { fcaSources, freSources } from './fre-fca.ts';

/** Every CVM listed-company source (DFP, ITR, FRE, FCA, registry). */
export const cvmSources: DelimitedSourceSpec[] = [
  ...dfpItrSources,
  ...freSources,
  ...fcaSources,
  ...cadSources,
];
