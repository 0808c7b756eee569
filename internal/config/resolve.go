package config

import (
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/hashstate"
	"github.com/sitemapgen/sitemapgen/internal/host"
	"github.com/sitemapgen/sitemapgen/internal/pipeline"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
	"github.com/sitemapgen/sitemapgen/walker"
	"github.com/sitemapgen/sitemapgen/writer"
)

// Flags holds the command-line settings. A nil pointer or slice means the
// flag was not given, so the file's value (or the default) stands.
type Flags struct {
	Config         *string
	BaseURL        *string
	Out            *string
	Include        []string
	Exclude        []string
	Gzip           *bool
	Text           *bool
	Robots         *bool
	MaxURLs        *int
	MaxBytes       *int
	DryRun         *bool
	Quiet          *bool
	Verbose        *bool
	CleanURLs      *bool
	TrailingSlash  *bool
	FollowSymlinks *bool
	LastModFormat  *string
	LastModSources []string
	State          *string
	Check          *bool
	ReadHeads      *bool
	Mode           *string
	Source         *string
	Preset         *string
	Drafts         *bool
	Future         *bool
	Strict         *bool
	Host           *string
	Previews       *string
	Changes        *string
	KeyFile        *bool
	Feed           *bool
	// Explain lists the pages --explain asks about.
	Explain []string
	// Root is the DIR argument; "" when none was given.
	Root string
}

// Settings is the outcome of Resolve: a build's options and how to report.
type Settings struct {
	Build pipeline.Options
	// DryRun prints the URLs instead of writing files.
	DryRun bool
	// Check compares the sitemaps on disk with what the build would
	// write, and writes nothing.
	Check bool
	// Explain prints why the pages it names are in or out, and writes
	// nothing.
	Explain []string
	Quiet   bool
	Verbose bool
	// ConfigFile is the file that was read, or "".
	ConfigFile string
	// BaseURLFrom says where the base URL came from: "--base-url", the
	// environment variable's name, or the config file's name.
	BaseURLFrom string
	// Detected is the one line that says what was found rather than
	// given (the site folder, the base URL, the platform's URL style); ""
	// when nothing was.
	Detected string
	// RootFrom says what named the site folder when neither DIR nor
	// root: did: the platform's or the generator's file.
	RootFrom string
	// Platform is the hosting platform whose URL style and redirects
	// apply, "" for none.
	Platform string
	// Deploy names a preview deploy ("Netlify deploy-preview"), "" for
	// production or outside a platform.
	Deploy string
	// SkipWrite, when set, says why this run writes no sitemap (a
	// preview, with previews: skip).
	SkipWrite string
	// Warnings are problems with the platform's files, to report.
	Warnings []error
	// Changes, when set, is the file a build writes its changed URLs to
	// (package changes).
	Changes string
	// KeyFile writes the IndexNow key file (KEY.txt, the key from
	// INDEXNOW_KEY) into the output folder.
	KeyFile bool
	// Feed, when set, has the build write the Atom feed beside the
	// sitemaps.
	Feed *Feed
	// Inputs are the configuration files whose change changes the
	// settings: the config file (./sitemap.yaml when none was read, in
	// case it appears) and the generator's configuration files. Watch
	// mode resolves again when one changes.
	Inputs []string
}

// ErrNoBaseURL is returned when no source gives a base URL.
var ErrNoBaseURL = errors.New(`no base URL: the sitemap needs the absolute URL the site is served at
hint: give it in one of these ways (the first found wins):
  --base-url https://example.com/
  ` + BaseURLEnv + `=https://example.com/ in the environment
  base_url: https://example.com/ in ` + DefaultFile)

// ErrNoRoot is returned when neither DIR nor the file's root names the site
// folder.
var ErrNoRoot = errors.New(`no site folder given
hint: name the built site, as in 'sitemapgen public', or set root: in ` + DefaultFile)

