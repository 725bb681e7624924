// Rewrites tests/regressao/resumo-amostra.json from the sample build: run it after a deliberate change
// to what the pipeline publishes, and review the diff it leaves.
import { writeFile } from 'node:fs/promises';
import { RESUMO_AMOSTRA, resumoDaAmostra, serializar } from './amostra.ts';

await writeFile(RESUMO_AMOSTRA, serializar(await resumoDaAmostra()));
console.log(`wrote ${RESUMO_AMOSTRA}`);
