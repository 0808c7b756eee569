package config

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/command"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/extraurls"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/hashstate"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/pipeline"
	"github.com/sitemapgen/sitemapgen/internal/project"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
	"github.com/sitemapgen/sitemapgen/walker"
	"github.com/sitemapgen/sitemapgen/writer"
)

// Config is what Resolve makes of a command line. It holds a build's
// options, and how to run and report the build.
type Config struct {
	Build pipeline.Options
	// Values are the settings as resolved.
	Values Values
	// ConfigFile is the file that was read, or "".
	ConfigFile string
	// BaseURLFrom says where the base URL came from: "--base-url", the
	// environment variable's name, the config file's name, or what the
	// project said.
	BaseURLFrom string
	// Detected is the one line that says what was found rather than
	// given: the site folder, the base URL, the platform's URL style. It
	// is "" when nothing was found.
	Detected string
	// RootFrom says what named the site folder when neither DIR nor
	// root: named it. That is the platform's or the generator's file.
	RootFrom string
	// Platform is the hosting platform whose URL style and redirects
	// apply, or "" for none.
	Platform string
	// ServerBuild says what built the site folder when it is a server
	// build (project.Project.ServerBuild). Its server answers URLs that
	// no file shows. ServerBuild is "" for a site of files.
	ServerBuild string
	// Deploy names a preview deploy ("Netlify deploy-preview"). It is
	// "" for production or outside a platform.
	Deploy string
	// SkipWrite, when set, says why this run writes no sitemap, such as
	// a preview with previews: skip.
	SkipWrite string
	// Warnings are problems with the platform's files, to report.
	Warnings []error
	// Changes is the path of the changes file to write (Values.Changes),
	// or "" for none. ChangesDir is the folder it is inside, as
	// postbuild.Options has them. For a path the user named, ChangesDir
	// is "". For a path from the settings file, ChangesDir is the
	// project's tree as seen from the working directory, and Changes is
	// the path inside it.
	Changes, ChangesDir string
	// Generator names the generator whose output folder the sitemaps are
	// written into ("Hugo"), or "" for none. Its sitemaps there are taken
	// over (Build.TakeOverOwn) unless keep_generator_sitemaps is set.
	Generator string
	// MTimeLeftOut says why the mtime lastmod source was left out of the
	// default sources, when it was. The site folder is a generator's
	// output, and its files' times are its build's ("from Hugo's build").
	MTimeLeftOut string
	// LastModOrder says in what order the generator dates pages, and
	// where that comes from, when its configuration says so. --verbose
	// shows it: "git, then front matter lastmod, modified … (Hugo
	// enableGitInfo, config/production/hugo.toml)".
	LastModOrder string
	// Inputs are the configuration files whose change changes the
	// settings: the config file and the generator's configuration files.
	// When no config file was read, ./sitemap.yaml is listed, in case it
	// appears. Watch mode resolves again when one of them changes.
	Inputs []string
}

// Writes reports whether a build with c writes files. A dry run, a
// check and an explanation write none.
func (c *Config) Writes() bool {
	return !c.Values.DryRun && !c.Values.Check && len(c.Values.Explain) == 0
}

// ErrNoBaseURL is returned when no source gives a base URL.
var ErrNoBaseURL = errors.New(`no base URL: the sitemap needs the absolute URL the site is served at
hint: give it in one of these ways (the first found wins):
  --base-url https://example.com/
  ` + BaseURLEnv + `=https://example.com/ in the environment
  base_url: https://example.com/ in ` + DefaultFile)

// ErrNoRoot is returned when neither DIR nor the file's root: names the
// site folder.
var ErrNoRoot = errors.New(`no site folder given
hint: name the built site, as in 'sitemapgen public', or set root: in ` + DefaultFile)

