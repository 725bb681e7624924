import { describe, expect, it } from 'vitest';
import { allSources } from './index.ts';

/** Sample values for the placeholders a `localName` template may hold (digits suit every one in use). */
const SAMPLE_VALUES: Record<string, string> = { YYYY: '2024', MM: '01', DD: '02' };

describe('source registry', () => {
  it('every localName template fills to a name its own spec recognises (else fetch saves files the build ignores)', () => {
    const withTemplate = allSources.filter((s) => s.localName !== undefined);
    // bcb_sgs names its downloads sgs_{SERIE}.json (its URL ends in a query, no file name).
    expect(withTemplate.map((s) => s.id)).toContain('bcb_sgs');
    for (const s of withTemplate) {
      const name = (s.localName ?? '').replace(/\{([^{}]+)\}/g, (_, p: string) => SAMPLE_VALUES[p] ?? '11');
      expect(s.fileName.test(name), `${s.id}: ${name}`).toBe(true);
    }
  });

  it('ids are unique', () => {
    const ids = allSources.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
