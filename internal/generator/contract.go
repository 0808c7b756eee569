package generator

import (
	"fmt"
	"io"
	"io/fs"
	"path"
	"regexp"
	"slices"

	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/peer"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// The contract between sitemapgen and the generators it knows. Each
// generator is one value of a type that implements [Generator], and the
// optional interfaces below for what only some generators do; package
// registry lists them, in detection order. The rest of sitemapgen asks a
// [Project] (whose Gen is its generator) or the registry, never a
// generator by its name or type: the methods of Project and the
// functions of this file are the one place that asks for the optional
// interfaces.

// A Generator is one static site generator: what is fixed about it, and
// how to recognise its projects. It holds no state: the registry holds
// one of each, which may be used from several goroutines at once.
type Generator interface {
	// Info returns what is fixed about the generator; it reads nothing.
	Info() Info
	// Detect returns what the files of d say of the generator's project
	// there, or nil, nil when d holds none. A configuration that exists
	// but does not parse is the error, naming the file; what Detect
	// cannot take from a literal value is a note (Dir.Note, Project.Notes).
	Detect(d *Dir) (*Project, error)
}

// Info is what is fixed about a generator.
type Info struct {
	// Name is the generator's name, lower case: "hugo", "next". It is
	// Project.Generator, and a --preset value for a [Loader].
	Name string
	// Title is its name for people: "Hugo", "Next.js".
	Title string
	// PublishKey and SourceKey name the keys of its configuration that
	// give its publish folder and its sources' folder ("publishDir",
	// "contentDir"); "" where no key does (Docusaurus' build/).
	PublishKey, SourceKey string
	// SlashedBase says that the generator serves the base URL with its
	// slash only, whatever its trailing-slash setting (Docusaurus): the
	// base URL is not listed without it.
	SlashedBase bool
	// Documents are the files, besides HTML pages, that the sitemap of
	// its build lists (doublestar globs: jekyll-sitemap's **/*.pdf); a
	// walk of its output takes them by default.
	Documents []string
	// LinksAsWritten says that the generator's pages link each other as
	// their files are written (MkDocs: NAME/ or NAME.html, as
	// use_directory_urls says): the built files tell the URL form, not
	// its trailing-slash setting.
	LinksAsWritten bool
	// ConfigFile is the configuration file to write a setting in when
	// the project was found by a dependency of its package.json (or its
	// Gemfile): "astro.config.mjs"; "" for none.
	ConfigFile string
}

// A Loader loads the preset of a generator whose pages all come from
// source files, so that content mode (--mode content) lists its site
// from them, without a build: Hugo's, Jekyll's, MkDocs'; and plain, for a
// folder no generator owns. registry.ContentPresets names them.
type Loader interface {
	// Load reads the generator's configuration in the folder dir and
	// returns its preset, with the generator's defaults where dir has
	// none (found false). A configuration that exists but does not parse
	// is the error, naming its file relative to dir.
	Load(dir string, lim limits.Limits) (p Preset, found bool, err error)
}

// A Claimer is a Generator that takes files before any generator's
// Detect runs, so that another one that could read them leaves them: Zola
// claims a config.toml that is its own before Hugo reads config.toml.
// Claims do not change the order of the projects Detect returns.
type Claimer interface {
	Claim(d *Dir)
}

// A SitemapNamer is a Generator whose own sitemaps (or its sitemap
// plugin's) are other than sitemap.xml at the root of its output.
type SitemapNamer interface {
	// Sitemaps names the sitemap files the generator writes for p.
	Sitemaps(p *Project) SitemapFiles
}

// SitemapFiles names the sitemap files a generator, or the plugin its
// projects use, writes into its output folder.
type SitemapFiles struct {
	// Names are paths in the output folder: "sitemap.xml",
	// "de/sitemap.xml".
	Names []string
	// Shard, when not nil, matches the base names of the numbered files
	// of an index at the root of the output folder (sitemap-0.xml).
	Shard *regexp.Regexp
	// Folder, when not "", is a folder ("__sitemap__/") whose .xml files
	// are all the generator's sitemaps.
	Folder string
}

// DefaultSitemaps is the sitemap a generator writes unless it says
// otherwise: sitemap.xml at the root of its output.
var DefaultSitemaps = SitemapFiles{Names: []string{"sitemap.xml"}}

// Match reports whether name, a path in the output folder, is one of f.
func (f SitemapFiles) Match(name string) bool {
	if slices.Contains(f.Names, name) {
		return true
	}
	dir, file := splitDir(name)
	switch {
	case f.Shard != nil && dir == "" && f.Shard.MatchString(file):
		return true
	case f.Folder != "" && (name == f.Folder || dir == f.Folder && extOf(file) == ".xml"):
		return true
	}
	return false
}

// A Publisher is a Generator whose sitemaps search engines may have been
// given and which its build stops writing once sitemapgen replaces them
// (see [Project.Published]).
type Publisher interface {
	Published(p *Project, file string) []string
}

// A BaseURLPlacer is a Generator that says where in its projects the
// site URL is kept (see [Project.BaseURLPlaces]).
type BaseURLPlacer interface {
	BaseURLPlaces(p *Project, file string) []string
}

// A Router is a Generator whose pages are routed from files: the pages of
// its build are joined to their sources by a Preset (see [Project.Routes]).
type Router interface {
	// Routes returns the preset that joins the pages of p's build to
	// their sources, and the folder of the sources relative to the
	// project folder ("/"-separated); nil when there is none.
	Routes(p *Project) (Preset, string)
}

// A RouteReader is a Preset that reads, once, the files of the sources'
// folder that route its pages (Astro's route files and content
// configuration, Eleventy's data files) before it is used.
type RouteReader interface {
	// ReadRoutes reads them in src, the sources' folder, whose path
	// relative to the project folder is rel; it returns the files it
	// read or looked for, relative to src, which watch mode starts again
	// on.
	ReadRoutes(src fs.FS, rel string, lim limits.Limits) []string
}

// A Lister is a Preset whose generator builds pages that no source
// gives and that list pages which have one (Hexo's and Pelican's home,
// archives, tag and category pages): each is dated by the newest of the joined pages
// it links to in its own content (not its menu, banner, footer or
// sidebar), a list page below it that it links to as new as what that
// one shows, or left undated; never by the build.
type Lister interface {
	// Lists reports whether the built page at urlPath (relative to the
	// base URL, starting with "/"), which no source gives, is one.
	Lists(urlPath string) bool
}

// A FolderNamer is a Preset that says where its sources are, for the
// line of what was found: "app, pages (Next.js)". Without it, the line
// names the sources' folder.
type FolderNamer interface {
	// Folders names the sources in the folder dir, as named, for the
	// generator of the given title.
	Folders(dir, title string) string
}

// An OutputKeeper is a Preset whose generator's builds leave the pages
// of deleted sources in place, written at an earlier build: a page older
// than the build, joined to no source, may be stale.
type OutputKeeper interface {
	KeepsOldOutput() bool
	// CleanBuild says how to build into an empty folder, which removes
	// such pages ("hugo --cleanDestinationDir").
	CleanBuild() string
}

// A SitemapWitness is an OutputKeeper whose generator writes its own
// sitemaps again at every build, its watch mode's rebuilds too, after
// the pages, listing every page it builds of the kinds [SitemapKind]
// names: such a page, no source's, that none of them lists though one
// was written after the page's file, is the output of a deleted source,
// however soon that build followed the one that wrote the page (Hugo's
// sitemap under hugo --watch). A page they list is the generator's,
// however old its file (a list page a rebuild did not write again).
type SitemapWitness interface {
	// WitnessSitemaps names the sitemap files that witness so, paths in
	// the output folder; none when the project changes what they list
	// (a sitemap template of its own, a setting that leaves pages out).
	WitnessSitemaps() []string
	// SitemapKind tells how the sitemaps speak of the page at urlPath
	// (a path of the generator's URLs, "/posts/a/"), which no source
	// produces: listed, when they list every page of its kind the
	// generator builds; else with, when the page is never listed and
	// written with another page, after it, at every build (a pager,
	// with its list page), that page's URL path: a page older than it
	// (by more than a copy of the site takes between them) is one that
	// build no longer wrote.
	SitemapKind(urlPath string) (listed bool, with string)
}

// A MetaReader is a Preset whose generator reads its sources' metadata
// in a form of its own, not front matter (Pelican's "Key: value" lines
// of Markdown and reST's field lists): the join reads each source
// through it, in place of the front matter reader.
type MetaReader interface {
	// ReadMeta reads the metadata of the source at rel, relative to the
	// preset's folder, from r (bounded by the caller: read no more than
	// the metadata needs), into what front matter would give: its dates
	// (Lastmod and LastmodKey, Date), Title, Slug, and URL, the page's
	// URL path when the generator publishes one ("" when not). The error
	// is a read's.
	ReadMeta(rel string, r io.Reader) (*frontmatter.Source, error)
}

// A Configured is a Loader's Preset that says what its configuration
// names: content mode takes the sources' folder and the publish folder
// from it, and a join the sources of a build of the generator.
type Configured interface {
	// Config returns the configuration file read ("" when none: the
	// generator's defaults), the folder of the sources and the publish
	// folder, each relative to the project folder, "/"-separated.
	Config() (file, sources, publish string)
}

// A FolderReader is a Preset whose URLs depend on what else a folder of
// the sources holds (Hugo's bundles and sections, MkDocs' index.md
// beside a README.md): it is given the sources' folder to read.
type FolderReader interface {
	// ReadFolder gives the preset the sources' folder, opened through
	// the one door; nil reads none.
	ReadFolder(content fs.FS)
}

// A Changer is a Preset that keeps what it read of the sources' folder
// (Hugo's, which folders are bundles and sections): watch mode tells it
// of the sources that changed before it maps them again.
type Changer interface {
	// Changed forgets what the preset read about the sources at rels
	// (relative to its folder; files or folders, added, removed or
	// changed), and returns the other sources whose URL changes with
	// them.
	Changed(rels []string) (again []string)
}

// A Copier is a Preset whose generator builds its project folder, and
// copies the files there that are no page into the site as they are
// (Jekyll's static files): a settings file of sitemapgen's there is
// published unless the configuration keeps it out; a built file that is
// no page takes its source's defaults; a join reads every file of the
// folder (any with front matter is a page), but those the generator
// never reads.
type Copier interface {
	// Copies reports whether the file name, at the top of the sources'
	// folder, is copied into the site, at what URL path, and the key of
	// the configuration that keeps a file out ("exclude:").
	Copies(name string) (urlPath, key string, ok bool)
	// StaticDefaults returns the front matter defaults the configuration
	// gives the static file at rel, relative to the sources' folder.
	StaticDefaults(rel string) map[string]any
	// LeftOut returns the folders of the sources' folder that the
	// generator never reads, its output apart ("node_modules").
	LeftOut() []string
}

// A CollectionLister is a Preset whose pages may loop over collections
// of documents (a Jekyll page over site.posts): such a page, in a join,
// is dated by the newest document of the collections it lists.
type CollectionLister interface {
	// CollectionOf returns the collection of the source at rel
	// (relative to the sources' folder), "" for a source in none.
	CollectionOf(rel string) string
	// CollectionsListed returns the collections the page at rel, under
	// the folder dir, lists, by its text and that of its layouts. The
	// error is of a layout that cannot be read, naming it.
	CollectionsListed(dir, rel string) ([]string, error)
}

// FrontMatterOptions are what a generator adds to the reading of a
// source's front matter.
type FrontMatterOptions struct {
	// Defaults are the front matter its configuration gives the source
	// (Jekyll's defaults:), under what the source says.
	Defaults map[string]any
	// RubyTimestamps reads dates as Ruby's YAML does (Jekyll).
	RubyTimestamps bool
	// Terms are the taxonomies whose terms the source lists (Hugo's).
	Terms []string
}

// A FrontMatterOptioner is a Preset whose generator reads its sources'
// front matter with options of its own.
type FrontMatterOptioner interface {
	FrontMatterOptions(rel string) FrontMatterOptions
}

// A LanguageSplitter is a Preset whose languages may each have a folder
// of sources of their own (Hugo's languages.LANG.contentDir): a join of
// the site's build reads them all, from the project folder.
type LanguageSplitter interface {
	// LanguageFolders returns each language's own folder of sources, by
	// language, relative to the project folder ("/"-separated); none
	// when the sources are all in one folder.
	LanguageFolders() map[string]string
	// SplitLanguages returns the preset of the sources of every
	// language's folder, relative to the project folder project: a
	// Sourced preset whose SourceFiles are those folders, and a
	// FolderNamer that names them.
	SplitLanguages(project string) (Preset, error)
}

// A SectionLister is a Preset whose generator's list pages are its
// content folders' and its taxonomies' (Hugo's home, sections, taxonomy
// and term pages): in a join, each is dated by the newest of the pages
// under its folder, in its language, that it shows.
type SectionLister interface {
	// SectionSource returns, for the source at rel (relative to the
	// sources' folder), its path in its content folder, the URL prefix
	// of its language ("/fr"; "" for the default language), and the URL
	// paths, without that prefix, of the taxonomy and term pages that
	// list it by its front matter terms (/tags/a-term/, then /tags/, for
	// each term); ok false for a source in no content folder.
	SectionSource(rel string, terms map[string][]string) (inFolder, lang string, lists []string, ok bool)
}

// A StaticCopier is a Preset whose project copies the files of folders
// of its own, as they are, to the built pages of the same path (Hugo's
// static/ and each theme's static/): such a page keeps its file's time.
type StaticCopier interface {
	// StaticFolders returns those folders, relative to the project
	// folder; a "*" element stands for each folder there
	// ("themes/*/static").
	StaticFolders() []string
}

// A DevServer is a Preset whose generator's dev server may render to
// memory rather than to its publish folder (hugo server without
// --renderToDisk): watch mode says so when the sources change and the
// site does not.
type DevServer interface {
	// DevServer returns the command of the dev server and the option
	// that makes it write its pages: "hugo server", "--renderToDisk".
	DevServer() (command, toDisk string)
}

// A PageDefaulter is a Preset whose configuration gives every page a
// change frequency and a priority (Hugo's [sitemap]).
type PageDefaulter interface {
	PageDefaults() (sitemap.ChangeFreq, sitemap.Priority)
}

// A Marker is a Generator whose configuration's name other tools'
// projects share (Hugo's config.*): a project found by it is surely the
// generator's only beside one of the generator's own folders.
type Marker interface {
	// Marks returns those folders for p, relative to its project
	// folder; none when its configuration alone tells.
	Marks(p *Project) []string
}

// A ConfigFiler is a Preset that says which configuration files it read
// (Hugo's merged files, Jekyll's _config.yml): watch mode starts again
// when one changes.
type ConfigFiler interface {
	// ConfigFiles returns them, relative to the project folder.
	ConfigFiles() []string
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

// Includer is implemented by the presets whose generator builds a page
// from the files its source includes (Sphinx's). The page changes when
// one of them does.
type Includer interface {
	// Includes returns the files the directives of data name: data is
	// the text of the file at rel, the source doc or a file it includes.
	Includes(doc, rel string, data []byte) []Include
}

// A ServerBuilder is a Generator whose builds may be servers: it reads
// what the server build of p prerendered and renders on demand.
type ServerBuilder interface {
	// ReadServerBuild reads the build of p in the project folder dir; nil
	// when it is a site of files.
	ReadServerBuild(dir string, p *Project, lim limits.Limits) (*ServerBuild, error)
}

// A PeerReader is a Generator whose projects configure a sitemap tool
// that sitemapgen replaces, in the generator's own configuration.
type PeerReader interface {
	// SitemapOptions returns the tool's options as p's files give them.
	SitemapOptions(d *Dir, p *Project) []peer.Config
}

// Detect runs the Detect of each of gens on d, in order, and returns the
// projects found, in the same order; the Claimers among gens claim their
// files first. Each project's Gen is its generator, and its notes are
// said once each. No project: nil, nil.
func Detect(d *Dir, gens []Generator) ([]Project, error) {
	for _, g := range gens {
		if c, ok := g.(Claimer); ok {
			c.Claim(d)
		}
	}
	var out []Project
	for _, g := range gens {
		p, err := g.Detect(d)
		if err != nil {
			return nil, err
		}
		if p != nil {
			p.Gen = g
			p.Notes = uniqueNotes(p.Notes)
			out = append(out, *p)
		}
	}
	return out, nil
}

// OpenDir returns the project folder dir, as named, for the generators'
// Detect: env is the environment (os.LookupEnv), lim bounds every file
// read. dir that is not a folder is the error.
func OpenDir(dir string, env func(string) (string, bool), lim limits.Limits) (*Dir, error) {
	fi, err := fsx.StatNamed(dir) // the project folder, as named
	if err != nil {
		return nil, fmt.Errorf("detect: %w", err)
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("detect: %s is not a folder", dir)
	}
	d := &Dir{dir: dir, env: env, lim: lim, files: map[string]fileRead{}, claimed: map[string]bool{}}
	if d.pkg, err = d.readPackageJSON(); err != nil {
		return nil, err
	}
	return d, nil
}

// NewDir returns the project folder dir for a Loader's Load, which reads
// its generator's configuration alone: unlike OpenDir, it reads nothing
// itself (package.json included) and does not look at dir.
func NewDir(dir string, env func(string) (string, bool), lim limits.Limits) *Dir {
	return &Dir{dir: dir, env: env, lim: lim, files: map[string]fileRead{}, claimed: map[string]bool{}}
}

// splitDir splits a "/"-separated path after its last slash.
func splitDir(name string) (dir, file string) { return path.Split(name) }

// extOf returns the extension of a file name.
func extOf(file string) string { return path.Ext(file) }