// Resolve reads the configuration file (--config, or sitemap.yaml in the
// working directory when it exists), applies the environment (through
// getenv) and the command line over it, fills in what the project says,
// and returns the build's settings. DIR is the command line's argument,
// if any. Every error it returns is a configuration or usage error.
func Resolve(cmd *Line[Values], getenv func(string) string) (*Config, error) {
	c := &Config{}
	l, err := layer(cmd, getenv)
	if err != nil {
		return nil, err
	}
	v := &l.v
	c.ConfigFile = l.fileName()
	if c.ConfigFile != "" {
		c.Inputs = append(c.Inputs, c.ConfigFile)
	} else if !cmd.Given("config") {
		c.Inputs = append(c.Inputs, DefaultFile)
	}

	pr, err := project.Discover(l.ask(c.ConfigFile, getenv))
	if err != nil {
		return nil, err
	}
	l.under(pr)
	c.Inputs = append(c.Inputs, pr.Inputs...)
	c.Warnings = append(c.Warnings, pr.Warnings...)
	c.Detected, c.RootFrom, c.Platform, c.ServerBuild = pr.Detected, pr.RootFrom, pr.Platform, pr.ServerBuild
	c.BaseURLFrom = cmp.Or(pr.BaseURLFrom, l.from["base_url"])
	if pr.Preview != "" {
		c.Deploy = pr.Preview
		if v.Previews == PreviewsSkip {
			c.SkipWrite = c.Deploy + " build, and previews: skip"
		}
	}
	c.Values = *v
	c.Warnings = append(c.Warnings, l.warnings...)
	if l.peer["index.extra"] {
		// A peer may give other sitemaps (Astro's customSitemaps) that
		// an index here cannot list. A warning names each, and it is
		// left out.
		var kept []string
		for _, e := range v.Index.Extra {
			if msg := extraScope(e, v); msg != "" {
				c.Warnings = append(c.Warnings, fmt.Errorf("%s is not taken: %s", l.from["index.extra"], msg))
				continue
			}
			kept = append(kept, e)
		}
		c.Values.Index.Extra = kept
	} else if err := checkExtraScope(l, v.Index.Extra, v); err != nil {
		return nil, err
	}
	if w := xslOrigin(l, v.XSL, v.BaseURL); w != nil {
		c.Warnings = append(c.Warnings, w)
	}
	if err := checkCommands(l, &c.Values); err != nil {
		return nil, err
	}
	if line := sitemapsElsewhere(v); line != nil {
		if v.Robots {
			c.Detected = strings.TrimPrefix(c.Detected+"; "+line.Error(), "; ")
		} else {
			c.Warnings = append(c.Warnings, line)
		}
	}
	if v.RobotsHook != "" && !v.Robots {
		const msg = "robots_transform rewrites the robots.txt that --robots writes: give --robots (robots: true) too, or leave it out"
		if from := l.from["robots_transform"]; from != l.fileName() {
			return nil, fmt.Errorf("%s: %s", from, msg)
		}
		return nil, diag.At(l.fileName(), l.line("robots_transform"), msg)
	}
	c.options(l, pr)
	return c, nil
}

// urlForm is the URL form the mapping lists the pages in. The values of
// clean_urls and trailing_slash are laid over what the project pr says.
func urlForm(pr *project.Project, clean, trailing bool) mapping.Options {
	o := mapping.Options{CleanURLs: clean, TrailingSlash: mapping.SlashAlways, IndexFiles: pr.IndexFiles}
	switch {
	case !trailing:
		o.TrailingSlash = mapping.SlashNever
	case pr.SlashEverywhere:
		o.TrailingSlash = mapping.SlashEverywhere
	}
	return o
}

