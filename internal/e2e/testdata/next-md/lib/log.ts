import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';

// The folder named through a constant, as some projects write it.
const root = process.cwd();
const logDir = path.join(root + '/log/');

export type LogEntry = { slug: string; title: string; publishedDate: string; body: string };

/** The Markdown files of log/, by their names without .md. */
export function logEntries(): LogEntry[] {
  return fs
    .readdirSync(logDir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => {
      const { data, content } = matter(fs.readFileSync(path.join(logDir, f), 'utf8'));
      return { slug: f.replace(/\.md$/, ''), title: String(data.title), publishedDate: String(data.publishedDate), body: content };
    });
}
