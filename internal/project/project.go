package project

import (
	"cmp"
	"errors"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/host"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/pipeline"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/walker"
	"github.com/sitemapgen/sitemapgen/writer"
)

// Ask holds the settings the user gave that the project's answers
// depend on, and the words its errors use. A string is "" when it was
// not given.
type Ask struct {
	// ConfigFile is the settings file read, or "" for none. The project
	// folder is the folder of this file, else the working directory.
	ConfigFile string
	// SettingsFile is the name of the settings file that hints name
	// (sitemap.yaml). NoRoot and NoBaseURL are the errors, with their
	// hints, for a missing site folder and a missing base URL.
	SettingsFile      string
	NoRoot, NoBaseURL error

	// Root is the site folder given (DIR, root:). In content mode it is
	// the sources' folder. Out is the folder the sitemaps are written
	// into.
	Root, Out string
	// Content is true in content mode.
	Content bool
	// Source is the value of source:, and SourceNone turns the join
	// off. SourceGiven says whether source: was given. Preset and
	// PresetGiven do the same for preset:.
	Source      string
	SourceGiven bool
	Preset      string
	PresetGiven bool
	// Host is host:'s value: auto, none or a platform's name.
	Host string
	// Force walks the site folder given even when it is a generator's
	// project.
	Force bool
	// Include and Exclude are the walk's globs. IncludeGiven says
	// whether the include list was given.
	Include, Exclude []string
	IncludeGiven     bool
	FollowSymlinks   bool
	// BaseURL says how the base URL was given. GivenBaseURL is its
	// value, or "" when it was not given.
	BaseURL      Given
	GivenBaseURL string
	// OwnURL is true with previews: own-url. Then a preview's own URL
	// outranks the base URL of the settings file.
	OwnURL bool
	// CleanURLs and TrailingSlash are the values of the URL style. The
	// Given fields say whether they were given.
	CleanURLs, TrailingSlash           bool
	CleanURLsGiven, TrailingSlashGiven bool
	// LastMod is the list of lastmod sources. LastModGiven says whether
	// it was given, because the project replaces only the default list.
	LastMod      []mapping.LastModSource
	LastModGiven bool
	// FilenameGiven says the entry file's name was given. The project
	// then gives no name.
	FilenameGiven bool

	Limits limits.Limits
}

// Given says where a value was given.
type Given int

const (
	// NotGiven leaves the value to the project.
	NotGiven Given = iota
	// InFile is a value from the settings file. A preview's own URL
	// outranks it.
	InFile
	// Above is a value from a flag or the environment. Nothing the
	// project says outranks it.
	Above
)

// SourceNone, as the value of source:, turns off the join of a
// generator's built pages to their source files. The join is on by
// default for every generator whose file-to-URL rule sitemapgen knows.
const SourceNone = "none"