// Resolve reads the configuration file (fl.Config, or sitemap.yaml in the
// working directory when it exists), applies the environment (through
// getenv) and the flags over it, and returns the build's settings. Every
// error it returns is a configuration or usage error.
func Resolve(fl Flags, getenv func(string) string) (*Settings, error) {
	f := Defaults()
	s := &Settings{}
	switch {
	case fl.Config != nil:
		loaded, err := Load(*fl.Config)
		if err != nil {
			return nil, err
		}
		f, s.ConfigFile = *loaded, *fl.Config
	default:
		if _, err := os.Stat(DefaultFile); err == nil {
			loaded, err := Load(DefaultFile)
			if err != nil {
				return nil, err
			}
			f, s.ConfigFile = *loaded, DefaultFile
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, &Error{File: DefaultFile, Msg: unwrapPathError(err).Error()}
		}
	}
	if s.ConfigFile != "" {
		s.Inputs = append(s.Inputs, s.ConfigFile)
	} else if fl.Config == nil {
		s.Inputs = append(s.Inputs, DefaultFile)
	}
	f.Root = relTo(s.ConfigFile, f.Root)
	f.Out = relTo(s.ConfigFile, f.Out)
	f.Source = relTo(s.ConfigFile, f.Source)
	f.State = relTo(s.ConfigFile, f.State)
	f.Changes = relTo(s.ConfigFile, f.Changes)

	if err := fl.apply(&f); err != nil {
		return nil, err
	}

	pr := &project{dir: "."}
	if s.ConfigFile != "" {
		pr.dir = filepath.Dir(s.ConfigFile)
	}
	pr.findPlatform(f.Host, f.Root, getenv)

	sources, err := s.sources(&f, pr.dir)
	if err != nil {
		return nil, err
	}
	var rootFrom string
	if f.Root == "" {
		// Nothing names the site: the platform's publish folder, or the
		// generator's.
		warnings, err := pr.loadStyle("")
		s.Warnings = append(s.Warnings, warnings...)
		if err != nil {
			return nil, err
		}
		if f.Root, rootFrom, err = pr.findRoot(); err != nil {
			return nil, err
		}
	}
	if pr.style == nil {
		warnings, err := pr.loadStyle(f.Root)
		s.Warnings = append(s.Warnings, warnings...)
		if err != nil {
			return nil, err
		}
	}
	s.RootFrom = rootFrom

	// Base URL: flag > environment > file > platform > generator.
	if pr.deploying() && pr.deploy.Preview {
		s.Deploy = pr.deploy.Platform + " " + pr.deploy.Context
		if f.Previews == PreviewsSkip {
			s.SkipWrite = s.Deploy + " build, and previews: skip"
		}
	}
	var baseURL, baseFrom string // baseFrom: what detection gave it, for Detected
	switch {
	case fl.BaseURL != nil:
		baseURL, s.BaseURLFrom = *fl.BaseURL, "--base-url"
	case getenv(BaseURLEnv) != "":
		baseURL, s.BaseURLFrom = getenv(BaseURLEnv), BaseURLEnv
	case f.BaseURL != "" && !(pr.deploying() && pr.deploy.Preview && f.Previews == PreviewsOwn && pr.deploy.OwnURL != ""):
		baseURL, s.BaseURLFrom = f.BaseURL, s.ConfigFile
	default:
		if baseURL, s.BaseURLFrom, err = pr.baseURL(f.Root, f.Previews); err != nil {
			return nil, err
		}
		baseFrom = s.BaseURLFrom
	}
	// Watch mode resolves again when the files that gave these change:
	// the generator's configuration, the platform's files.
	if pr.gen != nil {
		s.Inputs = append(s.Inputs, filepath.Join(pr.dir, pr.gen.File))
	}
	for _, name := range []string{"netlify.toml", "vercel.json"} {
		s.Inputs = append(s.Inputs, filepath.Join(pr.dir, name))
	}
	if s.BaseURLFrom != s.ConfigFile { // the file's was checked, with its line, by Load
		if _, err := mapping.ParseBaseURL(baseURL); err != nil {
			return nil, &Error{Msg: s.BaseURLFrom + ": " + err.Error()}
		}
	}
	if pr.baseFromGen && placeholder(baseURL) {
		s.Warnings = append(s.Warnings, fmt.Errorf("the base URL %s (from %s) is an example domain, as a new project's template writes; set the site's own there, or give --base-url", baseURL, s.BaseURLFrom))
	}
	pr.applyStyle(&f, fl) // no style with host: none
	s.Detected = pr.describe(rootFrom, f.Root, baseFrom)
	s.Platform = pr.platform

	if f.Root == "" {
		return nil, ErrNoRoot
	}
	out := f.Out
	if out == "" {
		out = f.Root
	}
	dateFormat, _ := sitemap.ParseDateFormat(f.LastModFormat) // validated by Load or apply
	slash := mapping.SlashAlways
	switch {
	case !f.TrailingSlash:
		slash = mapping.SlashNever
	case f.slashEverywhere:
		slash = mapping.SlashEverywhere
	}
	s.DryRun, s.Quiet, s.Verbose, s.Explain = f.DryRun, f.Quiet, f.Verbose, fl.Explain
	var lastmod []mapping.LastModSource
	for _, src := range f.LastMod.Sources {
		lastmod = append(lastmod, mapping.LastModSource(src))
	}
	var hostDirs []string
	if f.Skip.XRobotsTag {
		// _headers and vercel.json live in the site folder or the project
		// folder: the config file's, or the working directory.
		hostDirs = []string{f.Root, pr.dir}
		if f.Mode == ModeContent {
			hostDirs[0] = out // the built site, not the sources
		}
	}
	s.Build = pipeline.Options{
		Root:     f.Root,
		Heads:    pipeline.Heads{Read: f.Head.Read, Limit: f.Head.MaxBytes},
		HostDirs: hostDirs,
		Explain:  fl.Explain,
		Strict:   f.Strict,
		Walk: walker.Options{
			Include:        f.Include,
			Exclude:        f.Exclude,
			FollowSymlinks: f.FollowSymlinks,
		},
		Map: mapping.Options{
			BaseURL:          baseURL,
			CleanURLs:        f.CleanURLs,
			TrailingSlash:    slash,
			KeepErrorPages:   !f.Skip.ErrorPages,
			KeepNoIndex:      !f.Skip.NoIndex,
			KeepRedirects:    !f.Skip.Redirects,
			KeepNonCanonical: !f.Skip.NonCanonical,
			LastMod:          lastmod,
			Rules:            f.rules,
			KeepDrafts:       f.Drafts,
			KeepFuture:       f.Future,
		},
		Write: writer.Options{
			Dir:           out,
			MaxURLs:       f.MaxURLs,
			MaxBytes:      f.MaxBytes,
			Gzip:          f.Gzip,
			Text:          f.Text,
			Robots:        f.Robots,
			LastModFormat: dateFormat,
			DryRun:        f.DryRun,
		},
	}
	if f.Host != "none" {
		// The platform's redirect rules, in the site folder (_redirects)
		// and the project folder (netlify.toml, vercel.json). Unless the
		// platform is known not to, a file the site serves wins over a
		// rule that is not forced, as on Netlify: only forced rules warn.
		s.Build.RedirectDirs = []string{out, pr.dir}
		s.Build.Shadowing = pr.platform != host.CloudflarePages && pr.platform != host.Vercel
		s.Build.Map.Style = pr.style
	}
	if f.Mode == ModeContent {
		s.Build.Content = sources
	} else {
		s.Build.Join = sources
	}
	// The hash source is there when its state file is: named by state:,
	// or found where it is kept by default.
	state := f.State
	if state == "" {
		if _, err := os.Stat(hashstate.DefaultPath); err == nil {
			state = hashstate.DefaultPath
		}
	}
	if state != "" {
		s.Build.Hash = &pipeline.Hash{State: state, Options: hashstate.Options{Ignore: f.ignore}}
	}
	if fl.Check != nil && *fl.Check {
		s.Check, s.Build.Write.Check = true, true
	}
	s.Changes, s.KeyFile = f.Changes, f.KeyFile
	if s.Build.Hash != nil && f.Changes != "" {
		s.Build.Hash.Listed = true // the previous build, for the next changes file
	}
	if f.Feed.Enabled {
		fd := f.Feed
		s.Feed = &fd
	}
	return s, nil
}

