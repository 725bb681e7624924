import type { SourceSpec } from '../../core/source.ts';

export const bcbSources: SourceSpec[] = [];
