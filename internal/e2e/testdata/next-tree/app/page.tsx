import { JournalList } from './_components/journal-list';

export default function Home() {
  return (
    <main>
      <p>An orchard's year, entry by entry.</p>
      <JournalList />
    </main>
  );
}
