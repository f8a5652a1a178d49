/** `/builds/latest.json`: the id of the build this server runs; browsers poll it to notice a deploy. */
export function loader() {
  return Response.json({ id: __BUILD_ID__ }, { headers: { "Cache-Control": "no-store" } });
}
