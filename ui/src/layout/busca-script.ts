import { FONTE_DA_BUSCA } from './busca.ts';

/**
 * The search box's script, inlined at the end of every page by the shell (`casca.ts`): static and edge
 * pages alike, with no file to fetch (an edge page may be served with a site build that lacks one) and
 * nothing to wait for (it runs after the page is parsed). Plain browser JavaScript kept as text, no
 * template literals inside (this is one), so the bundlers of Astro and wrangler cannot rewrite it; the
 * matching rules are the source text of busca.ts's functions, the ones /procurar runs on the server.
 *
 * The shell's search box as you type (issue 15). Without this script the box is a plain GET form to
 * /procurar. With it, the field becomes a combobox (WAI-ARIA 1.2 listbox pattern): the prebuilt index
 * (/busca.json, fetched once, on first focus) is matched by the functions /procurar uses (busca.ts),
 * in the order it lists results: trading-code prefix, then CVM code or CNPJ (8+ digits), then every
 * word of the name, accents and case ignored. Enter on a suggestion opens its page; Enter without one
 * submits the form to /procurar, which searches the whole catalogue.
 */
export const SCRIPT_BUSCA = `(() => {
  const rotas = ['/acoes/', '/fiis/', '/etfs/'];
  const MAX = 8;
  let indice = null;
  let pedido = null;

  // normalizar, lerConsulta, ordemNaBusca, compararNaBusca: the rules /procurar uses (busca.ts).
${FONTE_DA_BUSCA}

  // Index rows: [type 0 stock | 1 REIT | 2 ETF, main code, name, CNPJ digits, other codes, CVM code].
  function carregar(url) {
    if (!pedido)
      pedido = fetch(url)
        .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
        .then((j) => {
          indice = j.itens.map((x) => ({
            tipo: x[0],
            codigo: x[1],
            nome: x[2],
            cnpj: x[3],
            codigos: [x[1]].concat(x[4] ? x[4].split(' ') : []),
            cvm: x[5],
            chave: normalizar(x[2]),
          }));
        })
        .catch(() => {
          pedido = null;
        });
    return pedido;
  }

  function procurar(q) {
    const consulta = lerConsulta(q, normalizar);
    if (consulta === null || !indice) return [];
    const achados = [];
    for (const k of indice) {
      const ordem = ordemNaBusca(consulta, k);
      if (ordem !== null) achados.push({ k, ordem, codigo: k.codigo });
    }
    achados.sort(compararNaBusca);
    return achados.slice(0, MAX).map((a) => a.k);
  }

  // One search box (the shell's, and the home page's larger one); ids come from the server markup.
  function iniciar(form) {
    const campo = form.querySelector('input[name="q"]');
    const lista = form.querySelector('[role="listbox"]');
    const estado = form.querySelector('[aria-live]');
    const d = form.dataset;
    const tipos = d.buscaTipos.split('|');
    let opcoes = [];
    let ativa = -1;

    campo.setAttribute('role', 'combobox');
    campo.setAttribute('aria-autocomplete', 'list');
    campo.setAttribute('aria-expanded', 'false');
    campo.setAttribute('aria-controls', lista.id);

    function fechar() {
      lista.hidden = true;
      campo.setAttribute('aria-expanded', 'false');
      campo.removeAttribute('aria-activedescendant');
      ativa = -1;
    }

    function marcar(i) {
      ativa = i;
      opcoes.forEach((_, j) => {
        const li = lista.children[j];
        li.setAttribute('aria-selected', String(j === i));
      });
      if (i < 0) campo.removeAttribute('aria-activedescendant');
      else {
        campo.setAttribute('aria-activedescendant', lista.children[i].id);
        lista.children[i].scrollIntoView({ block: 'nearest' });
      }
    }

    function abrir(k) {
      location.href = d.buscaPrefixo + rotas[k.tipo] + k.codigo;
    }

    function mostrar() {
      opcoes = procurar(campo.value);
      lista.textContent = '';
      ativa = -1;
      campo.removeAttribute('aria-activedescendant');
      if (campo.value.trim() === '') {
        fechar();
        estado.textContent = '';
        return;
      }
      opcoes.forEach((k, i) => {
        const li = document.createElement('li');
        li.id = lista.id + '-' + i;
        li.setAttribute('role', 'option');
        li.setAttribute('aria-selected', 'false');
        li.dataset.caminho = d.buscaPrefixo + rotas[k.tipo] + k.codigo;
        const c = document.createElement('strong');
        c.textContent = k.codigo;
        const n = document.createElement('span');
        n.textContent = ' ' + k.nome + ' ';
        const t = document.createElement('small');
        t.textContent = tipos[k.tipo];
        li.append(c, n, t);
        li.addEventListener('mousedown', (e) => e.preventDefault());
        li.addEventListener('click', () => abrir(k));
        lista.append(li);
      });
      const n = opcoes.length;
      lista.hidden = n === 0;
      campo.setAttribute('aria-expanded', String(n > 0));
      estado.textContent = n === 0 ? d.buscaNenhum : n === 1 ? d.buscaUma : d.buscaVarias.replace('{n}', String(n));
    }

    campo.addEventListener('focus', () => carregar(d.buscaIndice));
    campo.addEventListener('input', () => {
      if (indice) mostrar();
      else carregar(d.buscaIndice).then(mostrar);
    });
    campo.addEventListener('keydown', (e) => {
      const n = opcoes.length;
      if (e.key === 'ArrowDown') {
        e.preventDefault();
        if (lista.hidden && n > 0) {
          lista.hidden = false;
          campo.setAttribute('aria-expanded', 'true');
        }
        if (n > 0) marcar((ativa + 1) % n);
      } else if (e.key === 'ArrowUp') {
        e.preventDefault();
        if (n > 0) marcar(ativa <= 0 ? n - 1 : ativa - 1);
      } else if (e.key === 'Enter') {
        if (ativa >= 0 && !lista.hidden) {
          e.preventDefault();
          abrir(opcoes[ativa]);
        }
      } else if (e.key === 'Escape') {
        if (!lista.hidden) {
          e.preventDefault();
          fechar();
        } else campo.value = '';
      }
    });
    campo.addEventListener('blur', fechar);
  }

  document.querySelectorAll('[data-busca-topo]').forEach(iniciar);
})();
`;
