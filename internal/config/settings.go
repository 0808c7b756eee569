package config

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/generator/registry"
	"github.com/sitemapgen/sitemapgen/internal/htmlhead"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
	"github.com/sitemapgen/sitemapgen/walker"
	"github.com/sitemapgen/sitemapgen/writer"
)

// Values are the settings of build and watch, as the table [Settings]
// declares them. The defaults come first. The file's values go over
// them, then the environment's, then the flags'.
type Values struct {
	Config         string
	BaseURL        string
	Root           string
	Out            string
	Include        []string
	Exclude        []string
	Gzip           bool
	Filename       string
	XSL            string
	Text           bool
	TextName       string
	Robots         bool
	KeepGenerator  bool
	Published      []string
	MaxURLs        int
	MaxBytes       int
	CleanURLs      bool
	TrailingSlash  bool
	ChangeFreq     string
	Priority       *float64
	LastModFormat  string
	LastMod        LastMod
	State          string
	Head           Head
	FollowSymlinks bool
	Mode           string
	Source         string
	Preset         string
	Host           string
	Previews       string
	Drafts         bool
	Future         bool
	Strict         bool
	Changes        string
	KeyFile        bool
	Feed           Feed
	Viewer         bool
	DryRun         bool
	JSON           bool
	AuditIgnore    []string
	Check          bool
	Force          bool
	NoWait         bool
	Explain        []string
	Quiet          bool
	Verbose        bool
	Skip           Skip
	RobotsTxt      string
	Hreflang       Hreflang
	Images         Images
	Videos         Videos
	News           News
	Rules          []Rule
	Sections       []Section
	Locales        []Locale
	Index          Index
	ExtraURLs      []string
	ExtraInline    []string
	ExtraCommand   string
	Transform      string
	TransformFDs   string
	RobotsHook     string
	SitemapsURL    string
	AllowCommands  bool
	CacheDir       string
	Limits         limits.Limits
	Watch          Watch
}

// LastMod configures where lastmod comes from.
type LastMod struct {
	// Sources are tried in order; the first that knows a page's date wins.
	Sources []string
	// Ignore lists regular expressions whose matches do not count as a
	// change of a page's content for the hash source.
	Ignore []string
}

// Head configures reading each HTML page's head.
type Head struct {
	Read     bool
	MaxBytes int
}

// Skip switches the inclusion policy's parts.
type Skip struct {
	// ErrorPages leaves out 404.html, 500.html, 404/index.html and the like.
	ErrorPages bool
	// NoIndex leaves out pages whose head says noindex.
	NoIndex bool
	// Redirects leaves out meta refresh redirect stubs.
	Redirects bool
	// NonCanonical leaves out pages whose canonical URL is elsewhere.
	NonCanonical bool
	// XRobotsTag honours X-Robots-Tag: noindex in _headers, vercel.json
	// and netlify.toml.
	XRobotsTag bool
}

// Hreflang configures the check of the pages' hreflang clusters.
type Hreflang struct {
	// Check is HreflangCheck or HreflangOff.
	Check string
	// Hosts are the origins besides the base URL's that alternates may
	// be on.
	Hosts []string
}

// Videos configures the video entries of each URL.
type Videos struct {
	Enabled bool
	// Hosts are the origins besides the base URL's that a video's
	// thumbnail and file may be on, such as a CDN's or a video host's.
	Hosts []string
}

// News configures the news sitemap. It is on when Name is set.
type News struct {
	// Name is the publication's name as Google News knows it.
	Name string
	// Language is the publication's language (ISO 639). When it is
	// empty, each article has its own.
	Language string
}

// Images configures the image entries of each URL.
type Images struct {
	Enabled bool
	// Hosts are the origins besides the base URL's that images may be
	// on, such as a CDN's.
	Hosts []string
}

// Feed configures the Atom feed of the most recently modified URLs.
type Feed struct {
	Enabled bool
	Limit   int
	Title   string
}

// Watch holds the settings only watch mode has.
type Watch struct {
	Debounce, MaxWait, Poll time.Duration
	// MaxWatches bounds the folders watched one by one; 0 means as many
	// as the system allows. Fanotify lets watch mode watch whole
	// filesystems past that limit, where it may, rather than scan.
	MaxWatches int
	Fanotify   bool
}

// Rule is one entry of rules. The first rule whose glob matches a
// file's path, relative to the site folder, sets its changefreq and
// priority.
type Rule struct {
	Match      string
	ChangeFreq string
	Priority   *float64
}

// Section is one entry of sections. A listed page goes to the section's
// own sitemap files, named after Name, when one of its include globs
// matches the page's path relative to the site folder and no earlier
// section's glob does.
type Section struct {
	Name    string
	Include []string
}

// Locale is one entry of locales. The pages in Folder are in the
// language Lang; with no Folder, these are the pages in no locale's
// folder. The page at a path in one locale's folder is one page with
// the pages at that path in the other locales' folders.
type Locale struct {
	Folder string
	Lang   string
}