// options fills the build's options from the values and what the project
// said.
func (c *Config) options(l *layers, pr *project.Project) {
	v := &c.Values
	out := v.Out
	if out == "" {
		out = v.Root
	}
	dateFormat, _ := sitemap.ParseDateFormat(v.LastModFormat) // checked
	rules, _ := mappingRules(v.Rules)                         // checked
	form := urlForm(pr, v.CleanURLs, v.TrailingSlash)
	var lastmod []mapping.LastModSource
	for _, src := range v.LastMod.Sources {
		lastmod = append(lastmod, mapping.LastModSource(src))
	}
	var hostDirs []string
	if v.Skip.XRobotsTag {
		// _headers, vercel.json and netlify.toml live in the site folder
		// or the project's folders (HostDirs).
		hostDirs = append([]string{v.Root}, pr.HostDirs()...)
		if v.Mode == ModeContent {
			hostDirs[0] = out // the built site, not the sources
		}
	}
	robotsDir := v.Root // robots.txt is served from the built site
	if v.Mode == ModeContent || pr.Served != nil {
		// Or from the folder a server build serves files from (public/).
		robotsDir = out
	}
	c.Build = pipeline.Options{
		Root:     v.Root,
		Robots:   pipeline.Robots{Dir: robotsDir, Warn: v.RobotsTxt == RobotsTxtWarn, Off: v.RobotsTxt == RobotsTxtOff},
		Hreflang: pipeline.Hreflang{Off: v.Hreflang.Check == HreflangOff, Hosts: v.Hreflang.Hosts},
		Heads:    pipeline.Heads{Read: v.Head.Read, Limit: v.Head.MaxBytes},
		Limits:   v.Limits,
		HostDirs: hostDirs,
		Explain:  v.Explain,
		Strict:   v.Strict,
		Walk:     walker.Options{Include: v.Include, Exclude: v.Exclude, FollowSymlinks: v.FollowSymlinks},
		Map: mapping.Options{
			BaseURL:          v.BaseURL,
			CleanURLs:        form.CleanURLs,
			TrailingSlash:    form.TrailingSlash,
			IndexFiles:       form.IndexFiles,
			BareBase:         pr.BareBase,
			SlashedHomes:     pr.SlashedHomes,
			KeepErrorPages:   !v.Skip.ErrorPages,
			Fallbacks:        pr.Fallbacks,
			KeepNoIndex:      !v.Skip.NoIndex,
			KeepRedirects:    !v.Skip.Redirects,
			KeepNonCanonical: !v.Skip.NonCanonical,
			LastMod:          lastmod,
			Rules:            rules,
			KeepDrafts:       v.Drafts,
			KeepFuture:       v.Future,
			Images:           v.Images.Enabled && v.Head.Read,
			ImageHosts:       v.Images.Hosts,
			Videos:           v.Videos.Enabled && v.Head.Read,
			VideoHosts:       v.Videos.Hosts,
			News:             newsOptions(v),
		},
		Write: writer.Options{
			Dir:           out,
			MaxURLs:       v.MaxURLs,
			MaxBytes:      v.MaxBytes,
			Gzip:          v.Gzip,
			Filename:      v.Filename,
			XSL:           v.XSL,
			Text:          v.Text,
			Robots:        v.Robots,
			Viewer:        v.Viewer,
			LastModFormat: dateFormat,
			DryRun:        v.DryRun,
			Check:         v.Check,
			Extra:         v.Index.Extra,
			RobotsBytes:   v.Limits.RobotsBytes,
			OutputBytes:   v.Limits.OutputBytes,
			SitemapsURL:   v.SitemapsURL,
		},
	}
	for _, s := range v.Sections {
		c.Build.Sections = append(c.Build.Sections, pipeline.Section{Name: s.Name, Include: s.Include})
	}
	c.Build.CacheDir = cacheDir(v.CacheDir, pr.BuildCache, os.UserCacheDir)
	if v.Host != "none" {
		// The platform's redirect rules are in the site folder
		// (_redirects) and the project's folders (netlify.toml,
		// vercel.json). A file the site serves wins over a rule that is
		// not forced, as on Netlify, unless the platform is known not to
		// do so. So only forced rules warn.
		c.Build.RedirectDirs = append([]string{out}, pr.HostDirs()...)
		c.Build.Shadowing = pr.Shadowing
		c.Build.Map.Style = pr.Style
		c.Build.PlatformFile = pr.PlatformFile
	}
	c.Build.Map.StyleGiven = pr.StyleGiven
	c.hashOptions(l, pr)
	c.Build.Extra = extras(l, v)
	if len(pr.ServerRoutes) > 0 {
		// A server build's record may give the whole URL of pages it
		// renders on demand. They are listed by their URLs, in the
		// site's URL style.
		c.Build.Extra = append([]pipeline.Extra{serverRoutes(pr, v.BaseURL, form.TrailingSlash != mapping.SlashNever)}, c.Build.Extra...)
	}
	c.Build.Transform = transform(v)
	c.Build.RobotsHook = robotsHook(v)
	c.Changes = v.Changes
	if in, ok := l.inside["changes"]; ok {
		c.ChangesDir, c.Changes = in[0], in[1]
	}
	if v.Mode == ModeContent {
		c.Build.Content = pr.Sources
	} else {
		c.Build.Join = pr.Sources
		c.Build.Served = pr.Served
	}
	c.Build.OnDemand = pr.OnDemand
	if pr.StateDir != "" && fsx.SamePath(out, pr.StateFor) {
		// The sitemaps go into a folder of the project's own files,
		// which is served as it is. sitemapgen keeps its own files about
		// those sitemaps where nothing serves them.
		c.Build.Write.RecordDir = pr.StateDir
	}
	// Every URL's changefreq and priority come from the settings, else
	// from the generator (Hugo's [sitemap]). Rules and front matter win
	// over both.
	c.Build.Map.Defaults = pr.Defaults
	if v.ChangeFreq != "" {
		c.Build.Map.Defaults.ChangeFreq, _ = sitemap.ParseChangeFreq(v.ChangeFreq) // checked
	}
	if v.Priority != nil {
		c.Build.Map.Defaults.Priority, _ = sitemap.PriorityOf(*v.Priority) // checked
	}
	if !l.given("lastmod.sources") {
		c.LastModOrder = pr.LastModOrder
		if pr.BuiltBy != "" {
			// The modification times of a generator's output are its
			// build's times, so they are left out. A date in a page that
			// falls within the build's window is a stamp.
			c.MTimeLeftOut = "from " + pr.BuiltBy + "'s build"
			c.Build.Map.Built = true
		} else {
			c.Build.GuardMTime = true // used unless they look like a build's stamp
		}
		if pr.LastMod != nil {
			c.Build.Map.LastMod = pr.LastMod
		}
	}
	c.generatorOptions(pr)
	c.localeOptions(l)
}

