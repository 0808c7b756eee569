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

// Ask is what the user gave of the settings the project's answers depend
// on, and the words its errors use. A string is "" when it was not given.
type Ask struct {
	// ConfigFile is the settings file read, "" for none: the project
	// folder is its folder, else the working directory.
	ConfigFile string
	// SettingsFile is the name of the settings file the hints name
	// (sitemap.yaml); NoRoot and NoBaseURL are the errors, with their
	// hints, of no site folder and of no base URL.
	SettingsFile      string
	NoRoot, NoBaseURL error

	// Root is the site folder given (DIR, root:); in content mode, the
	// sources' folder. Out is the folder the sitemaps are written into.
	Root, Out string
	// Content is true in content mode.
	Content bool
	// Source is source:'s value (SourceNone turns the join off), and
	// SourceGiven whether it was given; Preset and PresetGiven the same
	// of preset:.
	Source      string
	SourceGiven bool
	Preset      string
	PresetGiven bool
	// Host is host:'s value: auto, none or a platform's name.
	Host string
	// Force walks a site folder given that is a generator's project.
	Force bool
	// Include and Exclude are the walk's globs, IncludeGiven whether
	// the include list was given.
	Include, Exclude []string
	IncludeGiven     bool
	FollowSymlinks   bool
	// BaseURL says how the base URL was given, GivenBaseURL what it is
	// ("" when not given).
	BaseURL      Given
	GivenBaseURL string
	// OwnURL is true with previews: own-url: a preview's own URL
	// outranks the base URL of the settings file.
	OwnURL bool
	// CleanURLs and TrailingSlash are the values of the URL style, and
	// the Given fields whether they were given.
	CleanURLs, TrailingSlash           bool
	CleanURLsGiven, TrailingSlashGiven bool
	// LastMod is the lastmod sources' list, LastModGiven whether it was
	// given: the project says a list only in place of the default.
	LastMod      []mapping.LastModSource
	LastModGiven bool
	// FilenameGiven says the entry file's name was given: the project
	// says none.
	FilenameGiven bool

	Limits limits.Limits
	// Getenv reads the build environment.
	Getenv func(string) string
}

// Given says where a value was given.
type Given int

const (
	// NotGiven leaves the value to the project.
	NotGiven Given = iota
	// InFile is a value of the settings file, which a preview's own URL
	// outranks.
	InFile
	// Above is a value of a flag or the environment, which nothing the
	// project says outranks.
	Above
)

// SourceNone, as source:, turns off the join of a generator's built pages
// to their source files, which is on by default for every generator whose
// file-to-URL rule sitemapgen knows.
const SourceNone = "none"

