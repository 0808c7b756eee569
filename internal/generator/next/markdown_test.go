package next_test

import (
	"reflect"
	"slices"
	"testing"
	"testing/fstest"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/gentest"
	"github.com/sitemapgen/sitemapgen/internal/generator/next"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// The modules of the route reading table: a helper whose function is
// given the folder (testdata next-md's lib/markdown.ts), the Next.js
// tutorial's lib/posts.js, the blog starter's src/lib/api.ts.
const (
	entriesHelper = `import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';

/** The Markdown files of dir, by their names without .md. */
export function entries(dir: string): Entry[] {
  const full = path.join(process.cwd(), dir);
  return fs.readdirSync(full).filter((f) => f.endsWith('.md')).map((f) => {
    const { data, content } = matter(fs.readFileSync(path.join(full, f), 'utf8'));
    return { name: f.replace(/\.md$/, ''), title: String(data.title) };
  });
}
`
	tutorialHelper = `import fs from 'fs'
import path from 'path'

const postsDirectory = path.join(process.cwd(), 'posts')

export function getAllPostIds() {
  const fileNames = fs.readdirSync(postsDirectory)
  return fileNames.map(fileName => {
    return {
      params: {
        id: fileName.replace(/\.md$/, '')
      }
    }
  })
}

export async function getPostData(id) {
  const fullPath = path.join(postsDirectory, ` + "`${id}.md`" + `)
  return { id, ...matter(fs.readFileSync(fullPath, 'utf8')).data }
}
`
	starterHelper = `import { Post } from "@/interfaces/post";
import fs from "fs";
import matter from "gray-matter";
import { join } from "path";

const postsDirectory = join(process.cwd(), "_posts");

export function getPostSlugs() {
  return fs.readdirSync(postsDirectory);
}

export function getPostBySlug(slug: string) {
  const realSlug = slug.replace(/\.md$/, "");
  const fullPath = join(postsDirectory, ` + "`${realSlug}.md`" + `);
  const { data, content } = matter(fs.readFileSync(fullPath, "utf8"));
  return { ...data, slug: realSlug, content } as Post;
}

export function getAllPosts(): Post[] {
  const slugs = getPostSlugs();
  return slugs.map((slug) => getPostBySlug(slug)).sort((a, b) => (a.date > b.date ? -1 : 1));
}
`
)

// oldStarterHelper is the pages router blog starter's lib/api.js: a
// post's fields copied by name, its slug among them (items[field] =
// realSlug), which the route's getStaticPaths gives as its parameter.
const oldStarterHelper = `import fs from 'fs'
import { join } from 'path'
import matter from 'gray-matter'

const postsDirectory = join(process.cwd(), '_posts')

export function getPostSlugs() {
  return fs.readdirSync(postsDirectory)
}

export function getPostBySlug(slug, fields = []) {
  const realSlug = slug.replace(/\.md$/, '')
  const fullPath = join(postsDirectory, ` + "`${realSlug}.md`" + `)
  const fileContents = fs.readFileSync(fullPath, 'utf8')
  const { data, content } = matter(fileContents)
  const items = {}
  fields.forEach((field) => {
    if (field === 'slug') {
      items[field] = realSlug
    }
    if (typeof data[field] !== 'undefined') {
      items[field] = data[field]
    }
  })
  return items
}

export function getAllPosts(fields = []) {
  const slugs = getPostSlugs()
  return slugs.map((slug) => getPostBySlug(slug, fields)).sort((post1, post2) => (post1.date > post2.date ? -1 : 1))
}
`

// TestReadMarkdownRoutes is the route reading table: which dynamic
// routes publish the Markdown files of a folder, read from their code
// and the helper modules it imports; and the shapes that must not be
// joined.
func TestReadMarkdownRoutes(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  []next.MarkdownRoute
	}{
		{
			name: "pages router through a helper given the folder",
			files: map[string]string{
				"lib/markdown.ts": entriesHelper,
				"pages/[post].tsx": `import type { GetStaticPaths } from 'next';
import { entries, type Entry } from '../lib/markdown';
export const getStaticPaths: GetStaticPaths = async () => ({
  paths: entries('posts').map((e) => ({ params: { post: e.name } })),
  fallback: false,
});
export const getStaticProps = async ({ params }) => ({ props: { entry: entries('notes').find((e) => e.name === params?.post)! } });
export default function Post({ entry }) { return <p>{entry.title}</p>; }
`},
			want: []next.MarkdownRoute{{File: "pages/[post].tsx", Folder: "posts", Exts: []string{".md"}, URL: "/\x00"}},
		},
		{
			name: "app router through the same helper",
			files: map[string]string{
				"lib/markdown.ts": entriesHelper,
				"app/notes/[slug]/page.tsx": `import { entries } from '../../../lib/markdown';
export const dynamicParams = false;
export function generateStaticParams() {
  return entries('notes').map((e) => ({ slug: e.name }));
}
export default async function Note({ params }) { return <p>{(await params).slug}</p>; }
`},
			want: []next.MarkdownRoute{{File: "app/notes/[slug]/page.tsx", Folder: "notes", Exts: []string{".md"}, URL: "/notes/\x00/"}},
		},
		{
			name: "the tutorial's lib/posts.js, params given by the helper",
			files: map[string]string{
				"lib/posts.js": tutorialHelper,
				"pages/posts/[id].js": `import Layout from '../../components/layout'
import { getAllPostIds, getPostData } from '../../lib/posts'

export async function getStaticPaths() {
  const paths = getAllPostIds()
  return {
    paths,
    fallback: false
  }
}
`},
			want: []next.MarkdownRoute{{File: "pages/posts/[id].js", Folder: "posts", Exts: []string{".md"}, URL: "/posts/\x00"}},
		},
		{
			name: "the blog starter through a tsconfig alias",
			files: map[string]string{
				"tsconfig.json": `{
  "compilerOptions": {
    // the starter's alias
    "paths": { "@/*": ["./src/*"] },
  }
}`,
				"src/lib/api.ts": starterHelper,
				"src/app/posts/[slug]/page.tsx": `import { notFound } from "next/navigation";
import { getAllPosts, getPostBySlug } from "@/lib/api";

export default async function Post(props: Params) {
  const post = getPostBySlug((await props.params).slug);
  return <main>{post.title}</main>;
}

export async function generateStaticParams() {
  const posts = getAllPosts();

  return posts.map((post) => ({
    slug: post.slug,
  }));
}
`},
			want: []next.MarkdownRoute{{File: "src/app/posts/[slug]/page.tsx", Folder: "_posts", Exts: []string{".md"}, URL: "/posts/\x00/"}},
		},
		{
			name: "a constant bound to process.cwd(), joined to a literal",
			files: map[string]string{
				"lib/log.ts": `import fs from "fs";
import path from "path";
const root = process.cwd();
const logDir = path.join(root + "/log/");
export function logSlugs() {
  return fs.readdirSync(logDir).filter((f) => f.endsWith(".md")).map((f) => f.replace(/\.md$/, ""));
}
`,
				"app/log/[slug]/page.tsx": `import { logSlugs } from "../../../lib/log";
export function generateStaticParams() {
  return logSlugs().map((slug) => ({ slug }));
}
`},
			want: []next.MarkdownRoute{{File: "app/log/[slug]/page.tsx", Folder: "log", Exts: []string{".md"}, URL: "/log/\x00/"}},
		},
		{
			name: "a constant bound to process.cwd(), as path.join's first argument and a listing's",
			files: map[string]string{
				"lib/a.js": `import fs from "fs";
import path from "path";
export const root = process.cwd();
export function a() { return fs.readdirSync(path.join(root, "content", "a")).map((f) => ({ params: { p: f.replace(".md", "") } })); }
`,
				"lib/b.js": `import fs from "fs";
const root = process.cwd();
export function b() { return fs.readdirSync(root + "/content/b").map((f) => ({ params: { p: f.replace(".md", "") } })); }
`,
				"pages/a/[p].js": `import { a } from "../../lib/a";
export async function getStaticPaths() { return { paths: a(), fallback: false }; }
`,
				"pages/b/[p].js": `import { b } from "../../lib/b";
export async function getStaticPaths() { return { paths: b(), fallback: false }; }
`},
			want: []next.MarkdownRoute{
				{File: "pages/a/[p].js", Folder: "content/a", Exts: []string{".md"}, URL: "/a/\x00"},
				{File: "pages/b/[p].js", Folder: "content/b", Exts: []string{".md"}, URL: "/b/\x00"},
			},
		},
		{
			name: "a function's parameter named as a cwd constant is not it; a let may change",
			files: map[string]string{
				"lib/a.js": `import fs from "fs";
import path from "path";
const root = process.cwd();
export function a(root) { return fs.readdirSync(path.join(root, "content")).map((f) => ({ params: { p: f.replace(".md", "") } })); }
`,
				"lib/b.js": `import fs from "fs";
let root = process.cwd();
export function b() { return fs.readdirSync(root + "/content/b").map((f) => ({ params: { p: f.replace(".md", "") } })); }
`,
				"pages/a/[p].js": `import { a } from "../../lib/a";
export async function getStaticPaths() { return { paths: a(somewhere), fallback: false }; }
`,
				"pages/b/[p].js": `import { b } from "../../lib/b";
export async function getStaticPaths() { return { paths: b(), fallback: false }; }
`},
		},
		{
			name: "a namespace import, MDX files by a regular expression",
			files: map[string]string{
				"lib/content.mjs": `import * as fs from 'node:fs/promises'
import path from 'node:path'
export async function slugs() {
  const files = await fs.readdir(path.resolve(process.cwd(), 'content', 'guides'))
  return files.filter((f) => /\.mdx?$/.test(f)).map((f) => f.replace(/\.mdx?$/, ''))
}
`,
				"pages/guides/[guide]/index.jsx": `import * as content from '../../../lib/content.mjs'
export async function getStaticPaths() {
  return { paths: (await content.slugs()).map((guide) => ({ params: { guide } })), fallback: false }
}
`},
			want: []next.MarkdownRoute{{File: "pages/guides/[guide]/index.jsx", Folder: "content/guides", Exts: []string{".md", ".mdx"}, URL: "/guides/\x00/"}},
		},
		{
			name: "the with-mdx-remote example: exported constants, a shorthand key",
			files: map[string]string{
				"utils/mdxUtils.js": `import fs from 'fs'
import path from 'path'

// POSTS_PATH is useful when you want to get the path to a specific file
export const POSTS_PATH = path.join(process.cwd(), 'posts')

// postFilePaths is the list of all mdx files inside the POSTS_PATH directory
export const postFilePaths = fs
  .readdirSync(POSTS_PATH)
  // Only include md(x) files
  .filter((path) => /\.mdx?$/.test(path))
`,
				"pages/posts/[slug].js": `import { serialize } from 'next-mdx-remote/serialize'
import { postFilePaths, POSTS_PATH } from '../../utils/mdxUtils'

export const getStaticProps = async ({ params }) => {
  const postFilePath = path.join(POSTS_PATH, ` + "`${params.slug}.mdx`" + `)
  return { props: { source: await serialize(fs.readFileSync(postFilePath)) } }
}

export const getStaticPaths = async () => {
  const paths = postFilePaths
    // Remove file extensions for page paths
    .map((path) => path.replace(/\.mdx?$/, ''))
    // Map the path into the static paths object required by Next.js
    .map((slug) => ({ params: { slug } }))

  return {
    paths,
    fallback: false,
  }
}
`},
			want: []next.MarkdownRoute{{File: "pages/posts/[slug].js", Folder: "posts", Exts: []string{".md", ".mdx"}, URL: "/posts/\x00"}},
		},
		{
			name: "the route lists the folder itself, by a glob",
			files: map[string]string{
				"pages/notes/[note].tsx": `import { globSync } from 'glob';
export const getStaticPaths = () => ({
  paths: globSync('notes/*.md').map((f) => ({ params: { note: f.slice(6, -'.md'.length) } })),
  fallback: false,
});
`},
			want: []next.MarkdownRoute{{File: "pages/notes/[note].tsx", Folder: "notes", Exts: []string{".md"}, URL: "/notes/\x00"}},
		},
		{
			name: "a file of the folder read by the same helper",
			files: map[string]string{
				"lib/api.ts": `import fs from 'fs';
import path from 'path';
export function getPost(slug: string) {
  return fs.readFileSync(path.join(process.cwd(), 'content', 'posts', ` + "`${slug}.md`" + `), 'utf8');
}
export function getAllPosts() {
  return fs.readdirSync(path.join(process.cwd(), 'content', 'posts')).map((f) => ({ slug: f.replace(/\.md$/, ''), text: getPost(f.replace(/\.md$/, '')) }));
}
`,
				"app/[slug]/page.tsx": `import { getAllPosts } from '../../lib/api';
export async function generateStaticParams() { return getAllPosts().map((p) => ({ slug: p.slug })); }
`},
			want: []next.MarkdownRoute{{File: "app/[slug]/page.tsx", Folder: "content/posts", Exts: []string{".md"}, URL: "/\x00/"}},
		},
		{
			name: "a folder relative to the working directory, by a constant and by path.resolve",
			files: map[string]string{
				"lib/notes.js": `import { readdirSync } from 'node:fs'
import path from 'node:path'
const NOTES = 'notes'
export const noteNames = () => readdirSync(NOTES).map((f) => f.replace('.md', ''))
export const noteNamesAgain = () => readdirSync(path.resolve('./notes')).map((f) => f.replace('.md', ''))
`,
				"pages/notes/[note].js": `import { noteNames, noteNamesAgain } from '../../lib/notes'
export function getStaticPaths() { return { paths: [...noteNames(), ...noteNamesAgain()].map((note) => ({ params: { note } })), fallback: false } }
`},
			want: []next.MarkdownRoute{{File: "pages/notes/[note].js", Folder: "notes", Exts: []string{".md"}, URL: "/notes/\x00"}},
		},
		{
			name: "a folder relative to the module, by __dirname",
			files: map[string]string{
				"pages/[post].js": `import fs from 'fs'; import path from 'path';
export function getStaticPaths() {
  return { paths: fs.readdirSync(path.join(__dirname, '../posts')).map((f) => ({ params: { post: f.replace(/\.md$/, '') } })), fallback: false };
}
`},
		},
		{
			name: "globby in an app route",
			files: map[string]string{
				"app/log/[entry]/page.jsx": `import { globby } from 'globby'
export async function generateStaticParams() {
  return (await globby('log/*.mdx')).map((f) => ({ entry: f.slice(4).replace(/\.mdx$/, '') }))
}
`},
			want: []next.MarkdownRoute{{File: "app/log/[entry]/page.jsx", Folder: "log", Exts: []string{".mdx"}, URL: "/log/\x00/"}},
		},
		{
			name: "the pages router starter: the page reads the file its parameter names",
			files: map[string]string{
				"lib/api.js": oldStarterHelper,
				"pages/posts/[slug].js": `import { getPostBySlug, getAllPosts } from '../../lib/api'
export async function getStaticProps({ params }) {
  const post = getPostBySlug(params.slug, ['title', 'date', 'slug', 'content'])
  return { props: { post } }
}
export async function getStaticPaths() {
  const posts = getAllPosts(['slug'])
  return {
    paths: posts.map((post) => {
      return { params: { slug: post.slug } }
    }),
    fallback: false,
  }
}
`},
			want: []next.MarkdownRoute{{File: "pages/posts/[slug].js", Folder: "_posts", Exts: []string{".md"}, URL: "/posts/\x00"}},
		},
		{
			name: "an app route whose page reads the file its parameter names, destructured",
			files: map[string]string{
				"lib/api.js": oldStarterHelper,
				"app/posts/[slug]/page.jsx": `import { getPostBySlug, getAllPosts } from '../../../lib/api'
export function generateStaticParams() { return getAllPosts(['slug']).map((post) => ({ slug: post.slug })) }
export default async function Post({ params }) {
  const { slug } = await params
  const post = getPostBySlug(slug, ['title'])
  return <h1>{post.title}</h1>
}
`},
			want: []next.MarkdownRoute{{File: "app/posts/[slug]/page.jsx", Folder: "_posts", Exts: []string{".md"}, URL: "/posts/\x00/"}},
		},
		{
			name: "names cut by split: split('.md').join(''), split('.')[0], path.parse(f).name",
			files: map[string]string{
				"lib/notes.ts": `import fs, { readFileSync } from "fs";
import path from "path";
import matter from "gray-matter";
const root = process.cwd();
const dir = path.join(root + "/notes/");
export const allNotes = () =>
  fs.readdirSync(dir)
    .map((file) => ({ ...matter(readFileSync(dir + file, "utf-8")), file }))
    .map((n) => ({ body: n.content, meta: { ...n.data, file: n.file.split(".md").join("") } }))
    .sort((a, b) => +new Date(b.meta.written) - +new Date(a.meta.written));
export const notePaths = () => allNotes().map(({ meta }) => ({ params: { note: meta.file } }));
export const tagPaths = () => Array.from(new Set(allNotes().map((n) => n.meta.tag))).map((tag) => ({ params: { tag: tag.toLowerCase() } }));
export const notesTagged = (tag) => allNotes().filter(({ meta }) => meta.tag.toLowerCase() === tag);
export const note = (file) => allNotes().find(({ meta }) => meta.file === file);
`,
				"pages/[note]/index.tsx": `import { notePaths, note } from "../../lib/notes";
export const getStaticPaths = () => ({ paths: notePaths(), fallback: false });
export const getStaticProps = ({ params }) => ({ props: { note: note(params.note) } });
`,
				"pages/tag/[tag]/index.tsx": `import { tagPaths, notesTagged } from "../../../lib/notes";
export const getStaticPaths = () => ({ paths: tagPaths(), fallback: false });
export const getStaticProps = ({ params }) => ({ props: { notes: notesTagged(params.tag) } });
`,
				"pages/a/[p].js": `import fs from 'fs';
export function getStaticPaths() { return { paths: fs.readdirSync('a').filter((f) => f.endsWith('.md')).map((f) => ({ params: { p: f.split('.')[0] } })), fallback: false } }
`,
				"pages/b/[p].js": `import fs from 'fs'; import path from 'path';
export function getStaticPaths() { return { paths: fs.readdirSync('b').filter((f) => f.endsWith('.md')).map((f) => ({ params: { p: path.parse(f).name } })), fallback: false } }
`},
			want: []next.MarkdownRoute{
				{File: "pages/[note]/index.tsx", Folder: "notes", Exts: []string{".md"}, URL: "/\x00/"},
				{File: "pages/a/[p].js", Folder: "a", Exts: []string{".md"}, URL: "/a/\x00"},
				{File: "pages/b/[p].js", Folder: "b", Exts: []string{".md"}, URL: "/b/\x00"},
			},
		},
		// Not joined.
		{
			name: "a tag route over the posts' tags (issue 86)",
			files: map[string]string{
				"lib/markdown.ts": entriesHelper,
				"pages/[post].tsx": `import { entries } from '../lib/markdown';
export const getStaticPaths = async () => ({ paths: entries('posts').map((e) => ({ params: { post: e.name } })), fallback: false });
`,
				"pages/tag/[tag]/index.tsx": `import { entries } from '../../../lib/markdown';
export const getStaticPaths = async () => {
  const tags = new Set(entries('posts').flatMap((e) => e.tags));
  return { paths: [...tags].map((tag) => ({ params: { tag } })), fallback: false };
};
export const getStaticProps = async ({ params }) => {
  const tag = String(params?.tag);
  return { props: { tag, posts: entries('posts').filter((e) => e.tags.includes(tag)) } };
};
`},
			want: []next.MarkdownRoute{{File: "pages/[post].tsx", Folder: "posts", Exts: []string{".md"}, URL: "/\x00"}},
		},
		{
			name: "an app tag route through the starter's helper",
			files: map[string]string{
				"lib/api.js": oldStarterHelper,
				"app/tags/[tag]/page.jsx": `import { getAllPosts } from '../../../lib/api'
export function generateStaticParams() {
  const tags = getAllPosts(['tags']).flatMap((post) => post.tags)
  return [...new Set(tags)].map((tag) => ({ tag: tag.toLowerCase() }))
}
export default async function Tag({ params }) {
  const { tag } = await params
  return <ul>{getAllPosts(['title', 'tags']).filter((p) => p.tags.includes(tag)).map((p) => <li>{p.title}</li>)}</ul>
}
`},
		},
		{
			name: "a slug from the front matter, not the file's name",
			files: map[string]string{
				"pages/blog/[slug].js": `import fs from 'fs'; import path from 'path'; import matter from 'gray-matter';
const dir = path.join(process.cwd(), 'posts');
export function getStaticPaths() {
  const posts = fs.readdirSync(dir).filter((f) => f.endsWith('.md')).map((f) => matter(fs.readFileSync(path.join(dir, f), 'utf8')).data);
  return { paths: posts.map((p) => ({ params: { slug: p.slug } })), fallback: false };
}
`},
		},
		{
			name: "a folder read by a computed path",
			files: map[string]string{
				"pages/[post].tsx": `import fs from 'fs';
import path from 'path';
const dir = path.join(process.cwd(), process.env.POSTS ?? 'posts');
export async function getStaticPaths() {
  return { paths: fs.readdirSync(dir).map((f) => ({ params: { post: f.replace(/\.md$/, '') } })), fallback: false };
}
`},
		},
		{
			name: "a folder named by a variable given to the helper",
			files: map[string]string{
				"lib/markdown.ts": entriesHelper,
				"pages/[post].tsx": `import { entries } from '../lib/markdown';
const folder = pick();
export const getStaticPaths = async () => ({ paths: entries(folder).map((e) => ({ params: { post: e.name } })), fallback: false });
`},
		},
		{
			name: "a folder in a template with a variable",
			files: map[string]string{
				"pages/[post].tsx": "import fs from 'fs';\nexport async function getStaticPaths({ locales }) {\n  const names = fs.readdirSync(`${process.cwd()}/posts/${locales[0]}`);\n  return { paths: names.map((f) => ({ params: { post: f.replace('.md', '') } })), fallback: false };\n}\n",
			},
		},
		{
			name: "a route over an API",
			files: map[string]string{
				"app/blog/[slug]/page.tsx": `export async function generateStaticParams() {
  const posts = await fetch('https://api.example.com/posts.md').then((res) => res.json());
  return posts.map((post) => ({ slug: post.slug }));
}
`},
		},
		{
			name: "two folders",
			files: map[string]string{
				"lib/markdown.ts": entriesHelper,
				"app/[slug]/page.tsx": `import { entries } from '../../lib/markdown';
export function generateStaticParams() {
  return [...entries('posts'), ...entries('notes')].map((e) => ({ slug: e.name }));
}
`},
		},
		{
			name: "a helper that calls itself on each subfolder, keyed by path.basename",
			files: map[string]string{
				"app/utils.ts": `import fs from 'fs'
import path from 'path'

function walk(dir: string, top = dir): string[] {
  let found: string[] = []
  for (const name of fs.readdirSync(dir)) {
    const full = path.join(dir, name)
    if (fs.statSync(full).isDirectory()) {
      found = found.concat(walk(full, top))
    } else if (path.extname(name) === '.mdx') {
      found.push(path.relative(top, full))
    }
  }
  return found
}

function load(kind) {
  const dir = path.join(process.cwd(), 'content', kind)
  return walk(dir).map((file) => ({ slug: path.basename(file, path.extname(file)) }))
}

export function articles() { return load('articles') }
`,
				"app/articles/[slug]/page.tsx": `import { articles } from 'app/utils'
export function generateStaticParams() { return articles().map((a) => ({ slug: a.slug })) }
`,
				"tsconfig.json": `{ "compilerOptions": { "baseUrl": "." } }`},
			want: []next.MarkdownRoute{{File: "app/articles/[slug]/page.tsx", Folder: "content/articles", Exts: []string{".mdx"}, URL: "/articles/\x00/", Recursive: true}},
		},
		{
			name: "readdirSync with recursive: true, keyed by path.basename",
			files: map[string]string{
				"pages/notes/[slug].js": `import fs from 'node:fs'; import path from 'node:path';
const dir = path.join(process.cwd(), 'notes');
export function getStaticPaths() {
  const files = fs.readdirSync(dir, { recursive: true }).filter((f) => f.endsWith('.md'));
  return { paths: files.map((f) => ({ params: { slug: path.basename(f, '.md') } })), fallback: false };
}
`},
			want: []next.MarkdownRoute{{File: "pages/notes/[slug].js", Folder: "notes", Exts: []string{".md"}, URL: "/notes/\x00", Recursive: true}},
		},
		{
			name: "a glob of the folder's tree, keyed by path.basename",
			files: map[string]string{
				"pages/[post].js": `import { globSync } from 'glob'; import path from 'path';
export function getStaticPaths() {
  return { paths: globSync('posts/**/*.md').map((f) => ({ params: { post: path.basename(f, '.md') } })), fallback: false };
}
`},
			want: []next.MarkdownRoute{{File: "pages/[post].js", Folder: "posts", Exts: []string{".md"}, URL: "/\x00", Recursive: true}},
		},
		{
			name: "a recursive listing keyed by the path under the folder: its top files alone",
			files: map[string]string{
				"pages/[post].js": `import fs from 'fs'; import path from 'path';
export function getStaticPaths() {
  const files = fs.readdirSync(path.join(process.cwd(), 'posts'), { recursive: true });
  return { paths: files.map((f) => ({ params: { post: f.replace(/\.md$/, '') } })), fallback: false };
}
`},
			want: []next.MarkdownRoute{{File: "pages/[post].js", Folder: "posts", Exts: []string{".md"}, URL: "/\x00"}},
		},
		{
			name: "a folder above the project",
			files: map[string]string{
				"pages/[post].js": `import fs from 'fs'; import path from 'path';
export function getStaticPaths() {
  return { paths: fs.readdirSync(path.join(process.cwd(), '..', 'posts')).map((f) => ({ params: { post: f.replace(/\.md$/, '') } })), fallback: false };
}
`},
		},
		{
			name: "files that are not Markdown",
			files: map[string]string{
				"pages/[item].js": `import fs from 'fs'; import path from 'path';
export function getStaticPaths() {
  return { paths: fs.readdirSync(path.join(process.cwd(), 'data')).map((f) => ({ params: { item: f.replace(/\.json$/, '') } })), fallback: false };
}
`},
		},
		{
			name: "the parameter not given",
			files: map[string]string{
				"lib/posts.js": tutorialHelper,
				"pages/posts/[slug].js": `import { getAllPostIds } from '../../lib/posts'
export async function getStaticPaths() { return { paths: getAllPostIds(), fallback: false } }
`},
		},
		{
			name: "a catch-all route",
			files: map[string]string{
				"pages/[...slug].js": `import fs from 'fs'; import path from 'path';
export function getStaticPaths() {
  return { paths: fs.readdirSync(path.join(process.cwd(), 'posts')).map((f) => ({ params: { slug: [f.replace(/\.md$/, '')] } })), fallback: false };
}
`},
		},
		{
			name: "an optional catch-all route",
			files: map[string]string{
				"pages/[[...slug]].js": `import fs from 'fs'; import path from 'path';
export function getStaticPaths() {
  return { paths: fs.readdirSync(path.join(process.cwd(), 'posts')).map((f) => ({ params: { slug: [f.replace(/\.md$/, '')] } })), fallback: false };
}
`},
		},
		{
			name: "no getStaticPaths: a page rendered on demand",
			files: map[string]string{
				"pages/[post].js": `import fs from 'fs'; import path from 'path';
export function getServerSideProps({ params }) {
  const names = fs.readdirSync(path.join(process.cwd(), 'posts')).map((f) => ({ post: f.replace(/\.md$/, '') }));
  return { props: { names } };
}
`},
		},
		{
			name: "a glob of the folder's tree keyed by the path under it",
			files: map[string]string{
				"pages/[post].js": `import { globSync } from 'glob';
export function getStaticPaths() {
  return { paths: globSync('posts/**/*.md').map((f) => ({ params: { post: f.slice(6, -3) } })), fallback: false };
}
`},
		},
		{
			name: "a helper from a package, not followed",
			files: map[string]string{
				"pages/[post].js": `import { entries } from 'markdown-entries';
export async function getStaticPaths() { return { paths: entries('posts').map((e) => ({ params: { post: e.name } })), fallback: false } }
`},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			for name, data := range tc.files {
				fsys[name] = &fstest.MapFile{Data: []byte(data)}
			}
			got, read := next.ReadMarkdownRoutes(fsys, limits.Default)
			if !slices.EqualFunc(got, tc.want, func(a, b next.MarkdownRoute) bool {
				return a.File == b.File && a.Folder == b.Folder && slices.Equal(a.Exts, b.Exts) && a.URL == b.URL && a.Recursive == b.Recursive
			}) {
				t.Errorf("routes %#v, want %#v", got, tc.want)
			}
			for _, r := range tc.want {
				if !slices.Contains(read, r.File) {
					t.Errorf("read %q, not the route %s", read, r.File)
				}
			}
		})
	}
}