// Project is what the project says. Each setting's value is the
// project's own; the layering puts it under what the user gave. A value
// is "", nil or false when the project says none or the user gave it.
type Project struct {
	// Dir is the project folder: the settings file's, or the working
	// directory.
	Dir string

	// Root is the site folder the project names (in content mode, the
	// sources' folder). RootFrom says what named it.
	Root, RootFrom string
	// Out is, in content mode, the folder the generator publishes into.
	Out string
	// Source and Preset are the folder of the sources a build is joined
	// to, and the preset of their URLs.
	Source, Preset string
	// BaseURL is the base URL the project gives, and BaseURLFrom says
	// what gave it. The project is asked only when no base URL was
	// given, or when the settings file gave it and a preview's own URL
	// outranks it.
	BaseURL, BaseURLFrom string
	// KeepBaseURL is BaseURL when the generator's own sitemap.xml gave
	// it, which a build replaces (or gave it to an earlier run, which
	// kept it): the build keeps it in its record (writer.Options.
	// KeepBase), so that the next run finds it again. "" otherwise.
	KeepBaseURL string
	// CleanURLs and TrailingSlash are the URL style of the platform or of
	// the generator. They are nil when neither says.
	CleanURLs, TrailingSlash *bool
	// Include is the walk's include list. It adds a Jekyll site's
	// documents to its pages.
	Include []string
	// LastMod is the list of lastmod sources that replaces the default.
	// It leaves out the built files' times and follows the generator's
	// order.
	LastMod []mapping.LastModSource

	// Sources are the source files of content mode, or those of the
	// join in output mode. It is nil for none.
	Sources *pipeline.Sources
	// Defaults are the changefreq and priority that the generator's
	// configuration gives every page (Hugo's [sitemap]).
	Defaults mapping.Rule

	// Platform is the hosting platform whose URL style and redirects
	// apply, or "" for none. Style is its URL style, or nil for none.
	// Preview names a preview deploy on it ("Netlify deploy-preview").
	// Preview is "" for production or outside a build environment.
	Platform string
	Style    *host.Style
	Preview  string
	// PlatformFile is the platform's own file (netlify.toml), read and
	// parsed for the build's rules. It is nil for none.
	PlatformFile *host.PlatformFile
	// PlatformTop is the git work tree's top folder when the project
	// folder is below it (a monorepo's docs/) and the top's netlify.toml
	// is the project's. Its host rules count as the project folder's.
	// It is "" otherwise.
	PlatformTop string
	// BuildCache is the folder the build environment keeps from one
	// build to the next (host.Deploy.CacheDir), or "" for none.
	BuildCache string
	// Shadowing is true when a file the site serves wins over a
	// redirect rule of the platform that is not forced, as on Netlify.
	Shadowing bool
	// SlashEverywhere is true when the platform's clean URLs of pages end
	// in a slash too, and nobody gave the trailing slash.
	SlashEverywhere bool
	// IndexFiles is true when the generator that built the site links
	// its index pages by their files' names (Sphinx's html builder:
	// sub/index.html), and nobody gave the URL style.
	IndexFiles bool
	// StyleGiven is true when the URL style is one form, not a default.
	// That is so when it was given, when the platform serves one form
	// only, or when the generator's configuration says its form.
	StyleGiven bool
	// Fallbacks are the single-page app shells of the generator that
	// built the site; they are not pages. BareBase is false when the
	// generator serves its base folder with its slash, whatever else it
	// says (Docusaurus).
	Fallbacks []string
	BareBase  bool
	// SlashedHomes are the language folders whose home the generator
	// serves with its slash (mapping.Options.SlashedHomes).
	SlashedHomes []string
	// FolderBuilds are the folders of the generator's builds whose
	// canonical links lack the folder (generator.Detected.FolderBuilds);
	// nil for none.
	FolderBuilds *mapping.FolderBuilds

	// Generator names the generator whose output folder the sitemaps are
	// written into ("Hugo"), or "" for none. Translated says its site has
	// pages in several languages (generator.Detected.Translated).
	// OwnSitemaps is what it says of its sitemaps there; a build decides
	// on them.
	Generator   string
	OwnSitemaps *pipeline.OwnSitemaps
	Translated  bool
	// SitemapDates says what the generator's own sitemap dates a page
	// by, when that is never a build's time (generator.Info.SitemapDates).
	SitemapDates string
	// Witnessed says the generator keeps old output and its sitemaps
	// witness what it builds (generator.OutputRules.Witness). A build
	// joined to its sources reads them to tell the pages of deleted
	// sources.
	Witnessed bool
	// Published takes the name of the entry file. It returns the
	// generator's sitemaps in folders that must still answer, though its
	// build no longer writes them (generator.Detected.Published).
	Published func(file string) []string
	// ServerBuild says what built a server build
	// (generator.ServerBuild.What). Its server answers URLs that no file
	// of the site folder shows. It is "" for a site of files.
	ServerBuild string
	// Served are the pages a server build prerendered (Next.js without
	// a static export). Each is a file in the site folder with the URL
	// path its server answers. It is nil for a site of files.
	Served []pipeline.ServedPage
	// ServerRoutes are the URL paths of a server build's pages rendered
	// on demand, when its record gives their whole URL (Astro's
	// /account). They are listed as extra URLs, and ServerRoutesFrom is
	// the record's path (generator.ServerBuild.Routes).
	ServerRoutes     []string
	ServerRoutesFrom string
	// RecordDir is where a build keeps its record and the dates of the
	// generator's sitemap (writer.Options.RecordDir), when the sitemaps
	// go into the folder of the project's own files that a server build
	// serves as they are (Next.js's public/): the generator's state
	// folder in the project folder (generator.Detected.StateDir). It is
	// "" when the record sits beside the sitemaps.
	RecordDir string
	// OnDemand are a server build's routes rendered on demand with no
	// page prerendered, each with its warning (File placed in the
	// project folder). The build gives the warning when the extra URLs
	// list no page of the route (generator.ServerBuild.OnDemand).
	OnDemand []generator.OnDemandRoute
	// Pages gives each page of the site folder, by its path there, its
	// translations as the generator's sitemap linked them
	// (generator.Detected.Pages: VitePress's locales). It is nil for none.
	Pages generator.Translator
	// Filename is the name the generator's configuration gives its own
	// sitemap (Hugo's [sitemap] filename). The entry file takes it, so
	// the URL a search engine was given stays. It is "" for none.
	Filename string
	// BuiltBy names what built the site folder in output mode: the
	// generator ("Hugo"), or "the generator" for a join. It is "" for
	// none.
	BuiltBy string
	// LastModOrder says in what order the generator dates pages, and
	// where that comes from, when its configuration says so.
	LastModOrder string

	// Detected is the one line that says what was found rather than
	// given.
	Detected string
	// Inputs are the files whose change changes what the project says,
	// such as the generator's configuration and the platform's files.
	Inputs []string
	// Warnings are problems with the project's files.
	Warnings []error
}