// hashOptions sets the hash source of lastmod when its state file is
// there. state: names the file, or it is found where it is kept by
// default.
func (c *Config) hashOptions(l *layers, pr *project.Project) {
	v := &c.Values
	// The default is a file of the project's. It is read and written
	// only inside the working directory.
	state, stateDir := v.State, ""
	if in, ok := l.inside["state"]; ok {
		state, stateDir = in[1], in[0] // read and written only inside the project's tree
	}
	if state == "" {
		// Anything at the default path counts. When it cannot be read
		// (a link out of the working directory), its reader says so.
		if _, err := fsx.Lstat(".", hashstate.DefaultPath); err == nil || errors.Is(err, fsx.ErrOutside) {
			state, stateDir = hashstate.DefaultPath, "."
		}
	}
	if state != "" {
		ignore, _ := hashstate.Compile(v.LastMod.Ignore) // checked
		c.Build.Hash = &pipeline.Hash{State: state, Dir: stateDir, Options: hashstate.Options{Ignore: ignore}}
		// The previous build, for the next changes file.
		c.Build.Hash.Listed = v.Changes != ""
		if pr.Preview != "" {
			// A preview's pages are not production's. A preview takes its
			// dates from production's file and leaves that file as it
			// was, because a platform's cache shares it between the two.
			c.Build.Hash.ReadOnly = true
			said := fmt.Sprintf("state %s read, not written (a %s build: production's dates stay)", state, pr.Preview)
			if c.Detected != "" {
				said = c.Detected + "; " + said
			}
			c.Detected = said
		}
	}
}

// generatorOptions sets what the build does with the generator's own
// sitemaps.
func (c *Config) generatorOptions(pr *project.Project) {
	v := &c.Values
	if pr.Generator != "" {
		c.Generator = pr.Generator
		c.Build.Generator = pr.Generator
		c.Build.OwnSitemaps = pr.OwnSitemaps
		// The generator's sitemaps are read before ours replace them.
		// Their hreflang alternates serve the pages whose heads give
		// none, joined or not, so a takeover never loses what the
		// replaced file knew. Their lastmods are a source only when the
		// pages are not joined to their sources. In a join we apply the
		// generator's own rules (front matter, git, list pages), and
		// its sitemaps never outrank them. So in a join they are read
		// only for a site of several languages, for their alternates
		// (one language's sitemap has none, and reading it costs a read
		// of every URL), and when they witness what the generator
		// builds (Hugo's: the pages of deleted sources are those they do
		// not list). Once ours replaced them, GenDatesName keeps what
		// they said. The build reads that file too when it is there,
		// because then the site was translated.
		joined := c.Build.Join != nil || v.Mode == ModeContent
		c.Build.ReadOwn = !joined || pr.Translated || pr.Witnessed
		c.Build.GeneratorAlternatesOnly = joined
		c.Build.GeneratorDates = pr.SitemapDates
		if !v.KeepGenerator {
			c.Build.TakeOverOwn = true
			if pr.Published != nil {
				c.Build.Write.Answer = pr.Published(strings.TrimSuffix(v.Filename, ".gz"))
			}
		}
		if pr.Pages != nil {
			c.Build.Translator = pr.Pages
		}
	}
}

// localeOptions sets the site's own locales, over the generator's.
func (c *Config) localeOptions(l *layers) {
	v := &c.Values
	if len(v.Locales) > 0 {
		// The site's own locales, over the generator's.
		def, langs := "", map[string]string{}
		for _, e := range v.Locales {
			if e.Folder == "" {
				def = e.Lang
			} else {
				langs[e.Folder] = e.Lang
			}
		}
		c.Build.Translator = project.FolderLocales(def, langs, "locales: in "+cmp.Or(l.from["locales"], "sitemap.yaml"))
	}
}

