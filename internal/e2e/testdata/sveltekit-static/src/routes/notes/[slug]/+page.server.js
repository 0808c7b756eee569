// A note is read at build time from the glob of the notes' folder.
import { error } from '@sveltejs/kit';

const notes = import.meta.glob('/src/notes/*.md', { eager: true });

export function load({ params }) {
  const note = notes[`/src/notes/${params.slug}.md`];
  if (!note) error(404, 'no such note');
  return { meta: note.metadata };
}
