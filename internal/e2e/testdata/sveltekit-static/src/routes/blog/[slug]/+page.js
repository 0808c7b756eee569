// A post is the Markdown file of its name, as the blog starters import it.
import { error } from '@sveltejs/kit';

export async function load({ params }) {
  try {
    const post = await import(`../../../posts/${params.slug}.md`);
    return { content: post.default, meta: post.metadata };
  } catch {
    error(404, `no post ${params.slug}`);
  }
}
