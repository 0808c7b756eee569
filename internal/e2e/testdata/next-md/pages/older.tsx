import type { GetStaticProps } from 'next';
import { useRouter } from 'next/router';
import { entries, type Entry } from '../lib/markdown';

// Every post but the newest, newest first. Each entry links by its
// heading's onClick, with an href on the heading, as Next.js 12's
// <Link passHref> around an <h2> wrote it.
export const getStaticProps: GetStaticProps<{ posts: Entry[] }> = async () => ({
  props: {
    posts: entries('posts')
      .sort((a, b) => new Date(b.date).getTime() - new Date(a.date).getTime())
      .slice(1),
  },
});

export default function Older({ posts }: { posts: Entry[] }) {
  const router = useRouter();
  return (
    <main>
      <h1>Earlier posts</h1>
      {posts.map((p) => (
        <h2 key={p.name} {...{ href: `/${p.name}` }} onClick={() => router.push(`/${p.name}`)}>
          {p.title}
        </h2>
      ))}
    </main>
  );
}
