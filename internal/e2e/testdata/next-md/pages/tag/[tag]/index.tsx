import type { GetStaticPaths, GetStaticProps } from 'next';
import Link from 'next/link';
import { entries, type Entry } from '../../../lib/markdown';

// A page for each tag the posts give, listing the posts it tags: its
// parameter is a tag, not a post's name, though a post may share it
// (posts/weather.md and the tag weather).
export const getStaticPaths: GetStaticPaths = async () => {
  const tags = new Set(entries('posts').flatMap((e) => e.tags));
  return { paths: [...tags].map((tag) => ({ params: { tag } })), fallback: false };
};

// Its heading shows the tag's label, found among the tags: a find that
// picks a tag, not a post.
export const getStaticProps: GetStaticProps<{ label: string; posts: Entry[] }> = async ({ params }) => {
  const tag = String(params?.tag);
  const tags = [...new Set(entries('posts').flatMap((e) => e.tags))].map((t) => ({ slug: t, label: t.toUpperCase() }));
  const { label } = tags.find((t) => t.slug === tag)!;
  return { props: { label, posts: entries('posts').filter((e) => e.tags.includes(tag)) } };
};

export default function Tag({ label, posts }: { label: string; posts: Entry[] }) {
  return (
    <main>
      <h1>Posts tagged {label}</h1>
      <ul>
        {posts.map((p) => (
          <li key={p.name}>
            <Link href={`/${p.name}`}>{p.title}</Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
