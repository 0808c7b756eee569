// Types of the sitemapgen package's API: import sitemapgen from "sitemapgen".

/**
 * A record as the transform function gets and returns it: the sitemap's
 * own element names. lastmod is as written ("2024-05-01T09:30:00Z", or
 * a date with --lastmod-format date); one it returns may be any date
 * sitemapgen reads. A value left out is none.
 */
export interface SitemapRecord {
  loc: string;
  lastmod?: string;
  changefreq?: "always" | "hourly" | "daily" | "weekly" | "monthly" | "yearly" | "never";
  priority?: number | string;
  alternates?: { hreflang: string; href: string }[];
  images?: { loc: string }[];
}

/** What the transform function returns: a record, none, or several. */
export type TransformResult = SitemapRecord | SitemapRecord[] | null | undefined;

/** Where sitemapgen's messages go; console by default. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/**
 * The options of a build. Besides dir, cwd, env, logger and args, each is
 * one of sitemapgen's flags in camelCase (maxUrls is --max-urls); see
 * `sitemapgen --help` and docs/npm.md. An unknown option rejects.
 */
export interface Options {
  /** The site folder (DIR); default: root: in sitemap.yaml, or detected. */
  dir?: string;
  /** The working directory sitemapgen runs in; default process.cwd(). */
  cwd?: string;
  /** Environment variables added to process.env for the run. */
  env?: Record<string, string | undefined>;
  /** Where the lines sitemapgen prints go: warnings to warn, the rest to info. */
  logger?: Logger;
  /** More command-line arguments, as given. */
  args?: string[];

  config?: string;
  baseUrl?: string;
  out?: string;
  force?: boolean;
  include?: string | string[];
  exclude?: string | string[];
  gzip?: boolean;
  text?: boolean;
  robots?: boolean;
  keepGeneratorSitemaps?: boolean;
  maxUrls?: number;
  maxBytes?: number;
  cleanUrls?: boolean;
  trailingSlash?: boolean;
  changefreq?: ChangeFreq;
  priority?: number;
  lastmodFormat?: "datetime" | "date";
  lastmodSources?: string | string[];
  state?: string;
  readHeads?: boolean;
  followSymlinks?: boolean;
  mode?: "output" | "content";
  source?: string;
  preset?: "hugo" | "jekyll" | "mkdocs" | "plain";
  host?: "auto" | "netlify" | "vercel" | "cloudflare-pages" | "github-pages" | "none";
  previews?: "production-url" | "own-url" | "skip";
  drafts?: boolean;
  future?: boolean;
  strict?: boolean;
  changes?: string;
  keyFile?: boolean;
  /** Files of extra URLs: pages the site's files do not show (--extra-urls). */
  extraUrls?: string | string[];
  /** A command whose output lists extra URLs (--extra-urls-command). */
  extraUrlsCommand?: string;
  /**
   * The per-URL hook: a function run in this process over every record
   * to be written, in URL order, one at a time (it may be async). It
   * returns the record to write (the one given, edited), null or
   * undefined to drop it, or a list of records (the others added, checked
   * as extra URLs). A string is a command line instead (--transform).
   * What it returns is checked; a throw rejects, nothing written.
   */
  transform?: string | ((record: SitemapRecord) => TransformResult | Promise<TransformResult>);
  /** Run the commands sitemap.yaml names (--allow-commands). */
  allowCommands?: boolean;
  /** Where a build keeps what it read for the next (--cache-dir); "off" for none. */
  cacheDir?: string;
  feed?: boolean;
  dryRun?: boolean;
  noWait?: boolean;
  quiet?: boolean;
  verbose?: boolean;
}

/** The protocol's values of changefreq. */
export type ChangeFreq = "always" | "hourly" | "daily" | "weekly" | "monthly" | "yearly" | "never";

/** What a build did: the object `sitemapgen build --json` prints. */
export interface Summary {
  /** The site folder walked. */
  dir: string;
  /** The folder the files went into: dir, or out. */
  outDir: string;
  baseUrl: string;
  dryRun: boolean;
  /** The files the include patterns matched. */
  pages: number;
  /** The records of extra URLs read (extraUrls, extraUrlsCommand); absent for none. */
  extraUrls?: number;
  /** What the transform did; absent without one. */
  transform?: { given: number; returned: number; edited: number; dropped: number; added: number; leftOut: number; duplicates: number };
  /** The URLs listed. */
  urls: number;
  /** The sitemap files written, relative to outDir, sitemap.xml last. */
  files: string[];
  /** The stale sitemap files of an earlier run removed. */
  removed: string[];
  /** The pages left out, by reason ("noindex", "error page" ...). */
  skipped: Record<string, number>;
  /** The number of warnings. */
  warnings: number;
  /** The listed pages by where their lastmod came from; "none" for none. */
  lastmod: Record<string, number>;
  elapsedMs: number;
  /**
   * Why no sitemap was written, when none was by design: a preview with
   * previews: skip, or every page found left out on purpose ("every page
   * found is noindex (12 noindex, 1 error page)"; the earlier sitemaps
   * removed are in removed).
   */
  notWritten?: string;
}

/** The Error a failed build rejects with: sitemapgen's message. */
export interface SitemapgenError extends Error {
  /** sitemapgen's exit status: 1 the build failed, 2 a usage or configuration error. */
  exitCode: number;
}

/** Runs a build; resolves to its summary, rejects with a SitemapgenError. */
export function sitemapgen(options?: Options): Promise<Summary>;
export default sitemapgen;