// Index configures the sitemap index.
type Index struct {
	// Extra lists the absolute URLs of other sitemaps that the index
	// lists after its own files. They are on the base URL's host, under
	// the base URL.
	Extra []string
}

// The commands that read Settings, by the names Setting.Only gives.
const (
	BuildCommand = "build"
	WatchCommand = "watch"
	AuditCommand = "audit"
)

// BaseURLEnv is the environment variable that gives the base URL.
const BaseURLEnv = "SITEMAP_BASE_URL"

// AllowCommandsEnv is the environment variable that lets the commands
// named in sitemap.yaml run (--allow-commands). The caller sets it,
// never the repository.
const AllowCommandsEnv = "SITEMAPGEN_ALLOW_COMMANDS"

// CacheDirEnv is the environment variable that names the folder where a
// build keeps what it read for the next build (--cache-dir). The caller
// sets it, never the repository.
const CacheDirEnv = "SITEMAPGEN_CACHE_DIR"

// Settings are the settings of build and watch, each declared once, in
// the order of build's --help.
var Settings = Table[Values]{
	{Flag: "config", Arg: "FILE", Help: []string{"read FILE instead of ./sitemap.yaml"},
		FlagCheck: func(v *Values) error { return named(v.Config, "the configuration file to read") },
		Field:     String(func(v *Values) *string { return &v.Config }, "", nil)},
	{Flag: "base-url", Arg: "URL", Key: "base_url", Env: BaseURLEnv, Help: []string{
		"the absolute URL DIR is served at; a path is allowed",
		"(https://example.org/docs/). Also SITEMAP_BASE_URL"},
		FlagCheck: func(v *Values) error { _, err := mapping.ParseBaseURL(v.BaseURL); return err },
		Field:     String(func(v *Values) *string { return &v.BaseURL }, "", checkBaseURL)},
	{Key: "root", Path: true,
		Field: String(func(v *Values) *string { return &v.Root }, "", nil)},
	{Flag: "out", Arg: "DIR2", Key: "out", Path: true, Help: []string{
		"write the sitemaps into DIR2 instead of DIR; their URLs",
		"still name the base URL, as if DIR2 were the site"},
		Field: String(func(v *Values) *string { return &v.Out }, "", nil)},
	{Flag: "force", Help: []string{
		"walk DIR even when it is a generator's project folder",
		"whose built site is a folder in it (public/, _site/)"},
		Field: Bool(func(v *Values) *bool { return &v.Force }, false)},
	{Flag: "include", Arg: "GLOB", Key: "include", Help: []string{
		"list files matching GLOB (repeatable; replaces the",
		"default **/*.html and **/*.htm: to add PDFs, give",
		"--include '**/*.html' --include '**/*.pdf')"},
		Field: List(func(v *Values) *[]string { return &v.Include }, walker.DefaultInclude, false, Each(walker.ValidatePattern))},
	{Flag: "exclude", Arg: "GLOB", Key: "exclude", Help: []string{
		"leave out files matching GLOB (repeatable; a folder",
		"that matches is not entered: --exclude drafts)"},
		Field: List(func(v *Values) *[]string { return &v.Exclude }, nil, false, Each(walker.ValidatePattern))},
	{Flag: "gzip", Key: "gzip", Help: []string{"write sitemap.xml.gz and .xml.gz shards"},
		Field: Bool(func(v *Values) *bool { return &v.Gzip }, false)},
	{Flag: "filename", Arg: "NAME", Key: "filename", Help: []string{
		"name the entry file NAME instead of sitemap.xml (.gz",
		"added with --gzip): the URL robots.txt names and you",
		"submit (default: Hugo's [sitemap] filename, else",
		"sitemap.xml). Keep a peer's: sitemap-index.xml"},
		Field: String(func(v *Values) *string { return &v.Filename }, "", unlessEmpty(writer.CheckFilename))},
	{Flag: "xsl", Arg: "URL", Key: "xsl", Help: []string{
		"name the XSLT stylesheet at URL (/sitemap.xsl) in",
		"every sitemap and index file, for browsers to show",
		"them with (<?xml-stylesheet?>)"},
		Field: String(func(v *Values) *string { return &v.XSL }, "", unlessEmpty(checkXSL))},
	{Flag: "text", Key: "text", Help: []string{"also write sitemap.txt, one URL a line"},
		Field: Bool(func(v *Values) *bool { return &v.Text }, false)},
	{Key: "text_filename",
		Field: String(func(v *Values) *string { return &v.TextName }, "", unlessEmpty(writer.CheckTextName))},
	{Flag: "robots", Key: "robots", Help: []string{"add the Sitemap: lines to robots.txt, keeping the rest"},
		Field: Bool(func(v *Values) *bool { return &v.Robots }, false)},
	{Flag: "sitemaps-url", Arg: "URL", Key: "sitemaps_url", Help: []string{
		"the URL the sitemap files are served at, when not the",
		"base URL (a CDN's folder): the index's entries and",
		"robots.txt's Sitemap: lines name them there; the pages",
		"keep the base URL. Search engines take sitemaps outside",
		"the pages' folder when the site's robots.txt names them",
		"(--robots)"},
		Field: String(func(v *Values) *string { return &v.SitemapsURL }, "", unlessEmpty(checkSitemapsURL))},
	{Flag: "keep-generator-sitemaps", Key: "keep_generator_sitemaps", Help: []string{
		"keep the sitemaps a generator wrote into its output",
		"(Hugo's en/sitemap.xml, Astro's sitemap-index.xml …),",
		"which are replaced by default once ours are written:",
		"each URL of theirs a search engine may have been",
		"given then answers with a file leading to ours"},
		Field: Bool(func(v *Values) *bool { return &v.KeepGenerator }, false)},
	{Key: "published_sitemaps",
		Field: List(func(v *Values) *[]string { return &v.Published }, nil, false, Each(writer.CheckAnswer))},
	{Flag: "max-urls", Arg: "N", Key: "max_urls", Help: []string{"at most N URLs per file (default 50000, the most allowed)"},
		Field: Int(func(v *Values) *int { return &v.MaxURLs }, sitemap.MaxURLs, between(1, sitemap.MaxURLs))},
	{Flag: "max-bytes", Arg: "N", Key: "max_bytes", Help: []string{
		"every file stays under N bytes, uncompressed (default",
		"10485760; at most 52428800)"},
		Field: Int(func(v *Values) *int { return &v.MaxBytes }, sitemap.DefaultMaxBytes, between(1, sitemap.MaxBytes))},
	{Flag: "clean-urls", Key: "clean_urls", Help: []string{
		"list about.html as /about (the host must serve that;",
		"default: as the platform serves, else false)"},
		Field: Bool(func(v *Values) *bool { return &v.CleanURLs }, false)},
	{Flag: "trailing-slash", Key: "trailing_slash", Help: []string{
		"folder URLs end in / (default: as the platform serves,",
		"else true; =false for hosts that serve /docs)"},
		Field: Bool(func(v *Values) *bool { return &v.TrailingSlash }, true)},
	{Flag: "changefreq", Arg: "F", Key: "changefreq", Help: []string{
		"every URL's changefreq: always, hourly, daily, weekly,",
		"monthly, yearly or never; a rule of rules: that matches,",
		"or the page's front matter, wins (default none)"},
		Field: String(func(v *Values) *string { return &v.ChangeFreq }, "", unlessEmpty(checkChangeFreq))},
	{Flag: "priority", Arg: "P", Key: "priority", Help: []string{
		"every URL's priority, 0.0 to 1.0; a rule of rules: that",
		"matches, or the page's front matter, wins (default none)"},
		Field: CheckedNumber(func(v *Values) **float64 { return &v.Priority }, checkPriority)},
	{Flag: "lastmod-format", Arg: "F", Key: "lastmod_format", Help: []string{"datetime (2024-05-01T09:30:00Z, the default) or date"},
		Field: String(func(v *Values) *string { return &v.LastModFormat }, "datetime", checkDateFormat)},
	{Flag: "lastmod-sources", Arg: "L", Key: "lastmod.sources", Help: []string{
		"where lastmod comes from, first that knows wins",
		"(default frontmatter,meta,git,hash,sitemap,mtime:",
		"the source's front matter, the page's head, the last",
		"commit that touched the page's source or tracked",
		"file, the state file (--state), the generator's own",
		"sitemap, the file's time. By default the time is",
		"left out of a generator's output, whose files are",
		"all its build's, and elsewhere when it looks like a",
		"build's; a date that is the build's time is passed",
		"over; a page no source knows gets no lastmod)"},
		Field: List(func(v *Values) *[]string { return &v.LastMod.Sources }, []string{"frontmatter", "meta", "git", "hash", "sitemap", "mtime"}, true, checkLastModSources)},
	{Key: "lastmod.ignore",
		Field: List(func(v *Values) *[]string { return &v.LastMod.Ignore }, nil, false, checkIgnore)},
	{Flag: "state", Arg: "FILE", Key: "state", Path: true, Help: []string{
		"the hash lastmod source's state file (default",
		".sitemapgen/state.json, used when it exists): each",
		"URL's content hash and the date it last changed, so",
		"dates survive fresh clones. Keep it in the CI cache"},
		Field: String(func(v *Values) *string { return &v.State }, "", nil)},
	{Flag: "read-heads", Key: "head.read", Help: []string{
		"read each page's <head> (default true): noindex pages,",
		"redirect stubs and non-canonical pages are left out,",
		"hreflang alternates listed; =false lists files alone"},
		Field: Bool(func(v *Values) *bool { return &v.Head.Read }, true)},
	{Key: "head.max_bytes",
		Field: Int(func(v *Values) *int { return &v.Head.MaxBytes }, htmlhead.DefaultHeadLimit, between(1024, 16<<20))},
	{Flag: "images", Key: "images.enabled", Short: true, Help: []string{
		"list the images each page shows (image:image): its",
		"og:image and the <img> and <picture> of its main",
		"content; reads every page whole (images: true in",
		"sitemap.yaml, or images: with enabled and hosts)"},
		Field: Bool(func(v *Values) *bool { return &v.Images.Enabled }, false)},
	{Key: "images.hosts",
		Field: List(func(v *Values) *[]string { return &v.Images.Hosts }, nil, false, Each(origin))},
	{Flag: "videos", Key: "videos.enabled", Short: true, Help: []string{
		"list the videos each page describes (video:video): its",
		"JSON-LD VideoObject, og:video and <video> elements; reads",
		"every page whole (videos: true in sitemap.yaml, or",
		"videos: with enabled and hosts; docs/video.md)"},
		Field: Bool(func(v *Values) *bool { return &v.Videos.Enabled }, false)},
	{Key: "videos.hosts",
		Field: List(func(v *Values) *[]string { return &v.Videos.Hosts }, nil, false, Each(origin))},
	{Flag: "news-name", Arg: "NAME", Key: "news.name", Help: []string{
		"write a news sitemap, sitemap-news.xml, of the articles",
		"published in the two days before the build, for the",
		"publication NAME as Google News knows it; reads every",
		"page whole (docs/news.md)"},
		Field: String(func(v *Values) *string { return &v.News.Name }, "", nil)},
	{Flag: "news-language", Arg: "LANG", Key: "news.language", Help: []string{
		"the publication's language, an ISO 639 code (en, de,",
		"zh-cn); default: each article's own (inLanguage, <html",
		"lang>)"},
		Field: String(func(v *Values) *string { return &v.News.Language }, "", checkNewsLanguage)},
	{Flag: "follow-symlinks", Key: "follow_symlinks", Help: []string{"follow relative symbolic links that stay inside DIR"},
		Field: Bool(func(v *Values) *bool { return &v.FollowSymlinks }, false)},
	{Flag: "mode", Arg: "M", Key: "mode", Help: []string{
		"output (default: DIR is the built site) or content (DIR",
		"holds source files; each URL comes from --preset)"},
		Field: String(func(v *Values) *string { return &v.Mode }, ModeOutput, oneOf(ModeOutput, ModeContent))},
	{Flag: "source", Arg: "DIR3", Key: "source", Path: true, Help: []string{
		"in output mode, the source files (content/) whose front",
		"matter and git history the built pages with their URLs",
		"take (default: the generator's, when DIR is its output:",
		"Hugo's contentDir, Jekyll's source, MkDocs' docs_dir,",
		"Docusaurus', Astro's, Next.js', Eleventy's, Sphinx's",
		"pages; none turns it off)"},
		Field: String(func(v *Values) *string { return &v.Source }, "", nil)},
	{Flag: "preset", Arg: "P", Key: "preset", Help: []string{
		"how a source file's URL follows from its path and front",
		"matter: plain, or a generator's (listed under Generators;",
		"default: the generator whose configuration is here, else",
		"plain; a joined build of the other generators takes",
		"their own)"},
		Field: String(func(v *Values) *string { return &v.Preset }, "", unlessEmpty(oneOf(Presets...)))},
	{Flag: "host", Arg: "H", Key: "host", Help: []string{
		"auto (default), netlify, vercel, cloudflare-pages,",
		"github-pages or none: the platform whose URL style",
		"(clean URLs, trailing slashes) and redirect rules to",
		"follow; auto takes it from the build environment, else",
		"from netlify.toml, vercel.json or wrangler.toml"},
		Field: String(func(v *Values) *string { return &v.Host }, "auto", unlessEmpty(oneOf(Hosts...)))},
	{Flag: "previews", Arg: "P", Key: "previews", Help: []string{
		"in a Netlify or Vercel preview deploy: production-url",
		"(default: list the production URLs), own-url (the",
		"preview's own) or skip (write no sitemap)"},
		Field: String(func(v *Values) *string { return &v.Previews }, PreviewsProduction, unlessEmpty(oneOf(PreviewsProduction, PreviewsOwn, PreviewsSkip)))},
	{Flag: "drafts", Key: "drafts", Help: []string{"list pages whose front matter says draft: true"},
		Field: Bool(func(v *Values) *bool { return &v.Drafts }, false)},
	{Flag: "future", Key: "future", Help: []string{"list pages dated in the future, or expired"},
		Field: Bool(func(v *Values) *bool { return &v.Future }, false)},
	{Flag: "strict", Key: "strict", Help: []string{"a front matter problem fails the build; in",
		"'sitemapgen audit', advice fails it too (exit 1)"},
		Field: Bool(func(v *Values) *bool { return &v.Strict }, false)},
	{Flag: "changes", Arg: "FILE", Key: "changes", Path: true, Only: BuildCommand, Help: []string{
		"write the URLs added (+), changed (~) and removed (-)",
		"since the previous build to FILE, for 'sitemapgen",
		"submit'; the previous build is the hash state file",
		"when there is one, else the sitemaps in DIR"},
		FlagCheck: func(v *Values) error { return named(v.Changes, "the file to write the changes to") },
		Field:     String(func(v *Values) *string { return &v.Changes }, "", nil)},
	{Flag: "key-file", Key: "key_file", Help: []string{
		"write the IndexNow key file KEY.txt (the key from",
		"INDEXNOW_KEY) into DIR, for 'sitemapgen submit'"},
		Field: Bool(func(v *Values) *bool { return &v.KeyFile }, false)},
	{Flag: "extra-urls", Arg: "FILE", Key: "extra_urls", Path: true, Help: []string{
		"list the URLs of FILE too, pages the site's files do not",
		"show (repeatable; extra_urls: a list). The format by its",
		"name: .jsonl or .ndjson, JSON lines of loc, lastmod,",
		"changefreq, priority, alternates, images; .csv, a header",
		"row naming those columns; else a URL a line (# comments).",
		"A page of the same URL is listed with the values the",
		"record gives (docs/listing.md)"},
		Field: List(func(v *Values) *[]string { return &v.ExtraURLs }, nil, false, Each(nonEmptyPath))},
	{Key: "extra_urls_inline",
		Field: List(func(v *Values) *[]string { return &v.ExtraInline }, nil, false, Each(extraURL))},
	{Flag: "extra-urls-command", Arg: "CMD", Key: "extra_urls_command", Help: []string{
		"run CMD with /bin/sh -c and list the URLs it writes, in",
		"one of those formats, sniffed from its first line (an",
		"object: JSON lines; a row naming loc: CSV; else text).",
		"Bounded by limits.extra_urls_bytes and",
		"limits.command_seconds; a failure fails the build. Named",
		"in sitemap.yaml, it runs only with --allow-commands"},
		Field: String(func(v *Values) *string { return &v.ExtraCommand }, "", nil)},
	{Flag: "transform", Arg: "CMD", Key: "transform", Help: []string{
		"run CMD with /bin/sh -c as the per-URL hook: it reads",
		"every record to be written, a JSON line each (loc,",
		"lastmod, changefreq, priority, alternates, images), in",
		"URL order, and writes back the records to write, edited,",
		"dropped (not written back) or added. Bounded as",
		"--extra-urls-command; a failure fails the build, nothing",
		"written. Named in sitemap.yaml, it runs only with",
		"--allow-commands (docs/listing.md)"},
		Field: String(func(v *Values) *string { return &v.Transform }, "", nil)},
	{Flag: "transform-fds", Arg: "IN,OUT", Only: BuildCommand, Hidden: true,
		Field: String(func(v *Values) *string { return &v.TransformFDs }, "", checkFDs)},
	{Flag: "robots-transform", Arg: "CMD", Key: "robots_transform", Help: []string{
		"with --robots, run CMD with /bin/sh -c on the robots.txt",
		"to be written (its Sitemap: lines merged in), given on",
		"its standard input: what it prints is written instead.",
		"Bounded by limits.robots_bytes and",
		"limits.command_seconds; a failure fails the build,",
		"nothing written. Named in sitemap.yaml, it runs only",
		"with --allow-commands"},
		Field: String(func(v *Values) *string { return &v.RobotsHook }, "", nil)},
	{Flag: "allow-commands", Env: AllowCommandsEnv, Help: []string{
		"run the commands sitemap.yaml names (extra_urls_command:,",
		"transform:, robots_transform:), which a pull request can",
		"change: off by default. Also " + AllowCommandsEnv + "=1;",
		"never a key of the file"},
		Field: Bool(func(v *Values) *bool { return &v.AllowCommands }, false)},
	{Flag: "cache-dir", Arg: "DIR", Env: CacheDirEnv, Path: true, Help: []string{
		"where a build keeps what it read for the next, which",
		"then reads only what changed: the git history (to the",
		"commit it read) and each source's front matter (by",
		"its size and times). Default: the user's cache folder",
		"($XDG_CACHE_HOME/sitemapgen), on Netlify its build",
		"cache (/opt/build/cache/sitemapgen); off: none. Also",
		CacheDirEnv + "; never a key of the file"},
		Field: String(func(v *Values) *string { return &v.CacheDir }, "", nil)},
	{Flag: "feed", Key: "feed.enabled", Short: true, Help: []string{
		"also write feed.xml, an Atom feed of the most",
		"recently modified URLs (feed: true in sitemap.yaml, or",
		"feed: with enabled, limit and title)"},
		Field: Bool(func(v *Values) *bool { return &v.Feed.Enabled }, false)},
	{Key: "feed.limit",
		Field: Int(func(v *Values) *int { return &v.Feed.Limit }, 0, checkFeedLimit)},
	{Key: "feed.title",
		Field: String(func(v *Values) *string { return &v.Feed.Title }, "", nil)},
	{Flag: "viewer", Key: "viewer", Help: []string{
		"also write sitemap.html, a page that shows the",
		"sitemaps to a person: searchable, sortable, offline"},
		Field: Bool(func(v *Values) *bool { return &v.Viewer }, false)},
	{Flag: "dry-run", Key: "dry_run", Help: []string{"print the URLs that would be written; write nothing"},
		Field: Bool(func(v *Values) *bool { return &v.DryRun }, false)},
	{Flag: "json", Only: BuildCommand, Help: []string{
		"print the build's summary as one JSON object on",
		"standard output (the summary line stays on stderr)"},
		Field: Bool(func(v *Values) *bool { return &v.JSON }, false)},
	{Flag: "json", Only: AuditCommand, Help: []string{
		"print the findings as one JSON object on standard",
		"output instead of a line each"},
		Field: Bool(func(v *Values) *bool { return &v.JSON }, false)},
	{Flag: "ignore", Arg: "KIND", Key: "audit.ignore", Only: AuditCommand, Help: []string{
		"leave out the findings of KIND (orphan, unlisted,",
		"missing, sitemap link, redirect, noindex, canonical,",
		"robots.txt, error page, build; comma-separated)"},
		Field: List(func(v *Values) *[]string { return &v.AuditIgnore }, nil, true, Each(auditKind))},
	{Flag: "check", Only: BuildCommand, Help: []string{
		"compare the sitemaps on disk with what would be",
		"written: exit 1 listing the files that differ (CI);",
		"write nothing"},
		Field: Bool(func(v *Values) *bool { return &v.Check }, false)},
	{Flag: "no-wait", Help: []string{
		"when another sitemapgen is writing the output folder,",
		"fail (exit 1) instead of waiting for it"},
		Field: Bool(func(v *Values) *bool { return &v.NoWait }, false)},
	{Flag: "explain", Arg: "PAGE", Help: []string{
		"say why PAGE (a path, a URL or a URL path) is in the",
		"sitemap or not and where its values came from; write",
		"nothing (repeatable)"},
		Field: List(func(v *Values) *[]string { return &v.Explain }, nil, false, nil)},
	{Flag: "quiet", Letter: "q", Key: "quiet", Help: []string{"print errors only"},
		Field: Bool(func(v *Values) *bool { return &v.Quiet }, false)},
	{Flag: "verbose", Letter: "v", Key: "verbose", Help: []string{
		"also print, for every page, whether it is listed and",
		"why, and every warning (without it, a cause of",
		"warning is printed three times, then counted)"},
		Field: Bool(func(v *Values) *bool { return &v.Verbose }, false)},
	{Key: "skip.error_pages",
		Field: Bool(func(v *Values) *bool { return &v.Skip.ErrorPages }, true)},
	{Key: "skip.noindex",
		Field: Bool(func(v *Values) *bool { return &v.Skip.NoIndex }, true)},
	{Key: "skip.redirects",
		Field: Bool(func(v *Values) *bool { return &v.Skip.Redirects }, true)},
	{Key: "skip.non_canonical",
		Field: Bool(func(v *Values) *bool { return &v.Skip.NonCanonical }, true)},
	{Key: "skip.x_robots_tag",
		Field: Bool(func(v *Values) *bool { return &v.Skip.XRobotsTag }, true)},
	{Key: "robots_txt",
		Field: String(func(v *Values) *string { return &v.RobotsTxt }, RobotsTxtSkip, oneOf(RobotsTxtSkip, RobotsTxtWarn, RobotsTxtOff))},
	{Key: "hreflang.check",
		Field: String(func(v *Values) *string { return &v.Hreflang.Check }, HreflangCheck, oneOf(HreflangCheck, HreflangOff))},
	{Key: "hreflang.hosts",
		Field: List(func(v *Values) *[]string { return &v.Hreflang.Hosts }, nil, false, Each(origin))},
	{Key: "rules",
		Field: Mappings(func(v *Values) *[]Rule { return &v.Rules }, ruleKeys, checkRules)},
	{Key: "sections",
		Field: Mappings(func(v *Values) *[]Section { return &v.Sections }, sectionKeys, checkSections)},
	{Key: "locales",
		Field: Mappings(func(v *Values) *[]Locale { return &v.Locales }, localeKeys, checkLocales)},
	{Key: "index.extra",
		Field: List(func(v *Values) *[]string { return &v.Index.Extra }, nil, false, Each(extraSitemap))},
	// The limits on what a build reads (docs/guarantees.md, Limits).
	// sitemap.yaml itself is read within the defaults.
	{Key: "limits.settings_bytes",
		Field: Int(func(v *Values) *int { return &v.Limits.SettingsBytes }, limits.Default.SettingsBytes, between(1<<10, 1<<30))},
	{Key: "limits.nesting",
		Field: Int(func(v *Values) *int { return &v.Limits.Nesting }, limits.Default.Nesting, between(1, 1000))},
	{Key: "limits.js_tokens",
		Field: Int(func(v *Values) *int { return &v.Limits.JSTokens }, limits.Default.JSTokens, between(1<<10, 1<<28))},
	{Key: "limits.front_matter_bytes",
		Field: Int(func(v *Values) *int { return &v.Limits.FrontMatterBytes }, limits.Default.FrontMatterBytes, between(1<<12, 1<<30))},
	{Key: "limits.head_attributes",
		Field: Int(func(v *Values) *int { return &v.Limits.HeadAttributes }, limits.Default.HeadAttributes, between(1, 1_000_000))},
	{Key: "limits.head_tags",
		Field: Int(func(v *Values) *int { return &v.Limits.HeadTags }, limits.Default.HeadTags, between(1, 10_000_000))},
	{Key: "limits.rule_file_bytes",
		Field: Int(func(v *Values) *int { return &v.Limits.RuleFileBytes }, limits.Default.RuleFileBytes, between(1<<10, 1<<30))},
	{Key: "limits.rule_line_bytes",
		Field: Int(func(v *Values) *int { return &v.Limits.RuleLineBytes }, limits.Default.RuleLineBytes, between(1<<10, 1<<30))},
	{Key: "limits.rules",
		Field: Int(func(v *Values) *int { return &v.Limits.Rules }, limits.Default.Rules, between(1, 10_000_000))},
	{Key: "limits.state_bytes",
		Field: Int(func(v *Values) *int { return &v.Limits.StateBytes }, limits.Default.StateBytes, between(1<<10, min(1<<40, math.MaxInt)))},
	{Key: "limits.robots_bytes",
		Field: Int(func(v *Values) *int { return &v.Limits.RobotsBytes }, limits.Default.RobotsBytes, between(1<<10, 1<<30))},
	{Key: "limits.page_bytes",
		Field: Int(func(v *Values) *int { return &v.Limits.PageBytes }, limits.Default.PageBytes, between(1<<10, 1<<30))},
	{Key: "limits.generator_urls",
		Field: Int(func(v *Values) *int { return &v.Limits.GeneratorURLs }, limits.Default.GeneratorURLs, between(1, 100_000_000))},
	{Key: "limits.output_bytes",
		Field: Int(func(v *Values) *int { return &v.Limits.OutputBytes }, limits.Default.OutputBytes, between(1<<10, 1<<30))},
	{Key: "limits.extra_urls_bytes",
		Field: Int(func(v *Values) *int { return &v.Limits.ExtraURLsBytes }, limits.Default.ExtraURLsBytes, between(1<<10, min(1<<40, math.MaxInt)))},
	{Key: "limits.command_seconds",
		Field: Int(func(v *Values) *int { return &v.Limits.CommandSeconds }, limits.Default.CommandSeconds, between(1, 86400))},
	{Flag: "debounce", Arg: "D", Only: WatchCommand, Help: []string{"wait until no change has come for D (default 200ms)"},
		Field: Duration(func(v *Values) *time.Duration { return &v.Watch.Debounce }, 200*time.Millisecond, positive)},
	{Flag: "max-wait", Arg: "D", Only: WatchCommand, Help: []string{
		"but never longer than D after the first change, even while",
		"changes keep coming (default 2s)"},
		Field: Duration(func(v *Values) *time.Duration { return &v.Watch.MaxWait }, 2*time.Second, positive)},
	{Flag: "poll", Arg: "D", Only: WatchCommand, Help: []string{
		"past the system's limit on watches, the folders without a",
		"watch are scanned in turns, a pass at most every D and at",
		"most 5% of a core (default 1s)"},
		Field: Duration(func(v *Values) *time.Duration { return &v.Watch.Poll }, time.Second, positive)},
	{Flag: "max-watches", Arg: "N", Only: WatchCommand, Help: []string{
		"watch at most N folders one by one (inotify watches: leave",
		"some to other tools); past N, as past the system's limit,",
		"fanotify takes over (--fanotify) or the other folders are",
		"scanned (default 0: as many as the system allows)"},
		Field: Int(func(v *Values) *int { return &v.Watch.MaxWatches }, 0, between(0, 1<<30))},
	{Flag: "fanotify", Only: WatchCommand, Help: []string{
		"as root on Linux 5.9 or later, past the limit of watches,",
		"watch the site's filesystem whole with fanotify: no limit,",
		"but every write on that filesystem wakes watch mode;",
		"--fanotify=false scans past the limit (default true)"},
		Field: Bool(func(v *Values) *bool { return &v.Watch.Fanotify }, true)},
}

