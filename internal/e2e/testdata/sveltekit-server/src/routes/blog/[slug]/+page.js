export const prerender = true;
export function entries() {
  return [{ slug: 'hello-world' }, { slug: 'second-post' }];
}
export function load({ params }) {
  return { slug: params.slug };
}
