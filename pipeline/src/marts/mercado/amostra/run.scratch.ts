import { contextoMemoria } from '../../fundamentos/amostra/contexto-memoria.ts';
import { mercadoStages } from '../index.ts';
import { prepararAmostraMercado } from './staging-mercado.ts';

const { ctx, capturado } = await contextoMemoria();
await prepararAmostraMercado(ctx, '/work/main/data/sample/raw');
for (const s of mercadoStages) await s.run(ctx);
for (const i of capturado.invariantes)
  console.log(i.nome, i.verificados, i.falhas, JSON.stringify(i.exemplos).slice(0, 300));
for (const q of process.argv.slice(2)) {
  const r = await ctx.db.runAndReadAll(q);
  console.table(r.getRowObjectsJson().slice(0, 60));
}