// ruleKeys are the keys of one entry of rules.
var ruleKeys = Table[Rule]{
	{Key: "match", Field: String(func(r *Rule) *string { return &r.Match }, "", nil)},
	{Key: "changefreq", Field: String(func(r *Rule) *string { return &r.ChangeFreq }, "", nil)},
	{Key: "priority", Field: Number(func(r *Rule) **float64 { return &r.Priority })},
}

// localeKeys are the keys of one entry of locales.
var localeKeys = Table[Locale]{
	{Key: "folder", Field: String(func(l *Locale) *string { return &l.Folder }, "", nil)},
	{Key: "lang", Field: String(func(l *Locale) *string { return &l.Lang }, "", nil)},
}

// checkLocales checks the locales. There must be two at least, each
// with an hreflang code. Each folder must be the name of one folder and
// be given once, and at most one locale may have no folder. Its errors
// are *KeyError, naming the entry's key at fault.
func checkLocales(v *Values) error {
	if len(v.Locales) == 1 {
		return &KeyError{Key: "locales", Err: errors.New("one locale: give each language's, two at least")}
	}
	seen := map[string]int{}
	for i, l := range v.Locales {
		key := fmt.Sprintf("locales[%d]", i)
		if !htmlhead.ValidHreflang(l.Lang) || strings.EqualFold(l.Lang, "x-default") {
			return &KeyError{Key: key + ".lang", Err: fmt.Errorf("%q is no hreflang language code (en, fr-CA)", l.Lang)}
		}
		if l.Folder != "" && (strings.ContainsAny(l.Folder, "/\\") || l.Folder == "." || l.Folder == "..") {
			return &KeyError{Key: key + ".folder", Err: fmt.Errorf("%q is not the name of one folder at the top of the site", l.Folder)}
		}
		if j, ok := seen[l.Folder]; ok {
			what := fmt.Sprintf("folder %q", l.Folder)
			if l.Folder == "" {
				what = "no folder (the pages at the top)"
			}
			return &KeyError{Key: key, Err: fmt.Errorf("%s is also locales[%d]'s", what, j)}
		}
		seen[l.Folder] = i
	}
	return nil
}