// TestMarkdownURLs: the Markdown files of a route's folder are its
// pages, at the route's URL with the file's name as its parameter; the
// files of its subfolders are not, but those of a Recursive route's, at
// their names alone, a route of their own folder first; hidden files and
// other extensions are not.
func TestMarkdownURLs(t *testing.T) {
	p := next.Preset{Markdown: []next.MarkdownRoute{
		{File: "pages/[post].tsx", Folder: "posts", Exts: []string{".md"}, URL: "/\x00"},
		{File: "app/notes/[slug]/page.tsx", Folder: "content/notes", Exts: []string{".md", ".mdx"}, URL: "/notes/\x00/"},
		{File: "app/blog/[slug]/page.tsx", Folder: "content/blog", Exts: []string{".mdx"}, URL: "/blog/\x00", Recursive: true},
		{File: "app/series/[slug]/page.tsx", Folder: "content/blog/series", Exts: []string{".mdx"}, URL: "/series/\x00"},
	}}
	gentest.CheckRoutes(t, p, []gentest.RouteCase{
		{Path: "posts/first-light.md", Want: "/first-light"},
		{Path: "posts/Ships Seen.md", Want: "/Ships Seen"},
		{Path: "posts/old/first-light.md", Want: ""},
		{Path: "posts/.draft.md", Want: ""},
		{Path: "posts/first-light.mdx", Want: ""},
		{Path: "content/notes/oil-delivery.mdx", Want: "/notes/oil-delivery/"},
		{Path: "content/notes/lens.md", Want: "/notes/lens/"},
		{Path: "pages/[post].tsx", Want: ""},
		{Path: "app/page.tsx", Want: "/"},
		{Path: "content/blog/intro.mdx", Want: "/blog/intro"},
		{Path: "content/blog/coins/part-1.mdx", Want: "/blog/part-1"},
		{Path: "content/blog/coins/late/appendix.mdx", Want: "/blog/appendix"},
		{Path: "content/blog/coins/.draft.mdx", Want: ""},
		{Path: "content/blog/coins/part-1.md", Want: ""},
		{Path: "content/blog/series/one.mdx", Want: "/series/one"},
		{Path: "content/blogs/other.mdx", Want: ""},
	})
	if r := p.FileRules("content/blog/coins/part-1.mdx").Reading; !r.Read || !r.Dates {
		t.Errorf("FrontMatter(content/blog/coins/part-1.mdx) = %+v, want its dates read", r)
	}
	if r := p.FileRules("posts/first-light.md").Reading; !r.Read || !r.Dates || r.Drafts {
		t.Errorf("FrontMatter(posts/first-light.md) = %+v, want its dates read, drafts left to the code", r)
	}
	if r := p.FileRules("pages/[post].tsx").Reading; r.Read {
		t.Errorf("FrontMatter(pages/[post].tsx) = %+v, want none: a route is code", r)
	}
	// A second route over posts: its pages take the files of the first's.
	two := next.Preset{Markdown: []next.MarkdownRoute{
		{File: "pages/[post].tsx", Folder: "posts", Exts: []string{".md"}, URL: "/\x00"},
		{File: "app/notes/[slug]/page.tsx", Folder: "notes", Exts: []string{".md"}, URL: "/notes/\x00/"},
		{File: "pages/amp/[post].tsx", Folder: "posts", Exts: []string{".md"}, URL: "/amp/\x00"},
	}}
	for u, want := range map[string]string{
		"/amp/first-light": "/first-light", "/amp/first-light/": "/first-light", "/amp/first-light.html": "/first-light",
		"/amp/": "", "/amp/a/b": "", "/notes/oil-delivery/": "", "/first-light": "",
	} {
		got, ok := two.Rules().Pages.Fallback(u)
		if !ok {
			got = ""
		}
		if got != want {
			t.Errorf("FallbackURL(%s) = %q, want %q", u, got, want)
		}
	}
	include := p.Rules().Sources.Include
	for _, want := range []string{"posts/*.md", "content/notes/*.mdx", "content/blog/**/*.mdx"} {
		if !slices.Contains(include, want) {
			t.Errorf("SourceFiles() = %q, without %s", include, want)
		}
	}
	if got := p.Rules().Sources.Describe("", "Next.js"); got != "app, pages, posts, content/notes, content/blog, content/blog/series (Next.js)" {
		t.Errorf("Folders() = %q", got)
	}
}