// newsOptions returns the news sitemap's options, nil when it is off.
func newsOptions(v *Values) *mapping.News {
	if v.News.Name == "" {
		return nil
	}
	lang, _ := mapping.NewsLanguage(v.News.Language) // checked as it was read
	return &mapping.News{Name: v.News.Name, Language: lang}
}

// checkExtraScope checks that the index may list the other sitemaps in
// index.extra. The index is served at v's sitemaps URL (sitemaps_url,
// else the base URL). Each sitemap must be on that URL's scheme and
// host, under its path: that is the protocol's scope, which validate
// checks too. None may have the name of one of sitemapgen's own files
// beside the index. The error is at the item's line.
func checkExtraScope(l *layers, extra []string, v *Values) error {
	for i, e := range extra {
		msg := extraScope(e, v)
		if msg == "" {
			continue
		}
		key := fmt.Sprintf("index.extra[%d]", i)
		return diag.At(l.fileName(), l.line(key), key+": "+msg) // only the file gives index.extra
	}
	return nil
}

// extraScope says why the index cannot list the other sitemap e, or
// returns "" when it can. The index is served at v's sitemaps URL
// (sitemaps_url, else the base URL).
func extraScope(e string, v *Values) string {
	at, what := v.BaseURL, "the base URL"
	if v.SitemapsURL != "" {
		at, what = v.SitemapsURL, "the sitemaps URL"
	}
	b, err := url.Parse(at)
	if err != nil {
		return err.Error() // checked before
	}
	u, _ := url.Parse(e) // checked by extraSitemap
	switch rest, under := strings.CutPrefix(u.EscapedPath(), b.EscapedPath()); {
	case !strings.EqualFold(u.Scheme, b.Scheme) || !strings.EqualFold(u.Host, b.Host) || !under:
		return fmt.Sprintf("%s is not under %s %s: an index lists only sitemaps under its own folder", e, what, at)
	case writer.IsOwnName(rest):
		return fmt.Sprintf("%s is a file sitemapgen writes itself", e)
	}
	return ""
}

// xslOrigin returns a warning when the stylesheet xsl is an absolute URL
// on another origin (scheme, host, port) than baseURL, where the
// sitemaps are. A browser applies no stylesheet from another origin,
// and shows the sitemap without it. xslOrigin returns nil when xsl is
// on the site's origin or is a path from its root, or when there is no
// base URL.
func xslOrigin(l *layers, xsl, baseURL string) error {
	if xsl == "" || strings.HasPrefix(xsl, "/") || baseURL == "" {
		return nil
	}
	schemeHost := func(s string) string {
		n, err := mapping.NormalizeURL(s, nil)
		if err != nil {
			return ""
		}
		u, _ := url.Parse(n)
		return u.Scheme + "://" + u.Host
	}
	site := schemeHost(baseURL)
	if o := schemeHost(xsl); o == "" || o == site {
		return nil
	}
	msg := fmt.Sprintf("xsl %s is not on the origin of the base URL, %s: browsers apply a stylesheet only from the sitemap's own origin; the sitemaps show without it", mapping.ShownURL(xsl), site)
	hint := "serve the stylesheet from the site, and name it by its path: "
	switch from := l.from["xsl"]; {
	case l.file != nil && from == l.file.Name:
		return &diag.Diagnostic{File: from, Line: l.line("xsl"), Msg: msg, Hint: hint + "xsl: /sitemap.xsl"}
	case strings.HasPrefix(from, "--"):
		return &diag.Diagnostic{Msg: "--" + msg, Hint: hint + "--xsl /sitemap.xsl"}
	default:
		return &diag.Diagnostic{Msg: msg + " (" + from + ")", Hint: hint + "/sitemap.xsl"}
	}
}

// layers are the values of a run and where each setting's value came
// from. The values are laid in this order: the defaults, the file, the
// environment and the command line.
type layers struct {
	v    Values
	file *File
	// from gives, for each setting (by its key, else its flag), where
	// its value came from: the file's name, the variable's name, or
	// "--flag". A setting left at its default is absent.
	from map[string]string
	// inside is for a file's path that the settings file gives (state:,
	// changes:). It gives the project's tree, as seen from the working
	// directory, and the path inside it (project.Tree.Place). Such a
	// file is read and written only inside the tree.
	inside map[string][2]string
	// insideList is inside for each item of a list of files that the
	// settings file gives (extra_urls:), in the list's order.
	insideList map[string][][2]string
	// An integration may replace a peer (peers). peer marks the
	// settings that the peer's options gave. warnings are what the
	// mapping of those options said.
	peer     map[string]bool
	warnings []error
}