// Discover reads once what the project says, given what the user gave
// and the build environment (through getenv). When a file is at fault,
// its errors name the file and the line.
func Discover(a Ask, getenv func(string) string) (*Project, error) {
	p := newDiscovery(a, getenv)
	pr := &Project{Dir: p.dir, BareBase: true, Warnings: p.warnings}
	v := a // v starts as the values given; the project's files fill in the rest.
	src, rules, err := p.sources(&v, pr)
	if err != nil {
		return nil, err
	}
	if v.Root != "" && !v.Content && !v.Force {
		// The site folder given (DIR, root:) may be a project's
		// folder rather than a built site.
		if err := projectFolder(v.Root, v.Limits); err != nil {
			return nil, err
		}
	}
	if err := p.fill(&v, pr); err != nil {
		return nil, err
	}
	if v.Root == "" {
		return nil, a.NoRoot
	}
	// site is the generator that built the site folder, or nil. Every
	// later question for a generator goes to this one.
	site := p.gens.builtBy(v.Root)
	if src, rules, err = p.join(&v, pr, src, rules, site); err != nil {
		return nil, err
	}
	pr.Sources = src
	if err := p.serverBuild(&v, pr, site); err != nil {
		return nil, err
	}
	// g is the generator whose sitemaps are in the output folder, or nil.
	out := v.Out
	if out == "" {
		out = v.Root
	}
	g := p.gens.builtBy(out)
	if g == nil && pr.Served != nil {
		g = site // Its sitemaps are in the folder it serves.
	}
	if pr.ServerBuild != "" {
		// A build writing into the folder the server serves as it is
		// keeps its record where nothing serves it.
		pr.RecordDir = recordDir(p.dir, *site, out)
	}
	if site != nil {
		siteSettings(&v, pr, site)
	}
	pr.Shadowing = p.plat.name != host.CloudflarePages && p.plat.name != host.Vercel
	if src != nil {
		// Hugo's [sitemap] changefreq and priority apply to every page.
		pr.Defaults = mapping.Rule{ChangeFreq: rules.Output.ChangeFreq, Priority: rules.Output.Priority}
	}
	if !v.LastModGiven {
		p.dating(&v, pr, rules.Order, site)
	}
	if g != nil {
		p.outputGenerator(pr, g, src != nil, rules.Output, v.FilenameGiven)
	}
	if site != nil {
		p.siteWarnings(pr, site)
	}
	if d, ok := errors.AsType[*diag.Diagnostic](p.gens.detectErr); ok {
		// When a generator's file cannot be read, there is no generator.
		// Neither the site folder nor the base URL needs it, but the
		// user hears of it.
		pr.Warnings = append(pr.Warnings, &diag.Diagnostic{File: d.File, Line: d.Line, Msg: d.Msg + "; the generator's settings are not used"})
	}
	// Detected names the variables of the platform's file that the
	// generator's settings read, each with its place.
	if part := p.plat.vars.describe(); part != "" {
		pr.Detected = joinDetected(pr.Detected, part)
	}
	return pr, nil
}

