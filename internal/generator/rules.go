package generator

import (
	"io"
	"io/fs"
	"time"

	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// What a preset says, by the phase that reads it. A preset fills values:
// [Rules], once for its project, and a [FileRules] for each source file.
// The few hooks that run code at a moment stay interfaces ([FolderReader],
// [Translator], [Includer], [Changer]); [RulesOf] asks for them, the one
// place that does, and the rest of sitemapgen reads fields.
//
// The order of a preset's life, as project discovery and the pipeline
// call it:
//
//  1. A [Loader]'s Load (content mode, and the join of a Hugo, Jekyll or
//     MkDocs build), or a [Router]'s Routes (a generator that routes
//     files), makes the preset. A Loader's preset says the configuration
//     it read (Rules().Sources.Config), which names the sources' folder,
//     before that folder is read; none of its other rules changes when
//     it is.
//  2. Its [FolderReader], when it has one, reads the sources' folder:
//     once, before any other rule is asked.
//  3. [RulesOf] takes its [Rules] (Preset.Rules, then the hooks): project
//     discovery reads them once for the sources it settles on, and the
//     pipeline once a build (a watch session's rebuilds too).
//  4. Each source file of the walk is read by its [FileRules] (on the
//     walk's goroutines), then mapped by URLPath; a joined page's
//     [Includer] and [Translator] are asked then.
//  5. After the walk, the built pages are judged by [PageRules]
//     (fallbacks, list pages) and the output by [OutputRules].
//  6. In watch mode, the [Changer] hears of the sources that changed,
//     before they are read again (step 4).

// Rules are what a generator's configuration says of one project,
// grouped by the phase that reads them. A wrapper of other presets (one
// a language, one an integration's pages) makes its Rules from theirs:
// conform.Wraps, in its tests, holds it to every rule they give.
type Rules struct {
	// Name is the generator's name, as its Info says ("hugo"); "plain"
	// for a folder no generator owns.
	Name string
	// Sources say where the project's sources are.
	Sources SourceRules
	// Order is how the generator dates a page: its front matter keys,
	// git, a file name's date, in its order; nil when its default is
	// sitemapgen's.
	Order *DateOrder
	// Output are facts of the generator's builds.
	Output OutputRules
	// Pages judge the pages of a build, by their URL paths.
	Pages PageRules
	// Hooks are the code it runs at moments of a build; [RulesOf] fills
	// them.
	Hooks Hooks
}

// SourceRules say where a project's sources are: read once, by project
// discovery.
type SourceRules struct {
	// Config is the configuration read, for a [Loader]'s preset: content
	// mode takes the sources' folder and the publish folder from it, and
	// a join the sources of a build. nil for a preset that names none.
	Config *Config
	// ConfigFiles are the configuration files it read, relative to the
	// project folder: watch mode starts again when one changes.
	ConfigFiles []string
	// Reads are the other files of the project, besides the sources,
	// that the generator reads to make its pages: its layouts, data and
	// content adapters. Each is a doublestar glob relative to the
	// project folder ("layouts/**", "content/**/_content.gotmpl"). For a
	// generator whose builds leave old pages in place (OutputRules.
	// KeepsOld), a change to one of them after a page was written tells
	// that an earlier build wrote the page (pipeline's stale-output
	// rule). nil when the generator names none.
	Reads []string
	// Include and Exclude are the doublestar globs of the source files,
	// relative to the preset's folder, and of the paths to leave out; an
	// empty Include takes the files of the content extensions
	// (pipeline.ContentInclude).
	Include, Exclude []string
	// Describe names the sources in the folder dir, for the line of what
	// was found ("app, pages (Next.js)"), title being the generator's;
	// nil names dir.
	Describe func(dir, title string) string
	// LanguageFolders are each language's own folder of sources, by
	// language, relative to the project folder (Hugo's
	// languages.LANG.contentDir); none when the sources are all in one
	// folder. Split then returns the preset of the sources of every
	// language's folder, relative to the project folder project.
	LanguageFolders map[string]string
	Split           func(project string) (Preset, error)
	// Copies, for a generator that builds its project folder and copies
	// the files there that are no page into the site as they are
	// (Jekyll's static files), reports whether the file name at the top
	// of the sources' folder is copied, at what URL path, and the key of
	// the configuration that keeps a file out ("exclude:"); nil for
	// other generators. A join then reads every file of the folder (any
	// with front matter is a page) but those of LeftOut, the folders the
	// generator never reads ("node_modules"), and a built file that is
	// no page takes StaticDefaults, the front matter defaults the
	// configuration gives its source at rel.
	Copies         func(name string) (urlPath, key string, ok bool)
	LeftOut        []string
	StaticDefaults func(rel string) map[string]any
	// ZoneWarnings are the zones of the configuration that are not
	// known, each at its file and line: those dates are read as UTC.
	ZoneWarnings []error
}

// Config is what a [Loader]'s preset read: the configuration file ("" for
// none: the generator's defaults), the folder of the sources and the
// publish folder, each relative to the project folder, "/"-separated.
type Config struct {
	File, Sources, Publish string
}

// OutputRules are facts of a generator's builds.
type OutputRules struct {
	// KeepsOld says that its builds leave the pages of deleted sources
	// in place, written at an earlier build: a page older than the
	// build, joined to no source, may be stale. CleanBuild says how to
	// build into an empty folder, which removes them ("hugo
	// --cleanDestinationDir").
	KeepsOld   bool
	CleanBuild string
	// QuietDeletes says that its watch mode writes nothing when a source
	// is deleted (Eleventy 3's --watch logs "File deleted" and stops
	// there), and that a folder of sources makes no page of its own: a
	// page no source produces, whose source by its path is gone from the
	// work tree since the page was written, is stale (pipeline's
	// removed.go), committed or not.
	QuietDeletes bool
	// Witness names the sitemap files (paths in the output folder) that
	// the generator writes again at every build, its watch mode's
	// rebuilds too, after the pages, listing every page it builds of the
	// kinds SitemapKind names: such a page, no source's, that none of
	// them lists though one was written after the page's file, is the
	// output of a deleted source, however soon that build followed the
	// one that wrote the page (Hugo's sitemap under hugo --watch). A page
	// they list is the generator's, however old its file. None when the
	// project changes what they list (a sitemap template of its own, a
	// setting that leaves pages out).
	Witness []string
	// WitnessChecked says the project's templates are not all read (a
	// theme that is a Hugo module, or outside themes/): the sitemaps
	// witness only when they list every page a source produces, which a
	// sitemap template that leaves pages out would not.
	WitnessChecked bool
	// SitemapKind tells how the sitemaps of Witness speak of the page at
	// urlPath (a path of the generator's URLs, "/posts/a/"), which no
	// source produces: listed, when they list every page of its kind the
	// generator builds; else with, when the page is never listed and
	// written with another page, after it, at every build (a pager, with
	// its list page), that page's URL path: a page older than it (by
	// more than a copy of the site takes between them) is one that build
	// no longer wrote. Set when Witness is.
	SitemapKind func(urlPath string) (listed bool, with string)
	// StaticFolders are the folders of the project whose files the
	// generator copies, as they are, to the built pages of the same path
	// (Hugo's static/ and each theme's): such a page keeps its file's
	// time. Relative to the project folder; a "*" element stands for
	// each folder there ("themes/*/static").
	StaticFolders []string
	// DevServer is the command of its dev server when that may render
	// to memory rather than to its publish folder, and ToDisk the option
	// that makes it write its pages ("hugo server", "--renderToDisk"):
	// watch mode says so when the sources change and the site does not.
	DevServer, ToDisk string
	// Rebuild, where the dev server never writes the publish folder
	// (ToDisk empty: mkdocs serve builds into a temporary folder), is a
	// command that builds the site again after each change of its
	// sources, which "{sources}" stands for in it: watch mode gives it
	// in place of an option.
	Rebuild string
	// ChangeFreq and Priority are what its configuration gives every
	// page (Hugo's [sitemap]); zero for none.
	ChangeFreq sitemap.ChangeFreq
	Priority   sitemap.Priority
}

// PageRules judge the built pages of a generator's build, by their URL
// paths (relative to the base URL, starting with "/").
type PageRules struct {
	// Fallback returns the URL path of the page whose source the page at
	// urlPath is built from when it has none of its own (a locale's page
	// without a translation, built from the default locale's:
	// Docusaurus, Starlight); nil when the generator builds none so.
	Fallback func(urlPath string) (string, bool)
	// OtherLanguages returns the URL paths of the same page in the
	// site's other languages (/es/rest for /de/rest or /rest): a page
	// that neither its own URL nor its Fallback gives a source is built
	// from the source of the one of them that has one, when only one
	// has (jekyll-polyglot builds a page that has no translation and no
	// page of the default language from another language's). nil when
	// the generator builds none so.
	OtherLanguages func(urlPath string) []string
	// Moved returns, for the built page at urlPath, which neither its own
	// URL, its Fallback nor OtherLanguages gives a source, the URL path
	// of the one source the generator may have written it from at
	// another URL than that source's own, by code sitemapgen does not run
	// (a Pelican plugin's override_save_as): the path of the file the
	// source's page is written at by the generator's rules
	// ("/first-post.html"). The page is built from that source when the
	// build wrote no file there. nil when the generator moves no page so.
	Moved func(urlPath string) (string, bool)
	// Data returns, for the route with a parameter at rel (relative to
	// the sources' folder), the files whose data alone its code makes
	// its pages from (Astro's getStaticPaths over an imported JSON file),
	// relative to the sources' folder: each page of the route is built
	// from the route and them, and dated by them. ok is false for a
	// route whose data is not known so (fetched, read by a module's
	// code, a collection's entries): its pages are not joined. nil: no
	// route is known so.
	Data func(rel string) (files []string, ok bool)
	// Lists says which pages list others: each is dated by the newest of
	// the pages it lists and shows, never by the build.
	Lists ListRules
}

// ListRules say which of a generator's pages list others. Every page of
// a join that no source gives is judged by what it shows; these make
// that more precise. Each is nil for a generator that says nothing of
// it.
type ListRules struct {
	// Shown reports whether the built page at urlPath, which no source
	// gives, lists pages (Pelican's home, archives, tag and category
	// pages); nil: every such page but those of a route with a
	// parameter (see Routes) and those built from one of several other
	// languages' sources (OtherLanguages). A list page is dated by the
	// newest of the joined pages it links to in its own content (not its
	// menu, banner, footer or sidebar), a list page below it that it
	// links to as new as what that one shows.
	Shown func(urlPath string) bool
	// Section returns, for the source at rel (relative to the sources'
	// folder) whose front matter lists terms (by taxonomy), its path in
	// its content folder, the URL prefix of its language ("/fr"; "" for
	// the default language), and the URL paths, without that prefix, of
	// the taxonomy and term pages that list it (/tags/a-term/, then
	// /tags/, for each term); ok false for a source in no content
	// folder. Its generator's list pages are its content folders' and
	// its taxonomies' (Hugo's home, sections, taxonomy and term pages):
	// each is dated by the newest of the pages under its folder, in its
	// language, that it shows.
	Section func(rel string, terms map[string][]string) (inFolder, lang string, lists []string, ok bool)
	// Collections returns the collections the page at rel (relative to
	// the sources' folder, under the folder dir) lists, by its text and
	// that of its layouts (a Jekyll page over site.posts, a collection's
	// document over its language's articles): such a page is a list, dated
	// as a Sourced one is, by the newest of the pages it shows and its own
	// date. The error is of a layout that cannot be read, naming it.
	Collections func(dir, rel string) ([]string, error)
	// Routes reports whether the route with a parameter at rel
	// (relative to the sources' folder) makes pages that list others
	// (Astro's paginate(), a Next.js tag route over the posts' tags):
	// its pages are judged as every page no
	// source gives is (Shown). Those of other such routes are made by
	// code from data, and are no list pages.
	Routes func(rel string) bool
	// Sourced reports whether the source at rel (relative to the
	// sources' folder) makes a page that lists others (a Next.js page
	// whose code reads the folder of a route over Markdown): it is
	// dated by the newest of the pages it shows, and its own date.
	Sourced func(rel string) bool
	// Newest returns, for the source at rel that Sourced names, the
	// sources whose pages its code reads and shows, every one, whatever
	// its markup (a Next.js page whose getStaticProps reads every post
	// and cuts none); nil when its code does not say it shows them all
	// (a cut, .slice(0, 3), shows some, which ones their data say). A
	// built page that links to none of their pages (its entries link by
	// onClick) is dated by the newest of them, and its own date.
	Newest func(rel string) func(src string) bool
}

// FileRules are what a generator's rules say of one source file before
// it is read: how to read it, and what its path alone says. The zero
// value reads nothing.
type FileRules struct {
	// Reading is what the generator reads of its front matter.
	Reading
	// Meta, when not nil, reads the file's metadata in a form of the
	// generator's own, not front matter (Pelican's "Key: value" lines of
	// Markdown and reST's field lists), from r (bounded by the caller:
	// read no more than the metadata needs), into what front matter
	// would give: its dates (Lastmod and LastmodKey, Date), Title, Slug,
	// and URL, the page's URL path when the generator publishes one (""
	// when not). The error is a read's.
	Meta func(r io.Reader) (*frontmatter.Source, error)
	// Zone is the time zone of the dates written without one in the
	// file (Jekyll's timezone, Hugo's timeZone, also per language), and
	// ZoneFrom the setting that names it ("_config.yml timezone"); nil
	// when the configuration names none or a zone that is not known
	// (UTC). The other generators read such dates as UTC: Eleventy
	// (Luxon in UTC, js-yaml's timestamps) and Hugo without timeZone
	// always; Astro, Docusaurus and the other JavaScript generators as
	// JavaScript's Date does, a date alone as UTC and a date and time in
	// the build machine's zone, which a sitemap cannot know (it is UTC on
	// most CI machines); MkDocs and Sphinx date nothing themselves.
	Zone     *time.Location
	ZoneFrom string
	// Defaults are the front matter its configuration gives the file
	// (Jekyll's defaults:), under what the file says; RubyTimestamps
	// reads dates as Ruby's YAML does (Jekyll); Terms are the taxonomies
	// whose terms the file lists (Hugo's), for the dates of their pages,
	// or the keys whose values a preset reads (Eleventy's variables of a
	// permalink, in [Page.Terms]).
	Defaults       map[string]any
	RubyTimestamps bool
	Terms          []string
	// ExcludeKeys are front matter keys, lower-cased, whose true leaves
	// the file's page out of the sitemap (frontmatter.Options): those a
	// project's own sitemap template leaves pages out by (Hugo's, an
	// MkDocs theme's). ExcludeWhy, when set, says what else leaves such
	// a page out, for --explain (Hexo's theme Fluid, by hide: true).
	ExcludeKeys []string
	ExcludeWhy  string
	// ExcludedBy, when set, says that the project's own sitemap template
	// leaves the file's page out by its URL: the test that does (an
	// MkDocs template's page.url != "about/").
	ExcludedBy string
	// FileDate is the date in the file's name, when the generator reads
	// one there (Jekyll's posts, Hugo's :filename); zero for none. A file
	// without a date in its front matter has it, and so its lastmod
	// does.
	FileDate time.Time
	// AnyDate says the generator publishes the file whatever its dates
	// (a Jekyll page, where posts and documents are held back until
	// their date): its date, publishDate and expiryDate do not hold it
	// back.
	AnyDate bool
	// DraftsIn is the drafts folder the file is in, when the generator
	// keeps drafts in a folder of their own, which it publishes only when
	// asked (Jekyll's _drafts, with jekyll build --drafts): its page is a
	// draft, as a page whose front matter says draft: true.
	DraftsIn string
	// Collection is the collection of documents the file is in, whose
	// list pages ([ListRules].Collections) are as new as its newest; ""
	// for none.
	Collection string
}

// Reading is what a generator reads of a source file's front matter.
type Reading struct {
	// Read is false for a file that has none: an .astro component's
	// fence is code, a .tsx page has none.
	Read bool
	// Dates is false when the generator dates its pages otherwise
	// (Docusaurus: by git).
	Dates bool
	// Drafts is false when draft: true builds the page all the same
	// (Astro 5).
	Drafts bool
	// ID says the generator takes id (Docusaurus: a doc's URL).
	ID bool
	// JavaScript says the generator reads front matter that "---js"
	// opens (Eleventy): frontmatter.Options.JavaScript.
	JavaScript bool
}

// AllFrontMatter is the Reading of a generator that reads all of it.
var AllFrontMatter = Reading{Read: true, Dates: true, Drafts: true}

// Hooks are the code a preset runs at moments of a build, each nil when
// it runs none; [RulesOf] fills them.
type Hooks struct {
	Folder     FolderReader
	Translator Translator
	Includer   Includer
	Changer    Changer
}

// A FolderReader is a preset that reads the folder of its sources once,
// before anything else is asked of it: Hugo's bundles and sections and
// MkDocs' index pages, whose URLs depend on what else a folder holds;
// Astro's route files and content configuration, Eleventy's data files,
// the routes of Gatsby and Next.js that read Markdown.
type FolderReader interface {
	// ReadFolder reads f and returns the files it read or looked for,
	// relative to f's folder, which watch mode starts again on.
	ReadFolder(f Folder) []string
}

// Folder is the sources' folder, for a [FolderReader].
type Folder struct {
	// Content is the folder, opened through the one door, a file's reads
	// bounded by limits.front_matter_bytes; Settings is the same folder,
	// a file's reads bounded by limits.settings_bytes (for code and
	// data).
	Content, Settings fs.FS
	// Rel is its path relative to the project folder, "/"-separated.
	Rel string
	// Limits bound what is read.
	Limits limits.Limits
	// Warn, when set, takes a problem with the folder's files that its
	// reader went on past (a *diag.Diagnostic naming a file relative to
	// the folder): the build says it as a warning. See [Folder.Warning].
	Warn func(error)
}

// Warning gives err, when not nil, to f.Warn, when set.
func (f Folder) Warning(err error) {
	if err != nil && f.Warn != nil {
		f.Warn(err)
	}
}

// A Changer is a preset that keeps what it read of the sources' folder
// (Hugo's, which folders are bundles and sections): watch mode tells it
// of the sources that changed before it maps them again.
type Changer interface {
	// Changed forgets what the preset read about the sources at rels
	// (relative to its folder; files or folders, added, removed or
	// changed), and returns the other sources whose URL changes with
	// them.
	Changed(rels []string) (again []string)
}

// Include is a file that a source's directive builds into its page.
type Include struct {
	// Path is the file's path relative to the preset's folder, cleaned;
	// it starts with "../" for a file above it (CHANGELOG.md beside a
	// docs/ folder).
	Path string
	// Literal is true for a file included as text (literalinclude),
	// whose own directives are not read.
	Literal bool
}

// An Includer is a preset whose generator builds a page from the files
// its source includes (Sphinx's). The page changes when one of them
// does.
type Includer interface {
	// Includes returns the files the directives of data name: data is
	// the text of the file at rel, the source doc or a file it includes.
	Includes(doc, rel string, data []byte) []Include
}

// Ready has p's [FolderReader], when it has one, read the sources'
// folder f (steps 2 and 3 of a preset's life), and returns p's rules
// then, with the files it read or looked for, relative to f's folder.
func Ready(p Preset, f Folder) (Rules, []string) {
	r := RulesOf(p)
	if r.Hooks.Folder == nil {
		return r, nil
	}
	read := r.Hooks.Folder.ReadFolder(f)
	return RulesOf(p), read
}

// RulesOf returns p's rules, its hooks with them: the one place that
// asks a preset what it can do.
func RulesOf(p Preset) Rules {
	r := p.Rules()
	r.Hooks = Hooks{}
	r.Hooks.Folder, _ = p.(FolderReader)
	r.Hooks.Translator, _ = p.(Translator)
	r.Hooks.Includer, _ = p.(Includer)
	r.Hooks.Changer, _ = p.(Changer)
	return r
}
