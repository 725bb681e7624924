import type { Lang } from '@fundamentos/ui/i18n/strings';
import type { Plano } from './chave-formato.ts';

export interface ChaveValida {
  id: string;
  plano: Plano;
}

/** Hono environment of the whole app: bindings from `wrangler types`, per-request variables. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    idRequisicao: string;
    /** Null when the request carried no `X-API-Key`. */
    chave: ChaveValida | null;
    /** Page language settled by the negotiation middleware (`?lang`, then `Accept-Language`, else pt). */
    lang: Lang;
    /** Set on page routes: their refusals (422, 404…) are answered as a page to a browser. */
    pagina?: true;
  };
}
