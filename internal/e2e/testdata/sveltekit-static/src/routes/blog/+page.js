// The blog's list: every post's front matter, newest first.
export function load() {
  const posts = Object.entries(import.meta.glob('/src/posts/*.md', { eager: true })).map(([file, post]) => ({
    slug: file.split('/').pop().slice(0, -3),
    ...post.metadata,
  }));
  posts.sort((a, b) => (a.date < b.date ? 1 : -1));
  return { posts };
}
