import { getCollection } from 'astro:content';

// The posts, newest first; drafts only in the dev server.
async function getRawSortedPosts() {
  const all = await getCollection('posts', ({ data }) => (import.meta.env.PROD ? data.draft !== true : true));
  return all.sort((a, b) => b.data.published.valueOf() - a.data.published.valueOf());
}

export async function getSortedPosts() {
  const sorted = await getRawSortedPosts();
  return sorted;
}
