import type { SourceSpec } from '../../core/source.ts';
import { cotahistRecorteSpec, cotahistSpec } from './cotahist.ts';
import { b3CompanySources } from './empresas.ts';
import { fundDistributionsSpec } from './fundos.ts';
import { b3IndexSources, etfListSpec } from './indices.ts';

/**
 * B3 sources. Several JSON specs share one file name (GetListedSupplementCompany feeds four tables,
 * GetDetail two): a file is staged once per spec that recognises it.
 */
export const b3Sources: SourceSpec[] = [
  cotahistSpec,
  cotahistRecorteSpec,
  ...b3CompanySources,
  ...b3IndexSources,
  etfListSpec,
  fundDistributionsSpec,
];
