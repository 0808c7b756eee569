import type { GetStaticPaths, GetStaticProps } from 'next';
import { entries, type Entry } from '../lib/markdown';

export const getStaticPaths: GetStaticPaths = async () => ({
  paths: entries('posts').map((e) => ({ params: { post: e.name } })),
  fallback: false,
});

export const getStaticProps: GetStaticProps<{ entry: Entry }> = async ({ params }) => ({
  props: { entry: entries('posts').find((e) => e.name === params?.post)! },
});

export default function Post({ entry }: { entry: Entry }) {
  return (
    <article>
      <h1>{entry.title}</h1>
      <time dateTime={entry.date}>{entry.date}</time>
      <p>{entry.body}</p>
    </article>
  );
}