// joinDetected adds a part to the line that says what was detected.
func joinDetected(line, part string) string {
	if line == "" {
		return part
	}
	return line + "; " + part
}

// siteSettings sets in pr what the generator that built the site folder
// says about the site's pages: the documents its sitemap lists besides
// pages, its fallback files, the folders of its builds whose canonical
// links lack the folder, and whether it serves its base URL with a
// trailing slash.
func siteSettings(v *Ask, pr *Project, site *generator.Detected) {
	if docs := site.Documents(); !v.Content && !v.IncludeGiven && len(docs) > 0 {
		// The sitemap lists documents besides pages (jekyll-sitemap
		// does).
		pr.Include = append(slices.Clone(walker.DefaultInclude), docs...)
	}
	if !v.Content {
		pr.Fallbacks = site.Fallbacks
		if len(site.FolderBuilds) > 0 {
			pr.FolderBuilds = &mapping.FolderBuilds{Folders: site.FolderBuilds, Why: site.FolderBuildsWhy}
		}
	}
	// A generator may serve its base URL with a slash, whatever its
	// trailing-slash setting says (Docusaurus' baseUrl does).
	pr.BareBase = site.Gen == nil || !site.Gen.Info().SlashedBase
	if !pr.BareBase {
		// It serves each language's home with a slash too (Docusaurus'
		// /fr/ is the baseUrl of that locale's build).
		for _, l := range site.Languages {
			pr.SlashedHomes = append(pr.SlashedHomes, l+"/")
		}
	}
}

// outputGenerator sets in pr what the generator g, whose sitemaps are in
// the output folder, says about them. The build decides later which of
// the files named as g's sitemaps are really g's, by reading the output
// folder: a file that a plugin names may be the project's own. joined
// is set when the build is joined to its sources. filenameGiven says the
// entry file's name was given; g's name for its sitemap is then not
// taken.
func (p *discovery) outputGenerator(pr *Project, g *generator.Detected, joined bool, output generator.OutputRules, filenameGiven bool) {
	pr.Generator, pr.Translated, pr.Pages = g.Title(), g.Translated, g.Pages
	pr.OwnSitemaps = &pipeline.OwnSitemaps{Title: g.Title(), Names: g.Sitemaps(), Plugin: g.Plugin, BaseURL: g.BaseURL, Stays: g.Gen != nil && g.Gen.Info().SitemapStays, Code: g.SitemapCode, Leaves: g.SitemapLeaves}
	pr.Published = g.Published
	if g.Gen != nil && g.GitDates != "" {
		pr.SitemapDates = g.Gen.Info().SitemapDates
	}
	// When the generator keeps old output, its sitemaps witness what it
	// builds. A build joined to its sources reads them.
	pr.Witnessed = joined && output.KeepsOld && len(output.Witness) > 0
	if g.SitemapFile == "" || filenameGiven {
		return
	}
	// Search engines were given the name the generator gives its
	// sitemap, so sitemapgen's entry file takes that name.
	if err := writer.CheckFilename(g.SitemapFile); err != nil {
		pr.Warnings = append(pr.Warnings, &diag.Diagnostic{File: filepath.Join(p.dir, filepath.FromSlash(g.File)),
			Msg: strings.Replace(err.Error(), "filename", cmp.Or(g.SitemapFileKey, "[sitemap] filename"), 1) + ": sitemapgen's entry file keeps its own name (give --filename)"})
		return
	}
	pr.Filename = g.SitemapFile
}

