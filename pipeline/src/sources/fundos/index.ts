import type { SourceSpec } from '../../core/source.ts';

export const fundosSources: SourceSpec[] = [];