// TestListingPages: a page without a parameter whose code lists the
// folder of a route over Markdown (a blog's home showing its posts),
// itself or through a component whose module calls the helper, is a
// list page; one that reads another folder, or none, is not, nor one
// whose component reaches the helper through a third module. A route
// with a parameter whose page lists that folder (a tag's page) is a
// route of list pages, unless its page picks one file: by find, or by
// reading a file its parameter names (issue 86).
func TestListingPages(t *testing.T) {
	files := fstest.MapFS{
		"lib/markdown.ts": {Data: []byte(entriesHelper)},
		"pages/[post].tsx": {Data: []byte(`import { entries } from '../lib/markdown';
export const getStaticPaths = async () => ({ paths: entries('posts').map((e) => ({ params: { post: e.name } })), fallback: false });
`)},
		"app/page.tsx": {Data: []byte(`import { entries } from '../lib/markdown';
export default function Home() { return <ul>{entries('posts').map((p) => <li key={p.name}>{p.title}</li>)}</ul>; }
`)},
		"pages/about.tsx": {Data: []byte(`export default function About() { return <p>About</p>; }
`)},
		"components/post-list.tsx": {Data: []byte(`import { entries } from '../lib/markdown';
export function PostList() { return <ul>{entries('posts').map((p) => <li key={p.name}>{p.title}</li>)}</ul>; }
`)},
		"app/archive/page.tsx": {Data: []byte(`import { PostList } from '../../components/post-list';
export default function Archive() { return <section><PostList /></section>; }
`)},
		"components/frame.tsx": {Data: []byte(`import { PostList } from './post-list';
export function Frame() { return <div><PostList /></div>; }
`)},
		"app/far/page.tsx": {Data: []byte(`import { Frame } from '../../components/frame';
export default function Far() { return <Frame />; }
`)},
		"pages/notes.tsx": {Data: []byte(`import { entries } from '../lib/markdown';
export const getStaticProps = async () => ({ props: { notes: entries('notes') } });
export default function Notes({ notes }) { return <ul>{notes.map((n) => <li>{n.title}</li>)}</ul>; }
`)},
		"pages/tag/[tag]/index.tsx": {Data: []byte(`import { entries } from '../../../lib/markdown';
export const getStaticPaths = async () => ({ paths: [...new Set(entries('posts').flatMap((e) => e.tags))].map((tag) => ({ params: { tag } })), fallback: false });
export const getStaticProps = async ({ params }) => ({ props: { posts: entries('posts').filter((e) => e.tags.includes(params.tag)) } });
`)},
		"app/by-title/[title]/page.tsx": {Data: []byte(`import { entries } from '../../../lib/markdown';
export function generateStaticParams() { return entries('posts').map((e) => ({ title: e.title })); }
export default async function Post({ params }) { const { title } = await params; return <p>{entries('posts').find((e) => e.title === title).body}</p>; }
`)},
		"pages/blog/[slug].tsx": {Data: []byte(`import { entries } from '../../lib/markdown';
export const getStaticPaths = async () => ({ paths: entries('posts').map((e) => ({ params: { slug: e.title.toLowerCase() } })), fallback: false });
export const getStaticProps = async ({ params }) => ({ props: { post: entries('posts').filter((e) => e.title.toLowerCase() === params.slug)[0] } });
`)},
		"pages/first/[slug].tsx": {Data: []byte(`import { entries } from '../../lib/markdown';
export const getStaticPaths = async () => ({ paths: entries('posts').map((e) => ({ params: { slug: e.title.toLowerCase() } })), fallback: false });
export async function getStaticProps({ params }) {
  const [post] = entries('posts').filter((e) => e.title.toLowerCase() === params.slug);
  return { props: { post } };
}
`)},
		"pages/label/[tag].tsx": {Data: []byte(`import { entries } from '../../lib/markdown';
export const getStaticPaths = async () => ({ paths: [...new Set(entries('posts').flatMap((e) => e.tags))].map((tag) => ({ params: { tag } })), fallback: false });
export async function getStaticProps({ params }) {
  const tags = [...new Set(entries('posts').flatMap((e) => e.tags))].map((t) => ({ slug: t, label: t.toUpperCase() }));
  const tag = tags.find((t) => t.slug === params.tag);
  return { props: { label: tag.label, posts: entries('posts').filter((e) => e.tags.includes(params.tag)) } };
}
`)},
		"pages/read/[id].js": {Data: []byte(`import fs from 'fs'; import path from 'path';
import { entries } from '../../lib/markdown';
export async function getStaticPaths() { return { paths: entries('posts').map((e) => ({ params: { id: e.title } })), fallback: false } }
export async function getStaticProps({ params }) { return { props: { text: fs.readFileSync(path.join('posts', params.id + ext()), 'utf8'), all: entries('posts') } } }
`)},
	}
	routes, _ := next.ReadMarkdownRoutes(files, limits.Default)
	got, _ := next.ListingPages(files, limits.Default, routes)
	if want := []string{"app/archive/page.tsx", "app/page.tsx"}; !slices.Equal(got.Pages, want) {
		t.Errorf("ListingPages = %q, want %q (routes %+v)", got.Pages, want, routes)
	}
	if want := []string{"pages/label/[tag].tsx", "pages/tag/[tag]/index.tsx"}; !slices.Equal(got.Routes, want) {
		t.Errorf("ListingPages' routes = %q, want %q (routes %+v)", got.Routes, want, routes)
	}
	// A tag route through a helper module whose other function finds
	// one post: its own code calls no find.
	files = fstest.MapFS{
		"lib/posts.js": {Data: []byte(`import fs from 'fs'; import path from 'path'; import matter from 'gray-matter';
const dir = path.join(process.cwd(), 'posts');
export const all = () => fs.readdirSync(dir).map((f) => ({ ...matter(fs.readFileSync(path.join(dir, f), 'utf8')).data, name: f.split('.md').join('') }));
export const tagged = (tag) => all().filter((p) => p.tag.toLowerCase() === tag);
export const one = (name) => all().find((p) => p.name === name);
`)},
		"pages/[post].js": {Data: []byte(`import { all, one } from '../lib/posts';
export const getStaticPaths = () => ({ paths: all().map((p) => ({ params: { post: p.name } })), fallback: false });
export const getStaticProps = ({ params }) => ({ props: { post: one(params.post) } });
`)},
		"pages/tag/[tag].js": {Data: []byte(`import { all, tagged } from '../../lib/posts';
export const getStaticPaths = () => ({ paths: [...new Set(all().map((p) => p.tag))].map((tag) => ({ params: { tag: tag.toLowerCase() } })), fallback: false });
export const getStaticProps = ({ params }) => ({ props: { posts: tagged(params.tag) } });
`)},
	}
	routes, _ = next.ReadMarkdownRoutes(files, limits.Default)
	got, _ = next.ListingPages(files, limits.Default, routes)
	if len(routes) != 1 || routes[0].File != "pages/[post].js" || !slices.Equal(got.Routes, []string{"pages/tag/[tag].js"}) {
		t.Errorf("routes %+v, list routes %q; want pages/[post].js, and pages/tag/[tag].js listing", routes, got.Routes)
	}
}

