import { z } from 'zod';
import type { JsonSourceSpec } from '../../core/source.ts';
import { jsonShape, records } from '../../readers/json.ts';

/** BCB SGS time-series API; dates in the query are dd/mm/yyyy. */
export const SGS_URL =
  'https://api.bcb.gov.br/dados/serie/bcdata.sgs.{SERIE}/dados?formato=json&dataInicial={DATA_INICIAL}&dataFinal={DATA_FINAL}';

/** URL of one SGS series between two ISO dates. */
export function sgsUrl(serie: number, inicio: string, fim: string): string {
  const br = (iso: string) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
    if (!m) throw new Error(`sgsUrl: expected a date YYYY-MM-DD, found ${JSON.stringify(iso)}`);
    return `${m[3]}/${m[2]}/${m[1]}`;
  };
  return `https://api.bcb.gov.br/dados/serie/bcdata.sgs.${serie}/dados?formato=json&dataInicial=${br(inicio)}&dataFinal=${br(fim)}`;
}

/** Series the sample names by word instead of number (data/sample/raw/bcb/selic.json is series 11). */
export const SGS_SERIES_BY_NAME: Record<string, string> = { selic: '11' };

/** The answer: an array of `{data: "dd/mm/yyyy", valor: "0.024620"}`, values as strings with a '.' decimal. */
const sgsAnswer = z.array(z.object({ data: z.string(), valor: z.string() }));

export const sgsSpec: JsonSourceSpec = {
  kind: 'json',
  id: 'bcb_sgs',
  title: 'BCB SGS time series (Selic series 11 in the sample)',
  staged: 'stg_bcb_sgs',
  url: SGS_URL,
  urlParams: [
    'SERIE: SGS series number (11 = Selic, % per day)',
    'DATA_INICIAL, DATA_FINAL: first and last date, dd/mm/yyyy',
  ],
  localName: 'sgs_{SERIE}.json',
  // Downloads are saved as sgs_<serie>.json; the sample's selic.json is mapped by SGS_SERIES_BY_NAME.
  fileName: /^(?:sgs[_.-](?<serie>\d+)|(?<nome>selic))\.json$/i,
  encoding: 'utf-8',
  columns: [
    { name: 'serie', type: 'varchar', meaning: 'SGS series number, from the file name' },
    { name: 'data', type: 'date_br', meaning: 'observation date' },
    { name: 'valor', type: 'decimal', meaning: 'value in the unit of the series (Selic 11: % per day)' },
  ],
  shape: jsonShape(
    sgsAnswer,
    (a, facts) => {
      const serie = facts.serie ?? SGS_SERIES_BY_NAME[(facts.nome ?? '').toLowerCase()];
      return records(a, (i) => `$[${i}]`, { serie });
    },
    { numbers: 'plain', empty: 'error' },
  ),
};