// placeholder reports whether u's host is one of the example domains
// reserved by RFC 2606 and RFC 6761 (example.com, example.org,
// example.net, and .example), which new projects' templates write.
func placeholder(u string) bool {
	pu, err := url.Parse(u)
	if err != nil {
		return false
	}
	h := strings.ToLower(pu.Hostname())
	for _, d := range []string{"example.com", "example.org", "example.net"} {
		if h == d || strings.HasSuffix(h, "."+d) {
			return true
		}
	}
	return h == "example" || strings.HasSuffix(h, ".example")
}

// apply sets the flags that were given over f, checking their values.
func (fl Flags) apply(f *File) error {
	flagErr := func(name string, err error) error {
		return &Error{Msg: "--" + name + ": " + err.Error()}
	}
	if fl.Root != "" {
		f.Root = fl.Root
	}
	if fl.Out != nil {
		f.Out = *fl.Out
	}
	for _, l := range []struct {
		name string
		list []string
		dst  *[]string
	}{{"include", fl.Include, &f.Include}, {"exclude", fl.Exclude, &f.Exclude}} {
		if l.list == nil {
			continue
		}
		for _, p := range l.list {
			if err := walker.ValidatePattern(p); err != nil {
				return flagErr(l.name, err)
			}
		}
		*l.dst = l.list
	}
	for _, b := range []struct {
		src *bool
		dst *bool
	}{
		{fl.Gzip, &f.Gzip}, {fl.Text, &f.Text}, {fl.Robots, &f.Robots},
		{fl.DryRun, &f.DryRun}, {fl.Quiet, &f.Quiet}, {fl.Verbose, &f.Verbose},
		{fl.CleanURLs, &f.CleanURLs}, {fl.TrailingSlash, &f.TrailingSlash},
		{fl.FollowSymlinks, &f.FollowSymlinks}, {fl.KeyFile, &f.KeyFile}, {fl.Feed, &f.Feed.Enabled},
	} {
		if b.src != nil {
			*b.dst = *b.src
		}
	}
	// A flag for one of quiet and verbose turns the other off.
	if fl.Quiet != nil && *fl.Quiet {
		f.Verbose = false
	}
	if fl.Verbose != nil && *fl.Verbose {
		f.Quiet = false
	}
	if fl.Quiet != nil && fl.Verbose != nil && *fl.Quiet && *fl.Verbose {
		return &Error{Msg: "--quiet and --verbose: choose one"}
	}
	if fl.MaxURLs != nil {
		if err := checkMaxURLs(*fl.MaxURLs); err != nil {
			return flagErr("max-urls", err)
		}
		f.MaxURLs = *fl.MaxURLs
	}
	if fl.MaxBytes != nil {
		if err := checkMaxBytes(*fl.MaxBytes); err != nil {
			return flagErr("max-bytes", err)
		}
		f.MaxBytes = *fl.MaxBytes
	}
	if fl.LastModSources != nil {
		if err := checkLastModSources(fl.LastModSources); err != nil {
			var ve *valueError
			if errors.As(err, &ve) {
				err = ve.err // the index means nothing on a command line
			}
			return flagErr("lastmod-sources", err)
		}
		f.LastMod.Sources = fl.LastModSources
	}
	if fl.ReadHeads != nil {
		f.Head.Read = *fl.ReadHeads
	}
	if fl.State != nil {
		f.State = *fl.State
	}
	if fl.Changes != nil {
		if *fl.Changes == "" {
			return flagErr("changes", errors.New("give the file to write the changes to"))
		}
		f.Changes = *fl.Changes
	}
	for _, b := range []struct {
		src *bool
		dst *bool
	}{{fl.Drafts, &f.Drafts}, {fl.Future, &f.Future}, {fl.Strict, &f.Strict}} {
		if b.src != nil {
			*b.dst = *b.src
		}
	}
	for _, c := range []struct {
		name     string
		src, dst *string
		check    func(string) error
	}{
		{"mode", fl.Mode, &f.Mode, checkMode},
		{"preset", fl.Preset, &f.Preset, checkPreset},
		{"source", fl.Source, &f.Source, nil},
		{"host", fl.Host, &f.Host, checkHost},
		{"previews", fl.Previews, &f.Previews, checkPreviews},
	} {
		if c.src == nil {
			continue
		}
		if c.check != nil {
			if err := c.check(*c.src); err != nil {
				return flagErr(c.name, err)
			}
		}
		*c.dst = *c.src
	}
	if fl.LastModFormat != nil {
		if _, err := sitemap.ParseDateFormat(*fl.LastModFormat); err != nil {
			return flagErr("lastmod-format", err)
		}
		f.LastModFormat = *fl.LastModFormat
	}
	return nil
}

