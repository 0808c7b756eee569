// Rendered on each request: no prerender.
export function load({ cookies }) {
  return { user: cookies.get('user') ?? 'guest' };
}
