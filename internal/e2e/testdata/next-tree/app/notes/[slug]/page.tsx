import { notes } from '../../../lib/notes';

export const dynamicParams = false;

export function generateStaticParams() {
  return notes().map((n) => ({ slug: n.slug }));
}

export default async function NotePage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const note = notes().find((n) => n.slug === slug)!;
  return (
    <article>
      <h1>{note.title}</h1>
      <time dateTime={note.date}>{note.date}</time>
    </article>
  );
}
