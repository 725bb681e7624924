-- API keys. Only the SHA-256 of the whole key is stored; `id` is the public part of the key
-- (between the prefix and the secret) so a lookup never touches the secret.
CREATE TABLE chaves (
  id TEXT PRIMARY KEY,
  hash_sha256 TEXT NOT NULL,
  plano TEXT NOT NULL CHECK (plano IN ('free', 'pro')),
  nome TEXT,
  origem TEXT,
  criada_em TEXT NOT NULL,
  revogada_em TEXT
);
