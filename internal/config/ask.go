package config

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/peer"
	"github.com/sitemapgen/sitemapgen/internal/project"
	"github.com/sitemapgen/sitemapgen/mapping"
)

// ask is what the project is told about the values given. It holds the
// values the project's answers depend on, whether each was given, and
// the words of the project's errors.
func (l *layers) ask(configFile string, getenv func(string) string) project.Ask {
	v := &l.v
	var lastmod []mapping.LastModSource
	for _, src := range v.LastMod.Sources {
		lastmod = append(lastmod, mapping.LastModSource(src))
	}
	baseURL, given := project.NotGiven, ""
	if l.from["base_url"] != "" {
		given = v.BaseURL
	}
	switch from := l.from["base_url"]; {
	case from == "":
	case from == l.fileName():
		baseURL = project.InFile
	default:
		baseURL = project.Above
	}
	return project.Ask{
		ConfigFile:         configFile,
		SettingsFile:       DefaultFile,
		NoRoot:             ErrNoRoot,
		NoBaseURL:          noBaseURL(getenv(RunByEnv)),
		Root:               v.Root,
		Out:                v.Out,
		Content:            v.Mode == ModeContent,
		Source:             v.Source,
		SourceGiven:        l.given("source"),
		Preset:             v.Preset,
		PresetGiven:        l.given("preset"),
		Host:               v.Host,
		Force:              v.Force,
		Include:            v.Include,
		Exclude:            v.Exclude,
		IncludeGiven:       l.given("include"),
		FollowSymlinks:     v.FollowSymlinks,
		BaseURL:            baseURL,
		GivenBaseURL:       given,
		OwnURL:             v.Previews == PreviewsOwn,
		CleanURLs:          v.CleanURLs,
		TrailingSlash:      v.TrailingSlash,
		CleanURLsGiven:     l.given("clean_urls"),
		TrailingSlashGiven: l.given("trailing_slash"),
		LastMod:            lastmod,
		LastModGiven:       l.given("lastmod.sources"),
		FilenameGiven:      l.given("filename"),
		Limits:             v.Limits,
	}
}

// noBaseURL is [ErrNoBaseURL] as the user of the tool runBy reads it.
// It adds the variables of the replaced plugin that give the base URL.
// The tool reads them too (peer.FromEnv), below sitemap.yaml's base_url.
func noBaseURL(runBy string) error {
	for _, in := range peer.Integrations() {
		if in.RunBy != runBy {
			continue
		}
		var lines []string
		for _, name := range peer.Names(in.Tool) {
			if peer.IsEnvOption(in.Tool, name) && slices.ContainsFunc(peer.Map(in.Tool, []peer.Given{{Name: name, Value: "https://example.com/"}}, peer.Context{}).Settings, func(s peer.Setting) bool { return s.Key == "base_url" }) {
				lines = append(lines, fmt.Sprintf("\n  %s=https://example.com/ in the environment (%s's)", name, in.Tool))
			}
		}
		if len(lines) > 0 {
			return errors.New(ErrNoBaseURL.Error() + strings.Join(lines, ""))
		}
	}
	return ErrNoBaseURL
}

// under lays the project's values under those given and above the
// defaults. It lays each value the project says.
func (l *layers) under(pr *project.Project) {
	v := &l.v
	for _, s := range []struct {
		to   *string
		from string
	}{
		{&v.Root, pr.Root},
		{&v.Out, pr.Out},
		{&v.Source, pr.Source},
		{&v.Preset, pr.Preset},
		{&v.BaseURL, pr.BaseURL},
		{&v.Filename, pr.Filename},
	} {
		if s.from != "" {
			*s.to = s.from
		}
	}
	if pr.CleanURLs != nil {
		v.CleanURLs = *pr.CleanURLs
	}
	if pr.TrailingSlash != nil {
		v.TrailingSlash = *pr.TrailingSlash
	}
	if pr.Include != nil {
		v.Include = slices.Clone(pr.Include)
	}
}

// Findings are what the project says, for sitemapgen init.
type Findings = project.Findings

// Peer is a sitemap tool the project uses, with what its options come
// to. sitemapgen init uses it.
type Peer = project.Peer

// Survey reports what the files in dir (the project folder) and the
// build environment (through getenv) say about the site. It reports it
// as a run without DIR and without configuration would take it, in the
// words of these settings.
func Survey(dir string, getenv func(string) string) (*Findings, error) {
	d, err := project.Survey(dir, getenv, project.Ask{SettingsFile: DefaultFile, NoRoot: ErrNoRoot, NoBaseURL: ErrNoBaseURL})
	if err != nil {
		return nil, err
	}
	// Lay the URL form as a build does: the project's form over the
	// defaults.
	l := &layers{v: Settings.Defaults()}
	l.under(d.Form)
	d.URLs = urlForm(d.Form, l.v.CleanURLs, l.v.TrailingSlash)
	return d, nil
}