// fileName is the configuration file's name, or "" without one.
func (l *layers) fileName() string {
	if l.file == nil {
		return ""
	}
	return l.file.Name
}

// line is the line of the configuration file that gives key, a key path
// as File.Sets takes it. It is 0 when the file does not give key or
// there is no file.
func (l *layers) line(key string) int {
	if l.file == nil {
		return 0
	}
	return l.file.lines[key]
}

// given reports whether the setting of key was given, rather than left
// at its default (or left empty). A key that names no setting is a
// mistake in the program, so given panics.
func (l *layers) given(key string) bool {
	if Settings.byKey(key) == nil {
		panic("config: no key " + key)
	}
	return l.from[key] != ""
}

// name is the key of s in layers.from: its key, else its flag.
func name(s *Setting[Values]) string {
	if s.Key != "" {
		return s.Key
	}
	return s.Flag
}

// conflicts returns an error when the settings laid over each other
// ask for things that exclude each other.
func (l *layers) conflicts(cmd *Line[Values]) error {
	// A flag for one of quiet and verbose turns the other off.
	switch q, vb := cmd.Given("quiet") && l.v.Quiet, cmd.Given("verbose") && l.v.Verbose; {
	case q && vb:
		return errors.New("--quiet and --verbose: choose one")
	case q:
		l.v.Verbose = false
	case vb:
		l.v.Quiet = false
	}
	// Images and videos are in the pages' bodies. A build that reads no
	// page lists none, so asking for both is a mistake, not a quiet no.
	for _, body := range []struct {
		what, key string
		on        bool
	}{{"images", "images.enabled", l.v.Images.Enabled}, {"videos", "videos.enabled", l.v.Videos.Enabled}} {
		if body.on && !l.v.Head.Read && l.v.Mode != ModeContent {
			return fmt.Errorf("%s (%s) need each page read, and head.read is false (%s): drop one of them", body.what, cmp.Or(l.from[body.key], "sitemap.yaml"), cmp.Or(l.from["head.read"], "sitemap.yaml"))
		}
	}
	if l.v.News.Language != "" && l.v.News.Name == "" {
		return fmt.Errorf("news.language (%s) without news.name: the news sitemap is written for a publication; give its name (--news-name)", cmp.Or(l.from["news.language"], "sitemap.yaml"))
	}
	return nil
}

