import { journal } from '../../../lib/journal';

export const dynamicParams = false;

export function generateStaticParams() {
  return journal().map((e) => ({ slug: e.slug }));
}

export default async function JournalEntry({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const entry = journal().find((e) => e.slug === slug)!;
  return (
    <article>
      <h1>{entry.title}</h1>
      <time dateTime={entry.publishedAt}>{entry.publishedAt}</time>
      <p>{entry.body}</p>
    </article>
  );
}
