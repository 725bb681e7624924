/**
 * Test-local fixture (made here): a build that publishes one artefact and then stops forever, so a test
 * can kill it with SIGKILL mid-way. Usage: tsx build-que-para.ts <raw> <out>. Prints `parado` when stuck.
 */
import { build } from '../../build.ts';
import { cvmSources } from '../../sources/cvm/index.ts';

const [raw, out] = process.argv.slice(2);
if (!raw || !out) throw new Error('usage: build-que-para.ts <raw> <out>');
await build({
  raw,
  out,
  label: 'morta',
  sources: cvmSources,
  stages: [
    {
      name: 'para_no_meio',
      async run(ctx) {
        const e = await ctx.writer.text({
          name: 'meio',
          path: 'meio.txt',
          schemaName: 'teste',
          content: 'x\n',
          rows: 1,
        });
        process.stdout.write('parado\n');
        // A pending timer keeps the process alive (an unsettled promise alone would let node exit).
        await new Promise(() => setInterval(() => {}, 1000));
        return [e];
      },
    },
  ],
});
