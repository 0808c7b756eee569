import Link from 'next/link';
import { entries } from '../lib/markdown';

export default function Home() {
  const posts = entries('posts');
  return (
    <main>
      <p>A logbook of a lighthouse keeper, in posts and notes.</p>
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
