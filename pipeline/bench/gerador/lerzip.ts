import yauzl from 'yauzl';

/** Reads every member of a zip into memory (tests and small checks only). */
export function lerZip(caminho: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.open(caminho, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error(`${caminho}: cannot open zip`));
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, s) => {
          if (e || !s) return reject(e ?? new Error(`${caminho}:${entry.fileName}: cannot read`));
          const partes: Buffer[] = [];
          s.on('data', (c: Buffer) => partes.push(c));
          s.on('end', () => {
            out.set(entry.fileName, Buffer.concat(partes));
            zip.readEntry();
          });
          s.on('error', reject);
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
