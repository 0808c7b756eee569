// The blog's RSS feed, as the blog starters write it: the channel's link
// is the project's repository, the feed's own URL and its items' links
// are the site's.
export const prerender = true;

const site = 'https://example.com';

export function GET() {
  const posts = Object.entries(import.meta.glob('/src/posts/*.md', { eager: true })).map(([file, post]) => ({
    slug: file.split('/').pop().slice(0, -3),
    ...post.metadata,
  }));
  const items = posts
    .map((p) => `<item><title>${p.title}</title><link>${site}/blog/${p.slug}</link><guid isPermaLink="true">${site}/blog/${p.slug}</guid></item>`)
    .join('\n');
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>A SvelteKit blog</title>
<link>https://github.com/o/sveltekit-blog</link>
<atom:link href="${site}/rss.xml" rel="self" type="application/rss+xml"/>
<description>Posts</description>
${items}
</channel>
</rss>
`, { headers: { 'Content-Type': 'application/xml' } });
}
