import type { SourceSpec } from '../../core/source.ts';
import { sgsSpec } from './sgs.ts';

export const bcbSources: SourceSpec[] = [sgsSpec];
