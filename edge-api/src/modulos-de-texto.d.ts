// Files the bundler imports as text (wrangler.jsonc `rules`): Swagger UI, served by /docs/api/.
declare module 'swagger-ui-dist/swagger-ui-bundle.js' {
  const texto: string;
  export default texto;
}
declare module 'swagger-ui-dist/swagger-ui.css' {
  const texto: string;
  export default texto;
}
