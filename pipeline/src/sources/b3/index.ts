import type { SourceSpec } from '../../core/source.ts';

export const b3Sources: SourceSpec[] = [];