// siteWarnings adds to pr the warnings of the generator that built the
// site folder. They include the files of its project that the door
// refused to read: the settings those files hold are not used.
func (p *discovery) siteWarnings(pr *Project, site *generator.Detected) {
	for _, r := range site.Refused {
		pr.Warnings = append(pr.Warnings, &diag.Diagnostic{File: filepath.Join(p.dir, filepath.FromSlash(r.File)), Line: r.Line, Msg: r.Msg + "; its settings are not used"})
	}
	for _, w := range site.Warnings {
		pr.Warnings = append(pr.Warnings, &diag.Diagnostic{File: filepath.Join(p.dir, filepath.FromSlash(w.File)), Line: w.Line, Msg: w.Msg})
	}
}

// discovery is the state of Discover. It holds what the project folder
// and the build environment say. The project folder is the settings
// file's, or the working directory. Each fact is read once, when needed,
// by the reader of its source: the platform (plat), the generators found
// (gens), the base URL's sources (base) and the URL form (form). What is
// left here joins them: the site folder, the sources and the warnings.
type discovery struct {
	dir string
	lim limits.Limits // on the project's files
	// The words of the errors, from Ask: the settings file's name, and
	// the error for a missing site folder.
	settingsFile string
	noRoot       error

	plat *platformReader
	gens *generators
	base *baseFinder
	form *formReader

	// warnings are problems with the project's files found before there
	// is a Project to hold them.
	warnings []error

	// tree is the project's tree. It is found when inTree first checks
	// a folder that a file of the project names.
	tree *Tree
}

// newDiscovery starts the discovery of the project of the settings file
// a.ConfigFile, or of the working directory without one. It also finds
// the platform whose URL style and redirects apply. That is the one
// host: names, else the build environment's, else the one whose files
// are in the project folder or the site folder given.
func newDiscovery(a Ask, getenv func(string) string) *discovery {
	dir := "."
	if a.ConfigFile != "" {
		dir = filepath.Dir(a.ConfigFile)
	}
	p := startDiscovery(dir, a, getenv, a.Host, a.Root)
	p.gens.host, p.gens.hostErr = readHostProject(getenv(HostProjectEnv))
	return p
}

// startDiscovery starts the discovery of the project in dir, with a
// reader for each source of its facts. The platform is found now, from
// host: (hostKey), the build environment (getenv) and the files of dir
// and of the site folder given (root, or ""); the rest is read when
// asked.
func startDiscovery(dir string, a Ask, getenv func(string) string, hostKey, root string) *discovery {
	lim := a.Limits
	plat := readPlatform(dir, lim, hostKey, root, getenv)
	gens := &generators{dir: dir, lim: lim, env: plat.env}
	return &discovery{dir: dir, lim: lim, settingsFile: a.SettingsFile, noRoot: a.NoRoot,
		plat: plat, gens: gens, warnings: plat.warnings,
		base: &baseFinder{dir: dir, lim: lim, noBaseURL: a.NoBaseURL, plat: plat, gens: gens},
		form: &formReader{dir: dir, plat: plat, gens: gens, lim: lim}}
}

