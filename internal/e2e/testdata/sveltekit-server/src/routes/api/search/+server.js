// An endpoint served on demand: no page.
export function GET() {
  return new Response(JSON.stringify({ results: [] }));
}