// sources sets up the source files of content mode, or of the join in
// output mode (source:), with their preset; nil when there are none. In
// content mode it also fills root and out from the generator's
// configuration when they are not given. projectDir is the config file's
// folder, or the working directory.
func (s *Settings) sources(f *File, projectDir string) (*pipeline.Sources, error) {
	if f.Mode != ModeContent && f.Source == "" {
		return nil, nil
	}
	// The generator's configuration is in the project folder: this
	// file's (or the working directory), else the one above the sources,
	// else the sources' own (a Jekyll site).
	dirs := []string{projectDir}
	srcDir := f.Source
	if f.Mode == ModeContent {
		srcDir = f.Root
	}
	if srcDir != "" {
		dirs = append(dirs, filepath.Dir(filepath.Clean(srcDir)), srcDir)
	}
	preset, project, err := loadPreset(f.Preset, dirs)
	if err != nil {
		return nil, err
	}
	switch g := preset.(type) {
	case *generator.Hugo:
		for _, file := range g.Files {
			s.Inputs = append(s.Inputs, filepath.Join(project, file))
		}
	case *generator.Jekyll:
		if g.File != "" {
			s.Inputs = append(s.Inputs, filepath.Join(project, g.File))
		}
	}
	dir := f.Source
	if f.Mode == ModeContent {
		if f.Root == "" {
			f.Root = defaultContentDir(preset, project)
		}
		if f.Out == "" {
			f.Out = defaultPublishDir(preset, project)
		}
		if f.Root == "" {
			return nil, &Error{File: s.ConfigFile, Msg: "mode: content needs the folder of source files: root: in " + DefaultFile + " or DIR"}
		}
		if f.Out == "" {
			return nil, &Error{File: s.ConfigFile, Msg: "mode: content needs the folder to write the sitemaps into (the built site): out: in " + DefaultFile + " or --out"}
		}
		if f.Source != "" && filepath.Clean(f.Source) != filepath.Clean(f.Root) {
			return nil, &Error{File: s.ConfigFile, Msg: "source: is for mode: output; in mode: content the sources are in root: (" + f.Root + ")"}
		}
		dir = f.Root
	}
	src := &pipeline.Sources{Dir: dir, Preset: preset}
	if f.Mode == ModeContent {
		// The walk options are the sources' own: include and exclude
		// apply to the source files, and the default include becomes
		// pipeline.ContentInclude.
		src.Walk = walker.Options{Exclude: slices.Clone(f.Exclude), FollowSymlinks: f.FollowSymlinks}
		if !slices.Equal(f.Include, walker.DefaultInclude) {
			src.Walk.Include = f.Include
		}
	}
	switch g := preset.(type) {
	case *generator.Jekyll:
		// A Jekyll site's sources are the project folder itself: leave out
		// its output and the folders Jekyll excludes by default.
		src.Walk.Exclude = append(src.Walk.Exclude, "node_modules", "vendor", ".jekyll-cache", ".sass-cache")
		if dest := relInside(dir, filepath.Join(project, g.Destination)); dest != "" {
			src.Walk.Exclude = append(src.Walk.Exclude, dest)
		}
	case *generator.Hugo:
		// Bundles are told by the files beside index.md in the folder
		// walked, which may not be the project's contentDir.
		g.Content = os.DirFS(dir)
	}
	return src, nil
}