// fill sets what nobody gave and the project says: the site folder (the
// platform's publish folder, or the generator's), the base URL and the
// URL style. It adds the warnings about the platform's files, and the
// files whose change changes what it said.
func (p *discovery) fill(v *Ask, pr *Project) error {
	if p.gens.hostErr != nil {
		return p.gens.hostErr
	}
	if v.Root == "" {
		warnings, err := p.plat.loadStyle("")
		pr.Warnings = append(pr.Warnings, warnings...)
		if err != nil {
			return err
		}
		if v.Root, pr.RootFrom, err = p.findRoot(); err != nil {
			return err
		}
		pr.Root = v.Root
	}
	if p.plat.style == nil {
		warnings, err := p.plat.loadStyle(v.Root)
		pr.Warnings = append(pr.Warnings, warnings...)
		if err != nil {
			return err
		}
	}
	if err := p.base.fillBaseURL(v, pr); err != nil {
		return err
	}
	// Watch mode resolves again when a file that gave these changes: the
	// generator's configuration, the platform's files, the project's
	// CNAME or Docusaurus' versions.json. A CNAME in the site folder is
	// not watched, because a build may copy it there each time.
	if p.gens.gen != nil {
		pr.Inputs = append(pr.Inputs, filepath.Join(p.dir, p.gens.gen.File))
	}
	for _, name := range []string{"netlify.toml", "vercel.json", "CNAME", "versions.json"} {
		pr.Inputs = append(pr.Inputs, filepath.Join(p.dir, name))
	}
	if p.plat.top != "" {
		pr.Inputs = append(pr.Inputs, filepath.Join(p.plat.top, "netlify.toml"))
	}

	p.form.applyStyle(v, pr) // no style with host: none
	pr.Detected = p.form.describe(pr.RootFrom, v.Root, pr.BaseURL, pr.BaseURLFrom)
	pr.Platform, pr.Style = p.plat.name, p.plat.style
	if p.plat.settings != nil {
		pr.PlatformFile = p.plat.settings.File
	}
	if p.plat.top != "" {
		pr.PlatformTop = p.plat.top
	}
	if p.plat.inDeploy {
		pr.BuildCache = p.plat.deploy.CacheDir
	}
	return nil
}

// dating sets the lastmod sources that replace the default, and how the
// generator dates pages. The modification times of a generator's output
// are its build's times, so they are left out; this holds for a join's
// built pages too. o is the order in which the generator of the sources
// dates its pages (nil for sitemapgen's order); it drives the list.
func (p *discovery) dating(v *Ask, pr *Project, o *generator.DateOrder, site *generator.Detected) {
	if !v.Content {
		if g := site; g != nil {
			pr.BuiltBy = g.Title()
		} else if pr.Sources != nil {
			pr.BuiltBy = "the generator"
		}
	}
	list := v.LastMod
	if pr.BuiltBy != "" {
		list = slices.DeleteFunc(slices.Clone(list), func(s mapping.LastModSource) bool {
			return s == mapping.LastModMTime
		})
		if len(list) == 0 {
			list = []mapping.LastModSource{mapping.LastModNone}
		}
		pr.LastMod = list
	}
	if pr.Sources == nil {
		return
	}
	if o == nil {
		return
	}
	// When the generator puts git before front matter (Hugo's
	// enableGitInfo), git moves to right after front matter. Front
	// matter's date then answers only where the generator takes it
	// before git (Sources.Order). Git also comes before meta, which a
	// theme writes from the generator's own date.
	pr.Sources.Order = o
	pr.LastModOrder = o.Describe() + " (" + o.From + ")"
	git := false
	for _, s := range o.Steps {
		git = git || s.Git
	}
	if !git || !slices.Contains(list, mapping.LastModGit) {
		return
	}
	list = slices.DeleteFunc(slices.Clone(list), func(s mapping.LastModSource) bool { return s == mapping.LastModGit })
	at := slices.Index(list, mapping.LastModFrontMatter) + 1
	pr.LastMod = slices.Insert(list, at, mapping.LastModGit)
}

// FolderLocales returns the translator of the locales: setting
// (generator.FolderLocales). The pages at the top are in the language
// def ("" for none). The pages in each folder of langs are in that
// folder's language. A page is one with the pages at the same path in
// the other folders. from says where the locales come from, for
// --explain.
func FolderLocales(def string, langs map[string]string, from string) generator.Translator {
	return &generator.FolderLocales{Default: def, Langs: langs, From: from}
}
