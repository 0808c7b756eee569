// Prerendered as a redirect: SvelteKit writes a page that refreshes to it.
import { redirect } from '@sveltejs/kit';
export const prerender = true;
export function load() {
  redirect(308, '/shop/about');
}
