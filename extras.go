package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/config"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/indexnow"
	"github.com/sitemapgen/sitemapgen/internal/pipeline"
	"github.com/sitemapgen/sitemapgen/internal/postbuild"
	"github.com/sitemapgen/sitemapgen/mapping"
)

// KeyEnv is the environment variable that holds the IndexNow key.
const KeyEnv = "INDEXNOW_KEY"

// extras are the files a build writes besides the sitemaps.
type extras struct {
	s   *config.Settings
	out *postbuild.Outputs
}

// startExtras checks the extras' settings and prepares them; its errors
// are usage or configuration errors. With say, each file written is told
// on w (not in watch mode, where a rebuild's one line tells it).
func startExtras(s *config.Settings, getenv func(string) string, w io.Writer, say bool) (*extras, error) {
	base, err := mapping.ParseBaseURL(s.Build.Map.BaseURL)
	if err != nil {
		return nil, err
	}
	opts := postbuild.Options{
		Dir:        s.Build.Write.Dir,
		BaseURL:    base,
		DateFormat: s.Build.Write.LastModFormat,
		Warn:       func(err error) { fmt.Fprintln(w, diag.Format(err, true)) },
	}
	if say && !s.Quiet {
		opts.Say = func(msg string) { fmt.Fprintln(w, "sitemapgen: "+msg) }
	}
	if s.KeyFile {
		opts.Key = strings.TrimSpace(getenv(KeyEnv))
		if opts.Key == "" {
			return nil, fmt.Errorf("--key-file: no key: set %s to your IndexNow key (8 to 128 letters, digits and -)", KeyEnv)
		}
		if err := indexnow.ValidKey(opts.Key); err != nil {
			return nil, fmt.Errorf("--key-file: %s: %w", KeyEnv, err)
		}
	}
	if s.Feed != nil {
		opts.Feed = &postbuild.FeedOptions{Title: s.Feed.Title, Limit: s.Feed.Limit}
	}
	if writes(s) {
		opts.Changes = s.Changes
		if s.Build.Hash != nil {
			opts.State = s.Build.Hash.State
		}
	}
	out, err := postbuild.Prepare(opts)
	if err != nil {
		return nil, err
	}
	s.Build.OwnFiles = append(s.Build.OwnFiles, out.Names()...)
	return &extras{s: s, out: out}, nil
}

// finish writes the extras after a build that wrote its sitemaps.
func (e *extras) finish(res *pipeline.Result) error {
	if !writes(e.s) || res.Write == nil {
		return nil
	}
	return e.out.Write(res.URLs)
}

// owns reports whether name, in the output folder, is a file the extras
// write there: watch mode ignores their events.
func (e *extras) owns(name string) bool { return slices.Contains(e.out.Names(), name) }

// writes reports whether a build with s writes files: not a dry run, a
// check or an explanation.
func writes(s *config.Settings) bool { return !s.DryRun && !s.Check && len(s.Explain) == 0 }
