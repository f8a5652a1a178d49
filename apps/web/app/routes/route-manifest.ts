/**
 * `/__manifest`: the whole route manifest is one file now (decision 016), so only a page of an
 * older build, which discovered routes lazily, asks here. React Router's own answer to a page
 * of another build: load the document anew.
 */
export function loader() {
  return new Response(null, { status: 204, headers: { "X-Remix-Reload-Document": "true" } });
}