// Project is what the project says. Each of the settings' values is the
// project's, for the layering to put under what was given; "", nil or
// false where the project says none, or where the value was given.
type Project struct {
	// Dir is the project folder: the settings file's, or the working
	// directory.
	Dir string

	// Root is the site folder the project names (in content mode, the
	// sources' folder), RootFrom what named it.
	Root, RootFrom string
	// Out is, in content mode, the folder the generator publishes into.
	Out string
	// Source and Preset are the folder of the sources a build is joined
	// to, and the preset of their URLs.
	Source, Preset string
	// BaseURL is the base URL the project gives, and BaseURLFrom what
	// gave it; asked only when none was given, or when the one given is
	// the settings file's and a preview's own URL outranks it.
	BaseURL, BaseURLFrom string
	// CleanURLs and TrailingSlash are the URL style of the platform or of
	// the generator; nil where neither says.
	CleanURLs, TrailingSlash *bool
	// Include is the walk's include list: a Jekyll site's documents
	// besides its pages.
	Include []string
	// LastMod is the list of the lastmod sources in place of the
	// default: without the built files' times, in the generator's order.
	LastMod []mapping.LastModSource

	// Sources are the source files of content mode, or of the join in
	// output mode; nil for none.
	Sources *pipeline.Sources
	// Defaults are every page's changefreq and priority the generator's
	// configuration gives (Hugo's [sitemap]).
	Defaults mapping.Rule

	// Platform is the hosting platform whose URL style and redirects
	// apply, "" for none; Style its URL style, nil for none. Preview
	// names a preview deploy of it ("Netlify deploy-preview"), "" for
	// production or outside a build environment.
	Platform string
	Style    *host.Style
	Preview  string
	// PlatformFile is the platform's own file (netlify.toml) as read and
	// parsed, for the build's rules; nil for none.
	PlatformFile *host.PlatformFile
	// PlatformTop is the git work tree's top folder when its
	// netlify.toml is the project's, the project folder being below it
	// (a monorepo's docs/); its host rules count as the project
	// folder's. "" otherwise.
	PlatformTop string
	// BuildCache is the folder the build environment keeps from one
	// build to the next (host.Deploy.CacheDir), "" for none.
	BuildCache string
	// Shadowing is true when a file the site serves wins over the
	// platform's redirect rule that is not forced, as on Netlify.
	Shadowing bool
	// SlashEverywhere is true when the platform's clean URLs of pages end
	// in a slash too, and nobody gave the trailing slash.
	SlashEverywhere bool
	// IndexFiles is true when the generator that built the site links
	// its index pages by their files' names (Sphinx's html builder:
	// sub/index.html), and nobody gave the URL style.
	IndexFiles bool
	// StyleGiven is true when the URL style is one form, not a default:
	// it was given, or the platform serves one form only, or the
	// generator's configuration says its form.
	StyleGiven bool
	// Fallbacks are the single-page app's shells of the generator that
	// built the site, no pages; BareBase is false when the generator
	// serves its base's folder with its slash whatever else it says
	// (Docusaurus).
	Fallbacks []string
	BareBase  bool
	// SlashedHomes are the language folders whose home the generator
	// serves with its slash (mapping.Options.SlashedHomes).
	SlashedHomes []string

	// Generator names the generator whose output folder the sitemaps are
	// written into ("Hugo"), "" for none; Translated says its site has
	// pages in several languages (generator.Detected.Translated);
	// OwnSitemaps is what it says of its sitemaps there, which a build
	// decides on.
	Generator   string
	OwnSitemaps *pipeline.OwnSitemaps
	Translated  bool
	// SitemapDates says what the generator's own sitemap dates a page by
	// when that is never a build's time (generator.Info.SitemapDates).
	SitemapDates string
	// Witnessed says the generator keeps old output and its sitemaps
	// witness what it builds (generator.OutputRules.Witness): a build joined
	// to its sources reads them, to tell the pages of deleted sources.
	Witnessed bool
	// Published names the generator's sitemaps in folders that must
	// answer though its build no longer writes them, given the name of
	// the entry file (generator.Detected.Published).
	Published func(file string) []string
	// ServerBuild, for a server build, says what built it
	// (generator.ServerBuild.What): its server answers URLs no file of
	// the site folder shows. "" for a site of files.
	ServerBuild string
	// Served, for a server build (Next.js without a static export), are
	// the pages it prerendered: their files in the site folder, each at
	// the URL path its server answers; nil for a site of files.
	Served []pipeline.ServedPage
	// ServerRoutes, for a server build, are the URL paths of its pages
	// rendered on demand whose URL its record gives whole (Astro's
	// /account), listed as extra URLs of ServerRoutesFrom, the record's
	// path (generator.ServerBuild.Routes).
	ServerRoutes     []string
	ServerRoutesFrom string
	// StateDir, for a server build whose sitemaps go into a folder of
	// the project's own files (StateFor: Next.js's public/), is the
	// folder sitemapgen keeps its record and the generator's sitemap's
	// dates in instead (generator.Detected.StateDir), in the project
	// folder; "" for none.
	StateDir, StateFor string
	// OnDemand, for a server build, are its routes rendered on demand
	// with no page prerendered, each with its warning (File placed in the
	// project folder), which the build says of those the extra URLs list
	// no page of (generator.ServerBuild.OnDemand).
	OnDemand []generator.OnDemandRoute
	// Pages gives the pages of the site folder their translations by
	// their path there, as the generator's sitemap linked them
	// (generator.Detected.Pages: VitePress's locales); nil for none.
	Pages generator.Translator
	// Filename is the entry file's name the generator's configuration
	// gives its own sitemap (Hugo's [sitemap] filename), for the URL a
	// search engine was given to stay; "" for none.
	Filename string
	// BuiltBy names, in output mode, what built the site folder: the
	// generator ("Hugo"), or "the generator" of a join; "" for none.
	BuiltBy string
	// LastModOrder, when the generator's configuration says in what
	// order it dates pages, says that order and where it comes from.
	LastModOrder string

	// Detected is the one line that says what was found rather than
	// given.
	Detected string
	// Inputs are the files whose change changes what the project says:
	// the generator's configuration, the platform's files.
	Inputs []string
	// Warnings are problems with the project's files.
	Warnings []error
}

