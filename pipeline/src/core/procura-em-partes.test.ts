import { describe, expect, it } from 'vitest';
import { procuraEmPartes } from './procura-em-partes.ts';

// Made here: a build version cut at every point of three chunks, and chunks shorter than the text.
const TEXTO = '2026-11-24-bench|2';

const procurar = (partes: string[]) => {
  const p = procuraEmPartes(TEXTO);
  for (const x of partes) p.parte(Buffer.from(x, 'utf8'));
  return p.achou;
};
const posicao = (partes: string[]) => {
  const p = procuraEmPartes(TEXTO);
  for (const x of partes) p.parte(Buffer.from(x, 'utf8'));
  return p.posicao;
};

describe('procuraEmPartes', () => {
  it('finds the text wherever the chunks cut it', () => {
    const todo = `{"a":1,"versao_do_dado":"${TEXTO}"}\n`;
    for (let i = 0; i <= todo.length; i++)
      for (let j = i; j <= todo.length; j++)
        expect(procurar([todo.slice(0, i), todo.slice(i, j), todo.slice(j)])).toBe(true);
    // One byte at a time: every chunk is shorter than the text.
    expect(procurar([...todo])).toBe(true);
  });

  it('gives the byte offset of the first occurrence wherever the chunks cut it', () => {
    // Made here: a multi-byte character before the text, so the offset counts bytes, not characters.
    const todo = `{"ç":1,"v":"${TEXTO}","w":"${TEXTO}"}`;
    const esperado = Buffer.from(todo, 'utf8').indexOf(TEXTO);
    expect(esperado).toBe(13);
    for (let i = 0; i <= todo.length; i++)
      for (let j = i; j <= todo.length; j++)
        expect(posicao([todo.slice(0, i), todo.slice(i, j), todo.slice(j)])).toBe(esperado);
    expect(posicao([...todo])).toBe(esperado);
    expect(posicao(['no version here'])).toBeNull();
  });

  it('does not find another version, nor the text split by other bytes', () => {
    expect(procurar(['{"versao_do_dado":"2026-11-24-bench|1"}'])).toBe(false);
    expect(procurar(['2026-11-24-bench', 'x', '|2'])).toBe(false);
    expect(procurar([])).toBe(false);
  });
});
