import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';

export type Entry = { name: string; title: string; date: string; tags: string[]; body: string };

/** The Markdown files of dir (posts, notes), by their names without .md. */
export function entries(dir: string): Entry[] {
  const full = path.join(process.cwd(), dir);
  return fs
    .readdirSync(full)
    .filter((f) => f.endsWith('.md'))
    .map((f) => {
      const { data, content } = matter(fs.readFileSync(path.join(full, f), 'utf8'));
      return { name: f.replace(/\.md$/, ''), title: String(data.title), date: String(data.date), tags: data.tags ?? [], body: content };
    });
}