// sectionKeys are the keys of one entry of sections.
var sectionKeys = Table[Section]{
	{Key: "name", Field: String(func(s *Section) *string { return &s.Name }, "", nil)},
	{Key: "include", Field: List(func(s *Section) *[]string { return &s.Include }, nil, false, nil)},
}

// Hosts are the values of host:, which says which platform's URL style
// and redirects to follow. "" (auto) takes the platform from the build
// environment, else from its files in the project folder.
var Hosts = []string{"auto", "netlify", "vercel", "cloudflare-pages", "github-pages", "none"}

// The values of previews:, which sets the base URL of a preview deploy
// (Netlify deploy previews and branch deploys, Vercel previews).
const (
	// PreviewsProduction lists the production URLs, so that a preview's
	// sitemap is the one production will have (the default).
	PreviewsProduction = "production-url"
	// PreviewsOwn lists the preview's own URLs.
	PreviewsOwn = "own-url"
	// PreviewsSkip writes no sitemap in a preview.
	PreviewsSkip = "skip"
)

// The values of hreflang.check.
const (
	// HreflangCheck checks the clusters, warns and leaves out the broken
	// alternates (the default).
	HreflangCheck = "check"
	// HreflangOff writes, unchecked, the alternates that are listed
	// pages or are on another host.
	HreflangOff = "off"
)

