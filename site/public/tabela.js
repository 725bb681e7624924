// Sortable, filterable tables (issue 15), as progressive enhancement: without this script every
// `table[data-ordenavel]` is a plain full table. With it, each column header becomes a button that sorts
// the rows (numbers by their exact `data-valor`, text by locale; empty values always last), and a filter
// field above the table hides rows whose text does not hold every typed word (accents and case ignored).
// Texts come from the table's data attributes, so the script holds no language. A few dozen lines did not
// justify a library (the well-kept ones are 10-40 KB and style their own markup).
(() => {
  const normalizar = (s) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

  function valor(td, numerica) {
    if (!td) return null;
    if (numerica) {
      const v = td.dataset.valor;
      return v === undefined || v === '' ? null : Number(v);
    }
    return td.textContent.trim();
  }

  function preparar(tabela, n) {
    const corpo = tabela.tBodies[0];
    if (!corpo) return;
    const linhas = Array.from(corpo.rows);
    const cabecas = Array.from(tabela.tHead.rows[0].cells);
    const d = tabela.dataset;
    const colecao = new Intl.Collator(document.documentElement.lang, { numeric: true, sensitivity: 'base' });

    // Filter field and count, placed before the table's scroll box (unless the page has its own filter).
    const caixa = tabela.closest('.tabela') || tabela;
    if (d.semFiltro !== undefined) return ordenar();
    const filtro = document.createElement('p');
    filtro.className = 'filtro-tabela';
    const id = `filtro-${n}`;
    const rotulo = document.createElement('label');
    rotulo.htmlFor = id;
    rotulo.textContent = d.rotuloFiltro;
    const campo = document.createElement('input');
    campo.type = 'search';
    campo.id = id;
    campo.autocomplete = 'off';
    const conta = document.createElement('output');
    conta.setAttribute('aria-live', 'polite');
    filtro.append(rotulo, ' ', campo, ' ', conta);
    caixa.before(filtro);
    const chaves = linhas.map((tr) => normalizar(tr.textContent));

    function contar() {
      const visiveis = linhas.filter((tr) => !tr.hidden).length;
      conta.textContent = d.mostrando.replace('{n}', String(visiveis)).replace('{t}', String(linhas.length));
    }
    campo.addEventListener('input', () => {
      const palavras = normalizar(campo.value).split(/\s+/).filter(Boolean);
      linhas.forEach((tr, i) => {
        tr.hidden = !palavras.every((p) => chaves[i].includes(p));
      });
      contar();
    });
    const inicial = new URLSearchParams(location.search).get('filtro');
    if (inicial) {
      campo.value = inicial;
      campo.dispatchEvent(new Event('input'));
    } else contar();
    ordenar();

    function ordenar() {
      cabecas.forEach((th, c) => {
        if (th.hasAttribute('data-sem-ordem')) return;
        const numerica = th.classList.contains('num');
        const botao = document.createElement('button');
        botao.type = 'button';
        botao.className = 'ordenar';
        while (th.firstChild) botao.append(th.firstChild);
        th.append(botao);
        botao.addEventListener('click', () => {
          const desc = th.getAttribute('aria-sort') === 'ascending';
          for (const outra of cabecas) outra.removeAttribute('aria-sort');
          th.setAttribute('aria-sort', desc ? 'descending' : 'ascending');
          const ordenadas = linhas.slice().sort((a, b) => {
            const x = valor(a.cells[c], numerica);
            const y = valor(b.cells[c], numerica);
            if (x === null || x === '') return y === null || y === '' ? 0 : 1;
            if (y === null || y === '') return -1;
            const r = numerica ? x - y : colecao.compare(x, y);
            return desc ? -r : r;
          });
          corpo.append(...ordenadas);
        });
      });
    }
  }

  // A list (`ul[data-ordenavel-lista]`) whose items carry `data-o-<field>`: a select picks the field,
  // `data-campos` = JSON [[field, label, numeric 0|1], …]; numbers sort largest first, text A to Z.
  function prepararLista(ul) {
    const campos = JSON.parse(ul.dataset.campos);
    const itens = Array.from(ul.children);
    const colecao = new Intl.Collator(document.documentElement.lang, { numeric: true, sensitivity: 'base' });
    const p = document.createElement('p');
    const rotulo = document.createElement('label');
    rotulo.htmlFor = 'ordem-lista';
    rotulo.textContent = ul.dataset.rotuloOrdem;
    const sel = document.createElement('select');
    sel.id = 'ordem-lista';
    for (const [campo, nome] of campos) sel.append(new Option(nome, campo));
    p.append(rotulo, ' ', sel);
    ul.before(p);
    sel.addEventListener('change', () => {
      const [campo, , numerico] = campos.find((c) => c[0] === sel.value);
      const v = (li) => li.getAttribute(`data-o-${campo}`) || '';
      const ordenados = itens.slice().sort((a, b) => {
        const x = v(a);
        const y = v(b);
        if (x === '' || y === '') return (x === '') - (y === '');
        return numerico ? Number(y) - Number(x) : colecao.compare(x, y);
      });
      ul.append(...ordenados);
    });
  }

  document.querySelectorAll('table[data-ordenavel]').forEach(preparar);
  document.querySelectorAll('[data-ordenavel-lista]').forEach(prepararLista);
})();
