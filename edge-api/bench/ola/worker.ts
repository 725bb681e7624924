/** The bench's floor: a worker that answers a constant, run by the same wrangler and workerd as the API. */
export default {
  fetch(): Response {
    return new Response('{"ok":true}\n', { headers: { 'Content-Type': 'application/json' } });
  },
};
