import { entries } from '../../../lib/markdown';

export const dynamicParams = false;

export function generateStaticParams() {
  return entries('notes').map((e) => ({ slug: e.name }));
}

export default async function Note({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const entry = entries('notes').find((e) => e.name === slug)!;
  return (
    <article>
      <h1>{entry.title}</h1>
      <time dateTime={entry.date}>{entry.date}</time>
      <p>{entry.body}</p>
    </article>
  );
}