// The values of robots_txt, which says what becomes of a page that the
// site's robots.txt disallows for *, Googlebot or Bingbot.
const (
	// RobotsTxtSkip leaves it out of the sitemap (the default).
	RobotsTxtSkip = "skip"
	// RobotsTxtWarn lists it, with a warning.
	RobotsTxtWarn = "warn"
	// RobotsTxtOff does not read robots.txt.
	RobotsTxtOff = "off"
)

// The values of mode.
const (
	// ModeOutput walks the built site in root.
	ModeOutput = "output"
	// ModeContent walks the source files in root (Markdown, HTML with
	// front matter) and gives each the URL its preset does.
	ModeContent = "content"
)

// Presets are the values of preset: the generators whose URLs sitemapgen
// can compute from source files, as the registry lists them.
var Presets = registry.ContentPresets()

// rule converts r. Its errors are *KeyError with key suffixes such as
// ".priority".
func (r Rule) rule() (mapping.Rule, error) {
	var out mapping.Rule
	if r.Match == "" {
		return out, &KeyError{Err: errors.New("rule has no match glob")}
	}
	if err := walker.ValidatePattern(r.Match); err != nil {
		return out, &KeyError{Key: ".match", Err: err}
	}
	out.Match = r.Match
	if r.ChangeFreq != "" {
		cf, err := sitemap.ParseChangeFreq(r.ChangeFreq)
		if err != nil {
			return out, &KeyError{Key: ".changefreq", Err: err}
		}
		out.ChangeFreq = cf
	}
	if r.Priority != nil {
		p, err := sitemap.PriorityOf(*r.Priority)
		if err != nil {
			return out, &KeyError{Key: ".priority", Err: err}
		}
		out.Priority = p
	}
	return out, nil
}

// maxSections is the most sections sitemap.yaml may declare.
const maxSections = 1000
