import { describe, expect, it } from 'vitest';
import { VersaoDoDadoSchema } from './manifest.ts';

describe('versao_do_dado', () => {
  it('accepts the spec form <date>-<label>|<n>', () => {
    expect(VersaoDoDadoSchema.safeParse('2026-11-22-amostra|3').success).toBe(true);
  });
  it('refuses a version without its sequence number', () => {
    expect(VersaoDoDadoSchema.safeParse('2026-11-22-amostra').success).toBe(false);
  });
});
