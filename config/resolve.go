package config

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/sitemapgen/sitemapgen/build"
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
	ReadHeads      *bool
	// Explain lists the pages --explain asks about.
	Explain []string
	// Root is the DIR argument; "" when none was given.
	Root string
}

// Settings is the outcome of Resolve: a build's options and how to report.
type Settings struct {
	Build build.Options
	// DryRun prints the URLs instead of writing files.
	DryRun bool
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
	f.Root = relTo(s.ConfigFile, f.Root)
	f.Out = relTo(s.ConfigFile, f.Out)

	if err := fl.apply(&f); err != nil {
		return nil, err
	}

	// Base URL: flag > environment > file.
	var baseURL string
	switch {
	case fl.BaseURL != nil:
		baseURL, s.BaseURLFrom = *fl.BaseURL, "--base-url"
	case getenv(BaseURLEnv) != "":
		baseURL, s.BaseURLFrom = getenv(BaseURLEnv), BaseURLEnv
	case f.BaseURL != "":
		baseURL, s.BaseURLFrom = f.BaseURL, s.ConfigFile
	default:
		return nil, ErrNoBaseURL
	}
	if s.BaseURLFrom != s.ConfigFile { // the file's was checked, with its line, by Load
		if _, err := mapping.ParseBaseURL(baseURL); err != nil {
			return nil, &Error{Msg: s.BaseURLFrom + ": " + err.Error()}
		}
	}

	if f.Root == "" {
		return nil, ErrNoRoot
	}
	out := f.Out
	if out == "" {
		out = f.Root
	}
	dateFormat, _ := sitemap.ParseDateFormat(f.LastModFormat) // validated by Load or apply
	slash := mapping.SlashAlways
	if !f.TrailingSlash {
		slash = mapping.SlashNever
	}
	s.DryRun, s.Quiet, s.Verbose, s.Explain = f.DryRun, f.Quiet, f.Verbose, fl.Explain
	var sources []mapping.LastModSource
	for _, src := range f.LastMod.Sources {
		sources = append(sources, mapping.LastModSource(src))
	}
	var hostDirs []string
	if f.Skip.XRobotsTag {
		// _headers and vercel.json live in the site folder or the project
		// folder: the config file's, or the working directory.
		hostDirs = []string{f.Root, "."}
		if s.ConfigFile != "" {
			hostDirs[1] = filepath.Dir(s.ConfigFile)
		}
	}
	s.Build = build.Options{
		Root:     f.Root,
		Heads:    build.Heads{Read: f.Head.Read, Limit: f.Head.MaxBytes},
		HostDirs: hostDirs,
		Explain:  fl.Explain,
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
			LastMod:          sources,
			Rules:            f.rules,
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
	return s, nil
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
		{fl.FollowSymlinks, &f.FollowSymlinks},
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
	if fl.LastModFormat != nil {
		if _, err := sitemap.ParseDateFormat(*fl.LastModFormat); err != nil {
			return flagErr("lastmod-format", err)
		}
		f.LastModFormat = *fl.LastModFormat
	}
	return nil
}
