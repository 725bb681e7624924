import { expect } from 'vitest';
import { InputError } from '../core/source.ts';

/** The InputError a promise rejects with; the test fails if it resolves or rejects with anything else. */
export async function inputErrorOf(p: Promise<unknown>): Promise<InputError> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(InputError);
  return e as InputError;
}
