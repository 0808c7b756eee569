package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/atomicfile"
	"github.com/sitemapgen/sitemapgen/internal/changes"
	"github.com/sitemapgen/sitemapgen/internal/config"
	"github.com/sitemapgen/sitemapgen/internal/feed"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/indexnow"
	"github.com/sitemapgen/sitemapgen/internal/pipeline"
	"github.com/sitemapgen/sitemapgen/mapping"
)

// KeyEnv is the environment variable that holds the IndexNow key.
const KeyEnv = "INDEXNOW_KEY"

// extras writes what a build writes besides the sitemaps, once they are
// written: the changes file (--changes), the IndexNow key file
// (--key-file) and the Atom feed (--feed). Each is written atomically.
type extras struct {
	s    *config.Settings
	base string // the base URL, normalized
	key  string
	// The previous build's URLs, for the changes file, and where they
	// came from: the state file, or the sitemaps on disk.
	prev      changes.Set
	fromState bool
	first     bool // no previous build found
}

// startExtras checks the extras' settings and, for the changes file,
// reads the previous build before this one replaces it, and removes the
// previous changes file, so that a build that fails leaves none to be
// submitted again. Problems with the previous build are warnings on w: the
// build then counts as the first. Its errors are usage or configuration
// errors.
func startExtras(s *config.Settings, getenv func(string) string, w io.Writer) (*extras, error) {
	base, err := mapping.ParseBaseURL(s.Build.Map.BaseURL)
	if err != nil {
		return nil, err
	}
	e := &extras{s: s, base: base}
	if s.KeyFile {
		e.key = strings.TrimSpace(getenv(KeyEnv))
		if e.key == "" {
			return nil, fmt.Errorf("--key-file: no key: set %s to your IndexNow key (8 to 128 letters, digits and -)", KeyEnv)
		}
		if err := indexnow.ValidKey(e.key); err != nil {
			return nil, fmt.Errorf("--key-file: %s: %w", KeyEnv, err)
		}
		s.Build.OwnFiles = append(s.Build.OwnFiles, e.keyName())
	}
	if s.Feed != nil {
		s.Build.OwnFiles = append(s.Build.OwnFiles, feed.Name)
	}
	if s.Changes == "" || !writes(s) {
		return e, nil
	}
	var ok bool
	if s.Build.Hash != nil {
		e.prev, ok, err = changes.FromState(s.Build.Hash.State)
		e.fromState = ok
		if err != nil {
			fmt.Fprintf(w, "sitemapgen: warning: --changes: %v; comparing with the sitemaps in %s\n", err, s.Build.Write.Dir)
		}
	}
	if !ok {
		e.prev, ok, err = changes.FromSitemaps(s.Build.Write.Dir, e.base)
		if err != nil {
			fmt.Fprintf(w, "sitemapgen: warning: --changes: %v; every URL counts as new\n", err)
		}
	}
	e.first = !ok
	if err := os.Remove(s.Changes); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("--changes: %w", err)
	}
	return e, nil
}

// finish writes the extras after a build that wrote its sitemaps, and
// reports each on w: the changes file first, since the build after this
// one compares with this one's sitemaps whether it is written or not.
func (e *extras) finish(res *pipeline.Result, w io.Writer) error {
	s := e.s
	if !writes(s) || res.Write == nil {
		return nil
	}
	if s.Changes != "" {
		if err := e.writeChanges(res, w); err != nil {
			return err
		}
	}
	dir := s.Build.Write.Dir
	if s.KeyFile {
		path := filepath.Join(dir, e.keyName())
		if err := writeIfChanged(path, []byte(e.key+"\n")); err != nil {
			return fmt.Errorf("the IndexNow key file: %w", err)
		}
		e.say(w, "IndexNow key file %s written", path)
	}
	if s.Feed != nil {
		if err := e.writeFeed(res, w); err != nil {
			return err
		}
	}
	return nil
}

// owns reports whether name, in the output folder, is a file the extras
// write there: watch mode ignores their events.
func (e *extras) owns(name string) bool {
	return e.s.Feed != nil && name == feed.Name || e.s.KeyFile && name == e.keyName()
}

// keyName is the IndexNow key file's name: the key, then .txt.
func (e *extras) keyName() string { return e.key + ".txt" }

// writes reports whether a build with s writes files: not a dry run, a
// check or an explanation.
func writes(s *config.Settings) bool { return !s.DryRun && !s.Check && len(s.Explain) == 0 }

func (e *extras) say(w io.Writer, format string, args ...any) {
	if !e.s.Quiet {
		fmt.Fprintf(w, "sitemapgen: "+format+"\n", args...)
	}
}

func (e *extras) writeFeed(res *pipeline.Result, w io.Writer) error {
	s := e.s
	path := filepath.Join(s.Build.Write.Dir, feed.Name)
	if old, err := fsx.ReadFile(path); err == nil && !feed.Ours(old) {
		// Another tool's feed (jekyll-feed writes feed.xml): not ours to
		// replace.
		fmt.Fprintf(w, "%s: warning: no feed written: the file is not one sitemapgen wrote (another tool's feed?); remove it, or turn the feed off\n", path)
		return nil
	}
	entries := make([]feed.Entry, 0, res.URLs.Len())
	for i := range res.URLs.Len() {
		u := res.URLs.At(i)
		entries = append(entries, feed.Entry{URL: u.Loc, Updated: u.LastMod})
	}
	err := feed.Write(path, entries, feed.Options{BaseURL: e.base, Title: s.Feed.Title, Limit: s.Feed.Limit})
	if errors.Is(err, feed.ErrNoEntries) {
		// Not a failure of the sitemaps: say why there is no feed.
		fmt.Fprintf(w, "%s: warning: no feed written: no URL has a lastmod\n", path)
		return nil
	}
	if err != nil {
		return fmt.Errorf("the feed: %w", err)
	}
	e.say(w, "feed %s written (%d newest URLs)", path, min(len(entries), limitOr(s.Feed.Limit, feed.DefaultLimit)))
	return nil
}

func limitOr(n, def int) int {
	if n == 0 {
		return def
	}
	return n
}

func (e *extras) writeChanges(res *pipeline.Result, w io.Writer) error {
	s := e.s
	var next changes.Set
	if e.fromState {
		// Compared as recorded: the state file the build just saved.
		if st, ok, err := changes.FromState(s.Build.Hash.State); err == nil && ok {
			next = st
		}
	}
	if next == nil {
		next = changes.Of(res.URLs, s.Build.Write.LastModFormat)
		if e.fromState {
			e.fromState = false
			e.first = true // the state file could not be read back
		}
	}
	cs := changes.Diff(e.prev, next)
	if err := changes.WriteFile(s.Changes, cs, e.base); err != nil {
		return fmt.Errorf("--changes: %w", err)
	}
	added, removed, changed := changes.Count(cs)
	from := "the sitemaps in " + s.Build.Write.Dir
	switch {
	case e.first:
		from = "no previous build found: every URL is new"
	case e.fromState:
		from = "the state file " + s.Build.Hash.State
	}
	e.say(w, "changes: +%d ~%d -%d written to %s (against %s)", added, changed, removed, s.Changes, from)
	return nil
}

// writeIfChanged replaces the file at path with data, atomically, unless
// it holds data already.
func writeIfChanged(path string, data []byte) error {
	if old, err := fsx.ReadFile(path); err == nil && bytes.Equal(old, data) {
		return nil
	}
	return atomicfile.Write(path, data, 0o644)
}
