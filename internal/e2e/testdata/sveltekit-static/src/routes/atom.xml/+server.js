// An Atom feed written from url.origin, as some blogs write theirs: while
// SvelteKit prerenders it, url.origin is kit.prerender.origin, whose
// default is the stand-in http://sveltekit-prerender, no site's host.
export const prerender = true;

export function GET({ url }) {
  const posts = Object.keys(import.meta.glob('/src/posts/*.md')).map((file) => file.split('/').pop().slice(0, -3));
  const entries = posts
    .map((slug) => `<entry><title>${slug}</title><id>${url.origin}/blog/${slug}</id><link href="${url.origin}/blog/${slug}"/></entry>`)
    .join('\n');
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<title>A SvelteKit blog</title>
<link href="${url.origin}/"/>
<link rel="self" href="${url.origin}/atom.xml"/>
${entries}
</feed>
`, { headers: { 'Content-Type': 'application/atom+xml' } });
}
