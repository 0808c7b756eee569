import Link from 'next/link';
import { journal } from '../../lib/journal';

/** The journal's entries, each a link to its page. */
export function JournalList() {
  return (
    <ul>
      {journal().map((e) => (
        <li key={e.slug}>
          <Link href={`/journal/${e.slug}`}>{e.title}</Link>
        </li>
      ))}
    </ul>
  );
}