// Discover reads what the project says, once, given what the user gave.
// Its errors name the file, and the line, where a file is at fault.
func Discover(a Ask) (*Project, error) {
	p := newDiscovery(a)
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
	site := p.builtBy(v.Root)
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
	g := p.builtBy(out)
	if g == nil && pr.Served != nil {
		g = site // Its sitemaps are in the folder it serves.
	}
	if site != nil {
		siteSettings(&v, pr, site)
	}
	pr.Shadowing = p.platform != host.CloudflarePages && p.platform != host.Vercel
	if src != nil {
		// Hugo's [sitemap] changefreq and priority apply to every page.
		pr.Defaults = mapping.Rule{ChangeFreq: rules.Output.ChangeFreq, Priority: rules.Output.Priority}
	}
	if !v.LastModGiven {
		p.dating(&v, pr, rules.Order, site)
	}
	if g != nil {
		p.outputGenerator(&v, pr, g, src != nil, rules.Output)
	}
	if site != nil {
		p.siteWarnings(pr, site)
	}
	if d, ok := errors.AsType[*diag.Diagnostic](p.detectErr); ok {
		// A generator's file that cannot be read makes no generator.
		// Neither the site folder nor the base URL needs it, but the
		// user hears of it.
		pr.Warnings = append(pr.Warnings, &diag.Diagnostic{File: d.File, Line: d.Line, Msg: d.Msg + "; the generator's settings are not used"})
	}
	// Detected names the variables of the platform's file that the
	// generator's settings read, each with its place.
	if part := p.vars.describe(); part != "" {
		pr.Detected = joinDetected(pr.Detected, part)
	}
	return pr, nil
}

