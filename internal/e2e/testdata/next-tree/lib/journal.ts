import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';

export type Entry = { slug: string; title: string; publishedAt: string; body: string };

// The .mdx files under dir, relative to top, the subfolders walked by
// calling itself.
function mdxUnder(dir: string, top: string = dir): string[] {
  const out: string[] = [];
  for (const name of fs.readdirSync(dir)) {
    const full = path.join(dir, name);
    if (fs.statSync(full).isDirectory()) {
      out.push(...mdxUnder(full, top));
    } else if (path.extname(name) === '.mdx') {
      out.push(path.relative(top, full));
    }
  }
  return out;
}

function load(section: string): Entry[] {
  const dir = path.join(process.cwd(), 'content', section);
  return mdxUnder(dir).map((rel) => {
    const { data, content } = matter(fs.readFileSync(path.join(dir, rel), 'utf8'));
    // The page is at the file's name alone, wherever its folder.
    return { slug: path.basename(rel, path.extname(rel)), title: String(data.title), publishedAt: String(data.publishedAt), body: content };
  });
}

/** The journal's entries, newest first. */
export function journal(): Entry[] {
  return load('journal').sort((a, b) => (a.publishedAt < b.publishedAt ? 1 : -1));
}
