-- Accounts and mail (docs/contas.md). No e-mail address of a buyer is stored: Stripe keeps it, and the
-- Pro key is mailed straight from the webhook.

-- One row per confirmed checkout intent (POST /assinar/confirmar), moved by Stripe's webhook.
-- estado: checkout_criado → ativa → cancelada | expirada (see docs/contas.md).
CREATE TABLE assinaturas (
  id TEXT PRIMARY KEY,
  plano TEXT NOT NULL CHECK (plano IN ('pro', 'pix')),
  pacote TEXT,
  moeda TEXT NOT NULL,
  valor_centavos INTEGER NOT NULL,
  lang TEXT NOT NULL CHECK (lang IN ('pt', 'en')),
  estado TEXT NOT NULL CHECK (estado IN ('checkout_criado', 'ativa', 'cancelada', 'expirada')),
  sessao_checkout TEXT NOT NULL UNIQUE,
  cliente_stripe TEXT,
  assinatura_stripe TEXT,
  -- Set once, by the first delivery of the payment event: the claim that makes the webhook idempotent.
  chave_id TEXT UNIQUE REFERENCES chaves (id),
  criada_em TEXT NOT NULL,
  paga_em TEXT,
  expira_em TEXT,
  encerrada_em TEXT
);
CREATE INDEX assinaturas_por_assinatura_stripe ON assinaturas (assinatura_stripe);

-- Funnel: one row per step a reader takes (no identity, no address).
CREATE TABLE eventos_funil (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tipo TEXT NOT NULL CHECK (tipo IN ('checkout_criado', 'pagamento_confirmado')),
  plano TEXT NOT NULL,
  pacote TEXT,
  moeda TEXT NOT NULL,
  assinatura_id TEXT NOT NULL,
  em TEXT NOT NULL
);

-- Stripe event ids already handled (a redelivery is acknowledged and does nothing).
CREATE TABLE eventos_stripe (
  id TEXT PRIMARY KEY,
  tipo TEXT NOT NULL,
  recebido_em TEXT NOT NULL
);

-- Follow requests (POST /acompanhar). `email` is kept only to send the messages asked for;
-- `email_hash` (HMAC-SHA256 with SEGREDO_CONTAS) serves every lookup.
-- estado: pendente → ativo; a pending row older than the confirmation delay is deleted; an unsubscribe
-- deletes the row.
CREATE TABLE acompanhamentos (
  id TEXT PRIMARY KEY,
  email_hash TEXT NOT NULL,
  email TEXT NOT NULL,
  ticker TEXT NOT NULL,
  lang TEXT NOT NULL CHECK (lang IN ('pt', 'en')),
  estado TEXT NOT NULL CHECK (estado IN ('pendente', 'ativo')),
  -- SHA-256 of the single-use confirmation token; NULL once used.
  confirmacao_hash TEXT,
  criado_em TEXT NOT NULL,
  confirmado_em TEXT,
  UNIQUE (email_hash, ticker)
);
CREATE INDEX acompanhamentos_por_estado ON acompanhamentos (estado, criado_em);