// siteSettings sets in pr what the generator that built the site folder
// says about the site's pages: the documents its sitemap lists besides
// pages, its fallback files, and whether it serves its base URL with a
// trailing slash.
func siteSettings(v *Ask, pr *Project, site *generator.Detected) {
	if docs := site.Documents(); !v.Content && !v.IncludeGiven && len(docs) > 0 {
		// The sitemap lists documents besides pages (jekyll-sitemap
		// does).
		pr.Include = append(slices.Clone(walker.DefaultInclude), docs...)
	}
	if !v.Content {
		pr.Fallbacks = site.Fallbacks
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
// is set when the build is joined to its sources.
func (p *discovery) outputGenerator(v *Ask, pr *Project, g *generator.Detected, joined bool, output generator.OutputRules) {
	pr.Generator, pr.Translated, pr.Pages = g.Title(), g.Translated, g.Pages
	pr.OwnSitemaps = &pipeline.OwnSitemaps{Title: g.Title(), Names: g.Sitemaps(), Plugin: g.Plugin, BaseURL: g.BaseURL, Stays: g.Gen != nil && g.Gen.Info().SitemapStays}
	pr.Published = g.Published
	if g.Gen != nil && g.GitDates != "" {
		pr.SitemapDates = g.Gen.Info().SitemapDates
	}
	// When the generator keeps old output, its sitemaps witness what it
	// builds. A build joined to its sources reads them.
	pr.Witnessed = joined && output.KeepsOld && len(output.Witness) > 0
	if g.SitemapFile == "" || v.FilenameGiven {
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

// discovery is the state of Discover: what the project folder (the
// settings file's, or the working directory) and the build environment
// say, read as it is needed, each once.
type discovery struct {
	dir string
	lim limits.Limits // on the project's files
	// The words of the errors: the settings file's name, and the errors
	// of no site folder and of no base URL (Ask's).
	settingsFile      string
	noRoot, noBaseURL error

	// The generator: found lists what Detect found (read once, when
	// needed); gen is the one the site is from, nil when none or unclear.
	detected bool
	found    []generator.Detected
	// detectErr is the generators' files' error, nil when they read.
	detectErr error
	gen       *generator.Detected

	// The hosting platform: deploy is its build environment (inDeploy
	// false outside one); platform is the one whose URL style and
	// redirects apply ("" none), platformFrom what said so.
	deploy       host.Deploy
	inDeploy     bool
	platform     string
	platformFrom string
	style        *host.Style
	// settings are what the platform's own file says (readSettings),
	// read from the folders settingsDirs; settingsErr is the error of
	// reading it when the discovery started, which loadStyle says.
	settings     *host.Settings
	settingsDirs []string
	// top is the git work tree's top folder when its netlify.toml is the
	// project's (topNetlify), else "".
	top         string
	settingsErr error

	// env is the environment of the generators' builds (buildenv.go),
	// vars the platform's file's variables in it.
	env  generator.Env
	vars *buildVars

	// baseFromGen is true when the base URL is the generator's.
	baseFromGen bool
	// baseFromSite is the base URL the built site said (siteBaseURL), ""
	// when it came from elsewhere; baseSiteFile the file that said it
	// (the site folder for its pages' canonical links).
	baseFromSite, baseSiteFile string
	// cnames are the CNAME files read, by folder (cnameIn).
	cnames map[string]cnameFile
	// genStyle, with no platform, is the generator whose URL form
	// applies (applyGeneratorStyle); nil when none does.
	genStyle *generator.Detected
	// linkForm, with a platform, is the generator whose link form
	// applies where the platform serves it too (preferLinks); nil when
	// none does. linkParts name the parts it gives ("clean URLs").
	linkForm  *generator.Detected
	linkParts []string

	// host is what the generator's own build said of its configuration
	// (HostProjectEnv), nil when nothing; hostErr its error.
	host    *hostProject
	hostErr error

	// warnings are the problems with the project's files found before
	// there is a Project to say them in; baseWarnings those found while
	// looking for the base URL (a CNAME that names no domain).
	warnings, baseWarnings []error

	// tree is the project's tree, found when a folder a file of the
	// project names is checked against it (inTree).
	tree *Tree
}

// newDiscovery starts the discovery of the project of the settings file
// a.ConfigFile (the working directory's without one), with the platform
// whose URL style and redirects apply: host: when it names one, else the
// build environment's, else the one whose files are in the project folder
// or the site folder given.
func newDiscovery(a Ask) *discovery {
	p := &discovery{dir: ".", lim: a.Limits, settingsFile: a.SettingsFile, noRoot: a.NoRoot, noBaseURL: a.NoBaseURL}
	if a.ConfigFile != "" {
		p.dir = filepath.Dir(a.ConfigFile)
	}
	p.findPlatform(a.Host, a.Root, a.Getenv)
	p.startEnv(a.Getenv, a.Root)
	p.host, p.hostErr = readHostProject(a.Getenv(HostProjectEnv))
	return p
}

// fill says what nobody gave and the project says: the site folder (the
// platform's publish folder, or the generator's), the base URL, the URL
// style; with the warnings about the platform's files, and the files
// whose change changes what it said.
func (p *discovery) fill(v *Ask, pr *Project) error {
	if p.hostErr != nil {
		return p.hostErr
	}
	if v.Root == "" {
		warnings, err := p.loadStyle("")
		pr.Warnings = append(pr.Warnings, warnings...)
		if err != nil {
			return err
		}
		if v.Root, pr.RootFrom, err = p.findRoot(); err != nil {
			return err
		}
		pr.Root = v.Root
	}
	if p.style == nil {
		warnings, err := p.loadStyle(v.Root)
		pr.Warnings = append(pr.Warnings, warnings...)
		if err != nil {
			return err
		}
	}
	if err := p.fillBaseURL(v, pr); err != nil {
		return err
	}
	// Watch mode resolves again when the files that gave these change:
	// the generator's configuration, the platform's files, the project's
	// CNAME and Docusaurus' versions.json (a site folder's CNAME, which
	// a build may copy there each time, is not watched).
	if p.gen != nil {
		pr.Inputs = append(pr.Inputs, filepath.Join(p.dir, p.gen.File))
	}
	for _, name := range []string{"netlify.toml", "vercel.json", "CNAME", "versions.json"} {
		pr.Inputs = append(pr.Inputs, filepath.Join(p.dir, name))
	}
	if p.top != "" {
		pr.Inputs = append(pr.Inputs, filepath.Join(p.top, "netlify.toml"))
	}

	p.applyStyle(v, pr) // no style with host: none
	pr.Detected = p.describe(pr.RootFrom, v.Root, pr.BaseURL, pr.BaseURLFrom)
	pr.Platform, pr.Style = p.platform, p.style
	if p.settings != nil {
		pr.PlatformFile = p.settings.File
	}
	if p.top != "" {
		pr.PlatformTop = p.top
	}
	if p.inDeploy {
		pr.BuildCache = p.deploy.CacheDir
	}
	return nil
}

// dating sets the lastmod sources in place of the default, and how the
// generator dates pages: the modification times of a generator's output
// (a join's built pages included) are its build's, and are left out;
// and the order in which the generator of the sources dates its pages,
// o (nil for sitemapgen's), drives the list.
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
	// With git before front matter (Hugo's enableGitInfo), git comes
	// right after front matter, whose date then answers only where the
	// generator takes it before git (Sources.Order), and before meta,
	// which a theme writes from the generator's own date.
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

// FolderLocales is the translator of the locales: setting: the pages at
// the top in the language def ("" for none), those in each folder of
// langs in its language, each page one with the pages at the same path
// in the others (generator.FolderLocales); from says where they come
// from, for --explain.
func FolderLocales(def string, langs map[string]string, from string) generator.Translator {
	return &generator.FolderLocales{Default: def, Langs: langs, From: from}
}