// TestDataRoutes: a dynamic route whose generateStaticParams (app/) or
// getStaticPaths (pages/) maps a JSON file of the project it imports, by
// a relative path or a tsconfig.json alias, is a data route, its pages
// built from it and the file, and so is one through a module's function
// over it, and one whose page is laid out with components and
// next/link; one over a module that fetches, a fetch, one whose page
// reads a file or fetches, an
// API route, a route over Markdown or a file that is not there is not.
// ReadFolder names the routes' files and the data files.
func TestDataRoutes(t *testing.T) {
	const mapped = "export const dynamicParams = false;\nexport function generateStaticParams() { return ships.map((s) => ({ id: s.id })); }\nexport default function Page() { return null; }\n"
	src := fstest.MapFS{
		"tsconfig.json":                   {Data: []byte(`{"compilerOptions": {"paths": {"@/*": ["./*"]}}}`)},
		"data/ships.json":                 {Data: []byte(`[{"id": "a"}]`)},
		"app/ships/[id]/page.tsx":         {Data: []byte("import ships from '../../../data/ships.json';\n" + mapped)},
		"app/(fleet)/boats/[id]/page.tsx": {Data: []byte("import ships from '@/data/ships.json';\n" + mapped)},
		"pages/crew/[name].tsx":           {Data: []byte("import crew from '../../data/ships.json';\nexport async function getStaticPaths() { return { paths: crew.map((c) => ({ params: { name: c.id } })), fallback: false }; }\nexport default function P() { return null; }\n")},
		"app/fetched/[id]/page.tsx":       {Data: []byte("export async function generateStaticParams() { const r = await fetch('https://api.example/'); return r.json(); }\nexport default function P() { return null; }\n")},
		"app/module/[id]/page.tsx":        {Data: []byte("import { ships as list } from '../../../lib/ships';\nconst ships = list();\n" + mapped)},
		"app/remote/[id]/page.tsx":        {Data: []byte("import { ships } from '../../../lib/remote';\n" + mapped)},
		"app/missing/[id]/page.tsx":       {Data: []byte("import ships from '../../../data/none.json';\n" + mapped)},
		"pages/api/[id].ts":               {Data: []byte("import ships from '../../data/ships.json';\nexport function getStaticPaths() { return ships; }\n")},
		// The page its route renders reads more (the review's cases): a
		// post read from the file system, a fetch.
		"app/read/[slug]/page.tsx": {Data: []byte("import slugs from '../../../data/ships.json';\nimport { getPost } from '../../../lib/posts';\nexport function generateStaticParams() { return slugs.map((s) => ({ slug: s.id })); }\nexport default async function P({ params }) { const { slug } = await params; const post = await getPost(slug); return post; }\n")},
		"app/cms/[id]/page.tsx":    {Data: []byte("export function generateStaticParams() { return [{ id: 'a' }]; }\nexport default async function P({ params }) { const r = await fetch('https://cms.example/' + (await params).id); return r; }\n")},
		"lib/posts.ts":             {Data: []byte("import fs from 'fs';\nexport async function getPost(slug) { return fs.readFileSync('posts/' + slug + '.md', 'utf8'); }\n")},
		"app/laid/[id]/page.tsx":   {Data: []byte("import Link from 'next/link';\nimport Card from '../../../components/card';\nimport ships from '../../../data/ships.json';\nexport function generateStaticParams() { return ships.map((s) => ({ id: s.id })); }\nexport default async function P({ params }) { const { id } = await params; return <Card><Link href={'/ships/' + id}>{ships.find((s) => s.id === id).name}</Link></Card>; }\n")},
		"components/card.tsx":      {Data: []byte("export default function Card({ children }) { return <div>{children}</div>; }\n")},
		"lib/ships.ts":             {Data: []byte("import data from '../data/ships.json';\nexport function ships() { return data; }\n")},
		"lib/remote.ts":            {Data: []byte("export async function ships() { return (await fetch('https://api.example/')).json(); }\n")},
	}
	p := &next.Preset{}
	read := p.ReadFolder(generator.Folder{Settings: src, Content: src, Limits: limits.Default})
	want := map[string][]string{
		"app/ships/[id]/page.tsx":         {"data/ships.json"},
		"app/(fleet)/boats/[id]/page.tsx": {"data/ships.json"},
		"pages/crew/[name].tsx":           {"data/ships.json"},
		"app/module/[id]/page.tsx":        {"data/ships.json"},
		"app/laid/[id]/page.tsx":          {"data/ships.json"},
	}
	if !reflect.DeepEqual(p.Data, want) {
		t.Errorf("Data = %q\nwant %q", p.Data, want)
	}
	if files, ok := p.Rules().Pages.Data("app/ships/[id]/page.tsx"); !ok || !slices.Equal(files, []string{"data/ships.json"}) {
		t.Errorf("Data(ships) = %q, %v", files, ok)
	}
	for _, f := range []string{"app/ships/[id]/page.tsx", "data/ships.json", "tsconfig.json"} {
		if !slices.Contains(read, f) {
			t.Errorf("ReadFolder does not name %s: %q", f, read)
		}
	}
}

