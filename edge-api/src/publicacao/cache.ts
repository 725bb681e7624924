/** One value reused for `ttlMs` after it was loaded (0: load every time); a failed load is not kept. */
export class ComValidade<T> {
  private atual: { valor: Promise<T>; ate: number } | null = null;

  obter(ttlMs: number, carregar: () => Promise<T>, agora: number = Date.now()): Promise<T> {
    if (ttlMs > 0 && this.atual !== null && agora < this.atual.ate) return this.atual.valor;
    const valor = carregar();
    if (ttlMs <= 0) return valor;
    const entrada = { valor, ate: agora + ttlMs };
    this.atual = entrada;
    valor.catch(() => {
      if (this.atual === entrada) this.atual = null;
    });
    return valor;
  }
}

/**
 * Values by key, at most `limite` size units in total (callers count bytes), least recently used out
 * first. For immutable content (keys are sha256), so nothing ever needs invalidating. A value larger
 * than the whole budget is returned without being kept; a failed load is not kept.
 */
export class CacheLimitado<T> {
  private readonly itens = new Map<string, { valor: Promise<T>; tamanho: number }>();
  private total = 0;

  constructor(private readonly limite: number) {}

  get tamanho(): number {
    return this.total;
  }

  obter(chave: string, tamanho: number, carregar: () => Promise<T>): Promise<T> {
    const achado = this.itens.get(chave);
    if (achado) {
      // Map keeps insertion order: re-inserting marks it as the most recently used.
      this.itens.delete(chave);
      this.itens.set(chave, achado);
      return achado.valor;
    }
    const valor = carregar();
    if (tamanho > this.limite) return valor;
    const entrada = { valor, tamanho };
    this.itens.set(chave, entrada);
    this.total += tamanho;
    for (const [k, v] of this.itens) {
      if (this.total <= this.limite) break;
      this.itens.delete(k);
      this.total -= v.tamanho;
    }
    valor.catch(() => {
      if (this.itens.get(chave) === entrada) {
        this.itens.delete(chave);
        this.total -= tamanho;
      }
    });
    return valor;
  }
}
