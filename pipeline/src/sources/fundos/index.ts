import type { SourceSpec } from '../../core/source.ts';
import { cadFiHistTaxaAdmSpec } from './cad-fi-hist.ts';
import { cdaSources } from './cda.ts';
import { fiiMensalSources } from './fii-mensal.ts';
import { fiiTrimestralSources } from './fii-trimestral.ts';
import { infDiarioSpec } from './inf-diario.ts';
import { registroSources } from './registro.ts';

/** CVM fund sources: FII monthly and quarterly reports, registries, daily report, CDA portfolios. */
export const fundosSources: SourceSpec[] = [
  ...fiiMensalSources,
  ...fiiTrimestralSources,
  ...registroSources,
  infDiarioSpec,
  ...cdaSources,
  cadFiHistTaxaAdmSpec,
];