// TestListingPagesNewest: a list page whose code shows every post it
// reads, in any order, shows the newest; one that cuts the list (the
// first three, even sorted newest first; all but the first; a filter on
// the posts' data; one found) shows some, which ones their data say
// (issue 86).
func TestListingPagesNewest(t *testing.T) {
	const route = `import { entries } from '../lib/markdown';
export const getStaticPaths = async () => ({ paths: entries('posts').map((e) => ({ params: { post: e.name } })), fallback: false });
`
	const starterRoute = `import { getAllPosts, getPostBySlug } from '../../lib/api'
export async function getStaticPaths() { return { paths: getAllPosts(['slug']).map((p) => ({ params: { slug: p.slug } })), fallback: false } }
export async function getStaticProps({ params }) { return { props: { post: getPostBySlug(params.slug, ['title']) } } }
`
	for _, tc := range []struct {
		name, props string
		want        bool
	}{
		{"every post", "entries('posts')", true},
		{"every post, mapped", "entries('posts').map((p) => ({ title: p.title, href: '/' + p.name }))", true},
		{"every post, newest first", "entries('posts').sort((a, b) => (a.date > b.date ? -1 : 1))", true},
		{"every post, a date cut to its day", "entries('posts').map((p) => ({ ...p, date: p.date.slice(0, 10) }))", true},
		{"every post, the first three tags of each", "entries('posts').map((p) => ({ ...p, tags: p.tags.slice(0, 3) }))", true},
		{"every post, sorted by the day of each date", "entries('posts').sort((a, b) => b.date.slice(0, 10).localeCompare(a.date.slice(0, 10)))", true},
		{"every post, a date cut from a value not known as the post's", "entries('posts').map((p) => ({ ...p, day: String(p.date).slice(0, 10) }))", false},
		{"a cut of the posts in a callback over another list", "[1, 2].map((n) => entries('posts').slice(0, n))", false},
		{"newest first by a ternary, the first three", "entries('posts').sort((a, b) => (a.date > b.date ? -1 : 1)).slice(0, 3)", false},
		{"newest first by localeCompare, the first", "[entries('posts').sort((x, y) => y.date.localeCompare(x.date))[0]]", false},
		{"newest first, all but the first, a date cut to its day", "entries('posts').sort((a, b) => new Date(b.date).getTime() - new Date(a.date).getTime()).slice(1).map((p) => ({ ...p, date: p.date.slice(0, 10) }))", false},
		{"newest first, the second page of three, a date cut to its day", "entries('posts').sort((a, b) => (a.date > b.date ? -1 : 1)).slice(3, 6).map((p) => ({ ...p, date: p.date.slice(0, 10) }))", false},
		{"the first three of no order", "entries('posts').slice(0, 3)", false},
		{"the first, by at", "[entries('posts').at(0)]", false},
		{"those not drafts", "entries('posts').filter((p) => !p.draft)", false},
		{"one found", "entries('posts').find((p) => p.featured)", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := fstest.MapFS{
				"lib/markdown.ts":  {Data: []byte(entriesHelper)},
				"pages/[post].tsx": {Data: []byte(route)},
				"pages/index.tsx":  {Data: []byte("import { entries } from '../lib/markdown';\nexport const getStaticProps = async () => ({ props: { posts: " + tc.props + " } });\n")},
			}
			routes, _ := next.ReadMarkdownRoutes(files, limits.Default)
			l, _ := next.ListingPages(files, limits.Default, routes)
			if !slices.Equal(l.Pages, []string{"pages/index.tsx"}) {
				t.Fatalf("ListingPages = %q, want pages/index.tsx", l.Pages)
			}
			if folder, got := l.Newest["pages/index.tsx"]; got != tc.want || got && folder != "posts" {
				t.Errorf("Newest = %q, want the newest of posts shown: %v", l.Newest, tc.want)
			}
		})
	}
	// The page renders the posts getStaticProps gives: a cut of a post's
	// date there cuts no post; a cut of the list does. A closing tag
	// followed by code on its line is read as a regular expression up
	// to the next "/": a cut it hides may cut the list, and so may a
	// call whose parenthesis closes in it.
	for body, want := range map[string]bool{
		"{ posts }) {\n  return <main><h1>Posts</h1>{posts.map((p) => <p key={p.name}>{p.title}</p>)}</main>;\n}\n":                                                                         true,
		"{ posts }) {\n  return <main><h1>Posts</h1>{posts[0].title}</main>;\n}\n":                                                                                                          false,
		"{ posts }) {\n  return <main><p>{posts.filter((p) => <b>{p.title}</b> && p.published)}</p></main>;\n}\n":                                                                           false,
		"{ posts }) {\n  return (\n    <main>\n      {posts.map((p) => (\n        <time key={p.name}>{p.date.slice(0, 10)}</time>\n      ))}\n    </main>\n  );\n}\n":                       true,
		"{ posts }: { posts: Entry[] }) {\n  return (\n    <main>\n      {posts.map((p) => (\n        <time key={p.name}>{p.date.slice(0, 10)}</time>\n      ))}\n    </main>\n  );\n}\n":   true,
		"props: { posts: Entry[] }) {\n  return (\n    <main>\n      {props.posts.map((p) => (\n        <time key={p.name}>{p.date.slice(0, 10)}</time>\n      ))}\n    </main>\n  );\n}\n": true,
		"{ posts }) {\n  return (\n    <main>\n      {posts.slice(0, 3).map((p) => (\n        <p key={p.name}>{p.title}</p>\n      ))}\n    </main>\n  );\n}\n":                             false,
		"props) {\n  return <main>{props.posts.slice(0, 3).map((p) => <p key={p.name}>{p.title}</p>)}</main>;\n}\n":                                                                         false,
		"{ posts }) {\n  return <main><h1>Posts</h1>{posts.slice(0, 3).map((p) => <p key={p.name}>{p.title}</p>)}</main>;\n}\n":                                                             false,
	} {
		files := fstest.MapFS{
			"lib/markdown.ts":  {Data: []byte(entriesHelper)},
			"pages/[post].tsx": {Data: []byte(route)},
			"pages/index.tsx": {Data: []byte("import { entries } from '../lib/markdown';\nexport const getStaticProps = async () => ({ props: { posts: entries('posts') } });\n" +
				"export default function Home(" + body)},
		}
		routes, _ := next.ReadMarkdownRoutes(files, limits.Default)
		l, _ := next.ListingPages(files, limits.Default, routes)
		if _, got := l.Newest["pages/index.tsx"]; got != want {
			t.Errorf("a page rendering %s: Newest = %q, want the newest of posts shown: %v", body, l.Newest, want)
		}
	}
	// The pages router blog starter: its helper sorts the posts newest
	// first; the home shows the first as its hero, and the rest. Both
	// cuts together show every post, but each alone does not: the code
	// does not say it shows them all.
	files := fstest.MapFS{
		"lib/api.js":            {Data: []byte(oldStarterHelper)},
		"pages/posts/[slug].js": {Data: []byte(starterRoute)},
		"pages/index.js": {Data: []byte(`import { getAllPosts } from '../lib/api'
export default function Index({ allPosts }) {
  const heroPost = allPosts[0]
  const morePosts = allPosts.slice(1)
  return <Layout><HeroPost post={heroPost} /><MoreStories posts={morePosts} /></Layout>
}
export async function getStaticProps() {
  const allPosts = getAllPosts(['title', 'date', 'slug'])
  return { props: { allPosts } }
}
`)},
	}
	routes, _ := next.ReadMarkdownRoutes(files, limits.Default)
	l, _ := next.ListingPages(files, limits.Default, routes)
	if !slices.Equal(l.Pages, []string{"pages/index.js"}) || len(l.Newest) > 0 {
		t.Errorf("list pages %q, Newest = %q; want pages/index.js, none", l.Pages, l.Newest)
	}
}
