// An endpoint served on demand: no page.
export const prerender = false;
export function GET() {
  return new Response(JSON.stringify({ results: [] }));
}
