import { logEntries } from '../../../lib/log';

export const dynamicParams = false;

export function generateStaticParams() {
  return logEntries().map((e) => ({ slug: e.slug }));
}

export default async function Log({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const entry = logEntries().find((e) => e.slug === slug)!;
  return (
    <article>
      <h1>{entry.title}</h1>
      <time dateTime={entry.publishedDate}>{entry.publishedDate}</time>
      <p>{entry.body}</p>
    </article>
  );
}
