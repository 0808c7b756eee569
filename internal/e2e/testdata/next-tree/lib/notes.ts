import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';

export type Note = { slug: string; title: string; date: string };

const notesDir = path.join(process.cwd(), 'notes');

/** The notes under notes/, one a name: of two files of one name, the one read last. */
export function notes(): Note[] {
  const byName = new Map<string, Note>();
  for (const rel of fs.readdirSync(notesDir, { recursive: true, encoding: 'utf8' })) {
    if (!rel.endsWith('.md')) continue;
    const { data } = matter(fs.readFileSync(path.join(notesDir, rel), 'utf8'));
    const slug = path.basename(rel, '.md');
    byName.set(slug, { slug, title: String(data.title), date: String(data.date) });
  }
  return [...byName.values()];
}
