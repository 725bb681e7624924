/**
 * Ready-made seeds shown on /auditoria/sementes. The service never picks a seed for a request;
 * these are just memorable numbers so two people can compare the same sample. The audit pages' text is
 * Markdown: src/content/auditoria/<lang>/{auditoria,sementes}.md (read by ./artigos.ts).
 */
export const SEMENTES = [1, 7, 42, 193, 2010] as const;