// layer reads the file and lays the environment and the command line
// over it, checking what they give.
func layer(cmd *Line[Values], getenv func(string) string) (*layers, error) {
	l := &layers{v: Settings.Defaults(), from: map[string]string{}, inside: map[string][2]string{}, insideList: map[string][][2]string{}, peer: map[string]bool{}}
	path := DefaultFile
	if cmd.Given("config") {
		path = cmd.Values.Config
	} else if _, err := fsx.Lstat(".", DefaultFile); errors.Is(err, fs.ErrNotExist) {
		path = ""
	} else if err != nil {
		return nil, &diag.Diagnostic{File: DefaultFile, Msg: unwrapPathError(err).Error()}
	}
	if path != "" {
		// The file the user named is read where it points. The working
		// directory's file is read only inside the working directory.
		var f *File
		var err error
		if cmd.Given("config") {
			f, err = Load(path)
		} else {
			f, err = LoadIn(".", DefaultFile)
		}
		if err != nil {
			return nil, err
		}
		l.file, l.v = f, f.Values
		// The file belongs to the repository, so its paths stay in the
		// project's tree, whoever named the file. When the user gives the
		// setting above the file, the user's value is used instead.
		var tree *project.Tree
		inTree := func(s *Setting[Values], p, given string, at diag.Pos, place bool) (dir, rel string, err error) {
			if tree == nil {
				t, err := project.TreeOf(filepath.Dir(path))
				if err != nil {
					return "", "", &diag.Diagnostic{File: path, Msg: "the project folder: " + err.Error(), Err: err}
				}
				tree = &t
			}
			if err := tree.Check(p, at, s.Key+": "+diag.ShowPath(given), argOf(s)); err != nil || !place {
				return "", "", err
			}
			if dir, rel, err = tree.Place(p); err != nil {
				return "", "", at.Errorf("%s: %v", s.Key, err)
			}
			return dir, rel, nil
		}
		for i := range Settings {
			s := &Settings[i]
			line, set := f.Sets(s.Key)
			if s.Key == "" || !set {
				continue
			}
			if lf, ok := s.Field.(*listField[Values]); ok && s.Path {
				// A list of files (extra_urls:): each item is held to the
				// tree, as a path setting of its own is.
				if overridden(s, cmd, getenv) {
					l.from[s.Key] = path
					continue
				}
				list := lf.get(&l.v)
				for i, given := range *list {
					at := diag.Pos{File: path, Line: line}
					if il, ok := f.Sets(fmt.Sprintf("%s[%d]", s.Key, i)); ok {
						at.Line = il
					}
					p := relTo(path, given)
					dir, rel, err := inTree(s, p, given, at, true)
					if err != nil {
						return nil, err
					}
					(*list)[i] = p
					l.insideList[s.Key] = append(l.insideList[s.Key], [2]string{dir, rel})
				}
			}
			if sf, ok := s.Field.(*scalarField[Values, string]); ok {
				p := sf.get(&l.v)
				if *p == "" {
					continue // "base_url:" or "root: ''" leaves it to what the project says
				}
				if s.Path && !(s.Key == "source" && *p == project.SourceNone) {
					given := *p
					*p = relTo(path, *p)
					if overridden(s, cmd, getenv) {
						l.from[s.Key] = path
						continue
					}
					dir, rel, err := inTree(s, *p, given, diag.Pos{File: path, Line: line}, fileSetting(s))
					if err != nil {
						return nil, err
					}
					if fileSetting(s) {
						l.inside[s.Key] = [2]string{dir, rel}
					}
				}
			}
			l.from[s.Key] = path
		}
	}
	for i := range Settings {
		s := &Settings[i]
		if text := getenv(s.Env); s.Env != "" && text != "" {
			if err := s.Field.set(&l.v, text, false); err != nil {
				return nil, fmt.Errorf("%s: %w", s.Env, err)
			}
			l.from[name(s)] = s.Env
		}
	}
	for _, s := range cmd.given {
		s.Field.copy(&l.v, &cmd.Values)
		l.from[name(s)] = "--" + s.Flag
	}
	if len(cmd.Args) > 0 && cmd.Args[0] != "" { // an empty DIR ("$SITE" unset) is none
		l.v.Root = cmd.Args[0]
		l.from["root"] = "DIR"
	}
	// The options of the peer that an integration replaces go under
	// all of that.
	var err error
	if l.warnings, err = l.peers(getenv); err != nil {
		return nil, err
	}
	if err := l.conflicts(cmd); err != nil {
		return nil, err
	}
	// The file's values were checked when it was read, and the flags'
	// when they were parsed. The environment's are checked now.
	for i := range Settings {
		s := &Settings[i]
		if from := l.from[name(s)]; from != "" && from == s.Env {
			if err := s.Field.check(&l.v); err != nil {
				return nil, fmt.Errorf("%s: %w", from, err)
			}
		}
	}
	return l, nil
}

// sitemapsElsewhere applies when sitemaps_url serves the sitemap files
// outside the folder of the pages' base URL (another host, or another
// folder). It says what makes search engines take them. The protocol
// lets a sitemap list only URLs under its own folder, unless the
// robots.txt of the pages' host names it (a cross-host submission).
// --robots writes those lines. It returns nil when the sitemaps are
// served under the base URL.
func sitemapsElsewhere(v *Values) error {
	if v.SitemapsURL == "" || v.BaseURL == "" {
		return nil
	}
	base, err := mapping.ParseBaseURL(v.BaseURL)
	if err != nil || strings.HasPrefix(strings.ToLower(v.SitemapsURL), strings.ToLower(base)) {
		return nil
	}
	robots := base
	if u, err := url.Parse(base); err == nil {
		robots = u.Scheme + "://" + u.Host + "/robots.txt"
	}
	msg := fmt.Sprintf("the sitemaps are served at %s, outside the pages' %s: search engines take them only where %s names them in Sitemap: lines (the protocol's cross-host submission)", mapping.ShownURL(v.SitemapsURL), mapping.ShownURL(base), robots)
	if v.Robots {
		return errors.New(msg + ", which --robots writes")
	}
	return errors.New(msg + ": give --robots (robots: true) to write them, or add them yourself")
}

