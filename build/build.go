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
	// NotFollowed is a symbolic link left alone.
	NotFollowed mapping.Reason = "symbolic link not followed (follow_symlinks is off)"
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

// ErrAllSkipped is returned when pages were found but every one was
// skipped.
var ErrAllSkipped = errors.New("every page found was skipped; nothing written")

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
	res.URLs = s.dedup(opts.Map.CleanURLs, func(path, loc, keptPath, keptLoc string) {
		if loc == keptLoc {
			warn(path, fmt.Errorf("duplicate URL %s (also from %s); listed once", loc, keptPath))
		} else {
			warn(path, fmt.Errorf("duplicate URL %s: hosts serve it as %s (from %s); listed once, as that", loc, keptLoc, keptPath))
		}
		skip(path, mapping.Duplicate)
	})
	if len(res.URLs) == 0 {
		return res, ErrAllSkipped
	}
	res.Write, err = writer.Write(res.URLs, opts.Write)
	if err != nil {
		return res, err
	}
	for _, name := range res.Write.Unlinked {
		warn(name, errors.New("no sitemap or robots.txt names this index file (an index cannot list another); submit it to search engines, or use --robots"))
	}
	return res, nil
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

// dedup removes duplicates from sorted records and returns the URLs left,
// calling dup for each record dropped. A record whose Loc equals the one
// before it is a duplicate. With clean URLs, a page /a beside a folder /a/
// is one too: hosts serve one and redirect the other, so /a is dropped.
func (s *records) dedup(cleanURLs bool, dup func(path, loc, keptPath, keptLoc string)) []sitemap.URL {
	keep := make([]bool, len(s.urls))
	for i := range s.urls {
		keep[i] = i == 0 || s.urls[i].Loc != s.urls[i-1].Loc
		if !keep[i] {
			k := i - 1
			for !keep[k] {
				k--
			}
			dup(s.paths[i], s.urls[i].Loc, s.paths[k], s.urls[k].Loc)
		}
	}
	if cleanURLs {
		for i := range s.urls {
			loc := s.urls[i].Loc
			if !keep[i] || strings.HasSuffix(loc, "/") {
				continue
			}
			twin := loc + "/"
			j := sort.Search(len(s.urls), func(j int) bool { return s.urls[j].Loc >= twin })
			if j < len(s.urls) && s.urls[j].Loc == twin {
				keep[i] = false
				dup(s.paths[i], loc, s.paths[j], twin)
			}
		}
	}
	out := s.urls[:0]
	for i := range s.urls {
		if keep[i] {
			out = append(out, s.urls[i])
		}
	}
	s.urls, s.paths = nil, nil
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