// loadPreset returns the preset name asks for, or the one the project's
// files tell: a Hugo configuration, then a Jekyll _config.yml, else plain;
// and the project folder, the first of dirs that has the generator's
// configuration (else dirs[0]).
func loadPreset(name string, dirs []string) (generator.Preset, string, error) {
	hugo := func() (generator.Preset, string, bool, error) {
		return findConfig(dirs, generator.LoadHugo, func(h *generator.Hugo) bool { return h.File != "" })
	}
	jekyll := func() (generator.Preset, string, bool, error) {
		return findConfig(dirs, generator.LoadJekyll, func(j *generator.Jekyll) bool { return j.File != "" })
	}
	switch name {
	case "hugo", "jekyll":
		load := hugo
		if name == "jekyll" {
			load = jekyll
		}
		p, d, _, err := load() // without a configuration, the generator's defaults
		return p, d, err
	case "plain":
		return generator.Plain{}, dirs[0], nil
	}
	for _, load := range []func() (generator.Preset, string, bool, error){hugo, jekyll} {
		if p, d, found, err := load(); found || err != nil {
			return p, d, err
		}
	}
	return generator.Plain{}, dirs[0], nil
}

// findConfig loads a generator's configuration from the first of dirs
// that has one (found reports it has); without one, it returns what the
// loader made of dirs[0]: the generator's defaults.
func findConfig[T generator.Preset](dirs []string, load func(string) (T, error), found func(T) bool) (generator.Preset, string, bool, error) {
	var first T
	for i, d := range dirs {
		g, err := load(d)
		if err != nil {
			return nil, d, false, wrapIn(d, err)
		}
		if found(g) {
			return g, d, true, nil
		}
		if i == 0 {
			first = g
		}
	}
	return first, dirs[0], false, nil
}

// wrapIn makes an error of loading a generator's configuration in dir a
// configuration error that names the file as seen from the working
// directory (nil stays nil).
func wrapIn(dir string, err error) error {
	if err == nil {
		return nil
	}
	var ce *generator.ConfigError
	if errors.As(err, &ce) {
		return &Error{File: filepath.Join(dir, ce.File), Line: ce.Line, Msg: ce.Msg}
	}
	return &Error{Msg: err.Error()}
}

func defaultContentDir(p generator.Preset, project string) string {
	switch g := p.(type) {
	case *generator.Hugo:
		return filepath.Join(project, g.ContentDir)
	case *generator.Jekyll:
		return filepath.Join(project, g.Source)
	}
	return ""
}

func defaultPublishDir(p generator.Preset, project string) string {
	switch g := p.(type) {
	case *generator.Hugo:
		return filepath.Join(project, g.PublishDir)
	case *generator.Jekyll:
		return filepath.Join(project, g.Destination)
	}
	return ""
}

// relInside returns target relative to dir, with "/" separators, when it
// is inside dir; "" otherwise.
func relInside(dir, target string) string {
	rel, err := filepath.Rel(dir, target)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return ""
	}
	return filepath.ToSlash(rel)
}
