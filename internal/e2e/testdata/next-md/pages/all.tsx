import type { GetStaticProps } from 'next';
import { useRouter } from 'next/router';
import { entries, type Entry } from '../lib/markdown';

// Every post, newest first, each with its day. Each entry links by its
// heading's onClick alone, not by an <a>: the built page names no post.
// The code cuts none from the list: it cuts each post's date to its day.
export const getStaticProps: GetStaticProps<{ posts: Entry[] }> = async () => ({
  props: {
    posts: entries('posts').sort((a, b) => new Date(b.date).getTime() - new Date(a.date).getTime()),
  },
});

export default function All({ posts }: { posts: Entry[] }) {
  const router = useRouter();
  return (
    <main>
      <h1>Every post</h1>
      {posts.map((p) => (
        <section key={p.name}>
          <h2 onClick={() => router.push(`/${p.name}`)}>{p.title}</h2>
          <time dateTime={p.date}>{p.date.slice(0, 10)}</time>
        </section>
      ))}
    </main>
  );
}
