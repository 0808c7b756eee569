// Package build runs one sitemap build: it walks the site, maps each file
// to a sitemap record, sorts and de-duplicates the records, and writes the
// files, counting every page found, every skip by reason and every warning.
//
// [Run] is the whole pipeline; the stages' own options come in [Options] as
// plain structs, so a build is set up in code the same way config fills it.
package build

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
	"github.com/sitemapgen/sitemapgen/walker"
	"github.com/sitemapgen/sitemapgen/writer"
)

// Options configure a build.
type Options struct {
	// Root is the site folder to walk.
	Root string
	// Walk, Map and Write are the stages' options. Walk.Warn and
	// Walk.Ignored are set by Run; Write.Dir defaults to Root and
	// Write.BaseURL to the normalized Map.BaseURL.
	Walk  walker.Options
	Map   mapping.Options
	Write writer.Options
	// Report receives what happens during the build. Its fields may be nil.
	Report Report
}

// Report receives a build's events as they happen, on the goroutine that
// called Run.
type Report struct {
	// Warn reports a problem that does not stop the build: a file or
	// folder that could not be read, a URL too long to list, a duplicate.
	Warn func(path string, err error)
	// Skip reports a file that is not in the sitemap, and why.
	Skip func(path string, reason mapping.Reason)
	// Progress is called every ProgressEvery files found.
	Progress func(files int)
}

// ProgressEvery is how often, in files found, Report.Progress is called.
const ProgressEvery = 10000

// Reasons a file is skipped that build itself decides.
const (
	// NotFollowed is a symbolic link left alone (follow_symlinks is off).
	NotFollowed mapping.Reason = "symbolic link"
	// OwnOutput is a file of sitemapgen's own output that the include
	// patterns matched.
	OwnOutput mapping.Reason = "sitemapgen output"
)

// Result counts what a build found and did.
type Result struct {
	// Pages is the number of files the include patterns matched.
	Pages int
	// URLs are the records written (or, in a dry run, that would be),
	// sorted by Loc.
	URLs []sitemap.URL
	// Skipped counts the files left out, by reason.
	Skipped map[mapping.Reason]int
	// Warnings counts the problems reported to Report.Warn.
	Warnings int
	// Write is what the writer did; nil when the build failed before.
	Write *writer.Result
	// Elapsed is the build's wall time.
	Elapsed time.Duration
}

// NoPagesError is returned when the include patterns match no file.
type NoPagesError struct {
	Root    string
	Include []string
}

func (e *NoPagesError) Error() string {
	inc := e.Include
	if len(inc) == 0 {
		inc = walker.DefaultInclude
	}
	return fmt.Sprintf("%s: no page found (include: %s); nothing written", e.Root, strings.Join(inc, ", "))
}

// ErrNoURLs is returned when pages were found but every one was skipped.
var ErrNoURLs = errors.New("every page found was skipped; nothing written")

// Run runs one build. It returns the Result so far with any error.
func Run(ctx context.Context, opts Options) (*Result, error) {
	start := time.Now()
	res := &Result{Skipped: map[mapping.Reason]int{}}
	defer func() { res.Elapsed = time.Since(start) }()

	m, err := mapping.New(opts.Map)
	if err != nil {
		return res, err
	}
	if opts.Write.Dir == "" {
		opts.Write.Dir = opts.Root
	}
	if opts.Write.BaseURL == "" {
		opts.Write.BaseURL = m.BaseURL()
	}
	rep := opts.Report
	warn := func(path string, err error) {
		res.Warnings++
		if rep.Warn != nil {
			rep.Warn(path, err)
		}
	}
	skip := func(path string, reason mapping.Reason) {
		res.Skipped[reason]++
		if rep.Skip != nil {
			rep.Skip(path, reason)
		}
	}
	ownOutputAtRoot := sameDir(opts.Root, opts.Write.Dir)

	walk := opts.Walk
	walk.Warn = warn
	walk.Ignored = func(path, _ string) { skip(path, NotFollowed) }
	var s records
	err = walker.Walk(ctx, opts.Root, walk, func(f walker.File) error {
		res.Pages++
		if rep.Progress != nil && res.Pages%ProgressEvery == 0 {
			rep.Progress(res.Pages)
		}
		if ownOutputAtRoot && !strings.Contains(f.Path, "/") && writer.IsOwnName(f.Path) {
			skip(f.Path, OwnOutput)
			return nil
		}
		u, reason := m.Map(f)
		switch reason {
		case "":
			s.add(f.Path, u)
		case mapping.LocTooLong:
			warn(f.Path, fmt.Errorf("URL is %d characters long, not listed (the protocol allows fewer than %d)", len(u.Loc), sitemap.MaxLocLength))
			skip(f.Path, reason)
		default:
			skip(f.Path, reason)
		}
		return nil
	})
	if err != nil {
		return res, err
	}
	if res.Pages == 0 {
		return res, &NoPagesError{Root: opts.Root, Include: opts.Walk.Include}
	}

	sort.Sort(&s)
	res.URLs = s.dedup(func(path, other, loc string) {
		warn(path, fmt.Errorf("duplicate URL %s (also from %s); listed once", loc, other))
		skip(path, mapping.Duplicate)
	})
	if len(res.URLs) == 0 {
		return res, ErrNoURLs
	}
	res.Write, err = writer.Write(res.URLs, opts.Write)
	return res, err
}

// records holds the mapped URLs beside the paths they came from.
type records struct {
	urls  []sitemap.URL
	paths []string
}

func (s *records) add(path string, u sitemap.URL) {
	s.urls = append(s.urls, u)
	s.paths = append(s.paths, path)
}

func (s *records) Len() int { return len(s.urls) }
func (s *records) Less(i, j int) bool {
	if s.urls[i].Loc != s.urls[j].Loc {
		return s.urls[i].Loc < s.urls[j].Loc
	}
	return s.paths[i] < s.paths[j]
}
func (s *records) Swap(i, j int) {
	s.urls[i], s.urls[j] = s.urls[j], s.urls[i]
	s.paths[i], s.paths[j] = s.paths[j], s.paths[i]
}

// dedup drops, from sorted records, every record whose Loc equals the one
// before it, calling dup for each, and returns the URLs left.
func (s *records) dedup(dup func(path, other, loc string)) []sitemap.URL {
	out := s.urls[:0]
	var lastLoc, lastPath string
	for i := range s.urls {
		if i > 0 && s.urls[i].Loc == lastLoc {
			dup(s.paths[i], lastPath, lastLoc)
			continue
		}
		lastLoc, lastPath = s.urls[i].Loc, s.paths[i]
		out = append(out, s.urls[i])
	}
	s.paths = nil
	return out
}

func sameDir(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == bb
}
