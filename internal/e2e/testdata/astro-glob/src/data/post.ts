import { getCollection } from 'astro:content';

/** The posts of the blog, drafts only in the dev server. */
export async function getAllPosts() {
  return await getCollection('post', ({ data }) => (import.meta.env.PROD ? !data.draft : true));
}
