package generator

import (
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// The contract between sitemapgen and the generators it knows. Each
// generator is one value of a type that implements [Generator]; what only
// some generators say of their projects are fields of its [Info], and
// the hooks that run code at a moment ([Claimer], [Loader], [Router],
// [ServerBuilder], [PeerReader]) are interfaces it implements, each asked
// in one place (Detect, registry.LoaderOf, [Detected.Routes],
// [ReadServerBuild], [SitemapOptions]). Package registry lists the
// generators, in detection order. The rest of sitemapgen reads a
// [Detected] (whose Gen is its generator), a preset's [Rules] (rules.go),
// or the registry, never a generator by its name or type.

// A Generator is one static site generator: what is fixed about it, and
// how to recognise its projects. It holds no state: the registry holds
// one of each, which may be used from several goroutines at once.
type Generator interface {
	// Info returns what is fixed about the generator; it reads nothing.
	Info() Info
	// Detect returns what the files of d say of the generator's project
	// there, or nil, nil when d holds none. A configuration that exists
	// but does not parse is the error, naming the file; what Detect
	// cannot take from a literal value is a note (Dir.Note, Detected.Notes).
	Detect(d *Dir) (*Detected, error)
}

// Info is what is fixed about a generator.
type Info struct {
	// Name is the generator's name, lower case: "hugo", "next": its
	// Detected's Name, and a --preset value for a [Loader].
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
	// ConfigFile is the configuration file to write a setting in when
	// the project was found by a dependency of its package.json (or its
	// Gemfile): "astro.config.mjs"; "" for none.
	ConfigFile string
	// BaseURLPlaces are where its projects can keep the site's URL, for
	// the hint of a missing base URL: "baseURL in Hugo's configuration
	// ({file})", {file} standing for the configuration file; nil for
	// its configuration (see [Detected.BaseURLPlaces]).
	BaseURLPlaces []string
	// SitemapDates says what its own sitemap dates a page by when that
	// is the page's own source's history or word, never a build's time
	// ("VitePress' lastUpdated: each page's last commit, or its front
	// matter's lastUpdated"), in a project whose configuration turns that
	// dating on (Detected.GitDates): many pages may share a day, a
	// commit's, and be true. "" when it may write a build's time.
	SitemapDates string
	// SitemapStays says its own sitemap is written by every build and
	// no switch turns it off (Hugo's, MkDocs', Zola's): the dates read
	// from it stay. Else a switch removes the option or plugin that
	// writes it, and the build warns of the pages only it dates.
	SitemapStays bool

	// What only some generators say of their projects, by a rule of
	// theirs: each nil where the generator says nothing, asked by the
	// Detected's methods of the same names.

	// Sitemaps names the sitemap files the generator, or the sitemap
	// plugin p uses, writes into p's output, when they are not
	// sitemap.xml at its root.
	Sitemaps func(p *Detected) SitemapFiles
	// Published names the sitemaps in folders of p's output whose URLs
	// search engines may have been given, which its build stops writing
	// once sitemapgen replaces them (see [Detected.Published]).
	Published func(p *Detected, file string) []string
	// Marks, for a generator whose configuration's name other tools'
	// projects share (Hugo's config.*), names the folders of its own, one
	// of which must be beside the configuration for p to be surely its
	// project; none when its configuration alone tells.
	Marks func(p *Detected) []string
}

// A Loader loads the preset of a generator whose pages all come from
// source files, so that content mode (--mode content) lists its site
// from them, without a build: Hugo's, Jekyll's, MkDocs'; and plain, for a
// folder no generator owns. registry.ContentPresets names them.
type Loader interface {
	// Load reads the generator's configuration in the folder d (made
	// by NewDir: its environment is the build's, its limits bound every
	// file read) and returns its preset, with the generator's defaults
	// where d has none (found false). A configuration that exists but
	// does not parse is the error, naming its file relative to d.
	Load(d *Dir) (p Preset, found bool, err error)
}

// A Claimer is a Generator that takes files before any generator's
// Detect runs, so that another one that could read them leaves them: Zola
// claims a config.toml that is its own before Hugo reads config.toml.
// Claims do not change the order of the projects Detect returns.
type Claimer interface {
	Claim(d *Dir)
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
	// Folder, when not "", is a folder ("__sitemap__/", "seo/maps/")
	// whose .xml files are all the generator's sitemaps. Match takes it,
	// and each folder it is in ("seo/"), as a folder with its slash: the
	// ones to look into for them, at any depth.
	Folder string
}

// DefaultSitemaps is the sitemap a generator writes unless it says
// otherwise: sitemap.xml at the root of its output.
var DefaultSitemaps = SitemapFiles{Names: []string{"sitemap.xml"}}

// Match reports whether name, a path in the output folder, is one of f;
// a folder's path, with its slash, whether it is Folder or holds it.
func (f SitemapFiles) Match(name string) bool {
	if slices.Contains(f.Names, name) {
		return true
	}
	dir, file := splitDir(name)
	switch {
	case f.Shard != nil && dir == "" && f.Shard.MatchString(file):
		return true
	case f.Folder != "" && (name != "" && file == "" && strings.HasPrefix(f.Folder, name) || dir == f.Folder && extOf(file) == ".xml"):
		return true
	}
	return false
}

// A Router is a Generator whose pages are routed from files: the pages of
// its build are joined to their sources by a Preset (see [Detected.Routes]).
type Router interface {
	// Routes returns the preset that joins the pages of p's build to
	// their sources, and the folder of the sources relative to the
	// project folder ("/"-separated); nil when there is none.
	Routes(p *Detected) (Preset, string)
}

// A ServerBuilder is a Generator whose builds may be servers: it reads
// what the server build of p prerendered and renders on demand.
type ServerBuilder interface {
	// ReadServerBuild reads the build of p in the project folder dir; nil
	// when it is a site of files.
	ReadServerBuild(dir string, p *Detected, lim limits.Limits) (*ServerBuild, error)
}

// A PeerReader is a Generator whose projects configure a sitemap tool
// that sitemapgen replaces, in the generator's own configuration.
type PeerReader interface {
	// SitemapOptions returns the tool's options as p's files give them.
	SitemapOptions(d *Dir, p *Detected) []peer.Config
}

// splitDir splits a "/"-separated path after its last slash.
func splitDir(name string) (dir, file string) { return path.Split(name) }

// extOf returns the extension of a file name.
func extOf(file string) string { return path.Ext(file) }