// extras returns the sources of extra URLs, in this order. First come
// the files of extra_urls. A file the settings file names is read
// inside the project's tree (project.Tree.Place); one the user names is
// read where the path points. Then come the URLs of extra_urls_inline,
// then the command's output.
func extras(l *layers, v *Values) []pipeline.Extra {
	inside := l.insideList["extra_urls"]
	var out []pipeline.Extra
	for i, p := range v.ExtraURLs {
		x := pipeline.Extra{Name: p, Format: extraurls.FormatOf(p), File: p}
		if i < len(inside) {
			x.Inside = inside[i]
		}
		out = append(out, x)
	}
	if list := v.ExtraInline; len(list) > 0 {
		out = append(out, inline(l, list))
	}
	if line := v.ExtraCommand; line != "" {
		lim := v.Limits.Or()
		o := command.Options{MaxBytes: int64(lim.ExtraURLsBytes), Key: limits.ExtraURLsBytesKey, Timeout: time.Duration(lim.CommandSeconds) * time.Second, TimeoutKey: limits.CommandSecondsKey}
		out = append(out, pipeline.Extra{Name: "the output of " + command.Show(line), Open: func(ctx context.Context) (io.ReadCloser, error) {
			return command.Start(ctx, line, o)
		}})
	}
	return out
}

// serverRoutes returns the URL paths of a server build's pages rendered
// on demand (project.Project.ServerRoutes) as a source of extra URLs.
// Each URL is under base, as the base URL is given: with or without its
// final slash, with its host in any case. A folder's URL gets a final
// slash when slash says so. Each URL keeps its place in the record's
// list. A route is a path, whatever it holds. It is encoded as a page
// file's path is ("?" and "#" too, and a line break), so that the final
// slash ends the path.
func serverRoutes(pr *project.Project, base string, slash bool) pipeline.Extra {
	base, _ = mapping.ParseBaseURL(base) // checked as it was read; its final slash added
	var text strings.Builder
	for _, r := range pr.ServerRoutes {
		u := base + mapping.EncodePath(strings.TrimPrefix(r, "/"))
		if slash && r != "/" && !strings.HasSuffix(u, "/") && path.Ext(r) == "" {
			u += "/"
		}
		text.WriteString(u + "\n")
	}
	return pipeline.Extra{Name: pr.ServerRoutesFrom + " (its routes rendered on demand)", Format: extraurls.Text, Text: text.String()}
}

// inline returns the URLs of extra_urls_inline as a source of extra
// URLs: a text with each URL on its own line. Each record sits at the
// line of the settings file that gives it. When an integration's options
// give the URLs, each sits at its place in the list.
func inline(l *layers, list []string) pipeline.Extra {
	from := l.from["extra_urls_inline"]
	var text strings.Builder
	line := 0
	fileLines := l.file != nil && from == l.file.Name
	for i, u := range list {
		at := line + 1
		if fileLines {
			if il := l.line(fmt.Sprintf("extra_urls_inline[%d]", i)); il > line {
				at = il
			}
		}
		for ; line < at-1; line++ {
			text.WriteByte('\n')
		}
		text.WriteString(strings.ReplaceAll(u, "\n", " ") + "\n")
		line++
	}
	return pipeline.Extra{Name: from, Format: extraurls.Text, Text: text.String()}
}

// overridden reports whether the command line or the environment gives
// the setting s above the file. DIR gives root:.
func overridden(s *Setting[Values], cmd *Line[Values], getenv func(string) string) bool {
	switch {
	case s.Flag != "" && cmd.Given(s.Flag), s.Env != "" && getenv(s.Env) != "":
		return true
	case s.Key == "root":
		return len(cmd.Args) > 0 && cmd.Args[0] != ""
	}
	return false
}

// fileSetting reports whether the path setting s names a file (state:,
// changes:), not a folder.
func fileSetting(s *Setting[Values]) bool { return strings.HasSuffix(s.Arg, "FILE") }

// argOf says how a path setting is given on the command line, for a
// hint: "--out DIR", "--changes FILE", or DIR for the site folder.
func argOf(s *Setting[Values]) string {
	arg := "DIR"
	if fileSetting(s) {
		arg = "FILE"
	}
	if s.Flag == "" {
		return "sitemapgen DIR" // root: is DIR, the command's argument
	}
	return "--" + s.Flag + " " + arg
}

// relTo resolves a path from the file at cfgPath relative to that file's
// folder.
func relTo(cfgPath, p string) string {
	if p == "" {
		return p
	}
	if filepath.IsAbs(p) {
		// Clean the path, as Join cleans a relative one, so the path
		// judged inside the project's tree is the path used. A raw
		// "lnk/../x" would be judged as x, but the kernel would use the
		// folder above lnk's target.
		return filepath.Clean(p)
	}
	return filepath.Join(filepath.Dir(cfgPath), p)
}
