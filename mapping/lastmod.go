package mapping

// A page's lastmod: the first of the sources in order that knows a
// date, and the build stamps that are no date.

import (
	"fmt"
	"time"

	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/internal/htmlhead"
	"github.com/sitemapgen/sitemapgen/walker"
)

// setLastMod gives d the lastmod of the first source that knows the
// page's date, and, when that source is one a build can stamp (Stampable),
// the date the next sources give (Decision.Next), for the set's rule.
func (m *Mapper) setLastMod(d *Decision, f walker.File, h *htmlhead.Head, fm *frontmatter.Source, p *Page) {
	first := true
	for i, src := range m.opts.LastMod {
		if src == LastModNone {
			return
		}
		if !first && Stampable(src) {
			continue // Next is a date no build stamps
		}
		t, from, ok := m.lastModOf(d, src, f, h, fm, p)
		if !ok {
			continue
		}
		if !first {
			d.Next = NextLastMod{LastMod: t.UTC(), From: from, Source: src}
			return
		}
		d.URL.LastMod, d.LastModFrom, d.LastModSource = t.UTC(), from, src
		if !Stampable(src) || i == len(m.opts.LastMod)-1 {
			return
		}
		first = false
	}
}

// lastModOf returns the date the source src gives the page, and where it
// came from; false when it knows none, or what it knows is no lastmod (a
// date in the future, a build's stamp: d's Warnings and Stamps say so).
func (m *Mapper) lastModOf(d *Decision, src LastModSource, f walker.File, h *htmlhead.Head, fm *frontmatter.Source, p *Page) (time.Time, string, bool) {
	// A date after the build (an event's date, a typo, a clock set
	// wrong, a state file or a commit someone wrote by hand) is no time
	// the page changed: the next source is asked. Every source's dates
	// pass this one check. A day's grace allows for a date written
	// without a zone east of UTC.
	future := func(t time.Time, from string) bool {
		if t.After(m.now.Add(24 * time.Hour)) {
			d.Warnings = append(d.Warnings, fmt.Sprintf("%s %s is in the future: not a lastmod", from, t.UTC().Format(time.RFC3339)))
			return true
		}
		return false
	}
	switch src {
	case LastModFrontMatter:
		if fm == nil {
			break
		}
		if t := fm.Sitemap.Lastmod; !t.IsZero() && !future(t, "front matter sitemap.lastmod") {
			return t, "front matter sitemap.lastmod", true
		}
		from := "front matter " + fm.LastmodKey
		if fm.LastmodZone != "" {
			// Written without a zone: where the zone it was read in came from.
			from += " in " + fm.LastmodZone
		}
		if !fm.Lastmod.IsZero() && !future(fm.Lastmod, from) {
			return fm.Lastmod, from, true
		}
	case LastModMeta:
		if h != nil && !h.Modified.IsZero() {
			from := metaFrom(h.ModifiedFrom)
			if !future(h.Modified, from) && !m.stamp(d, h.Modified, f, from) {
				return h.Modified, from, true
			}
		}
	case LastModGit:
		if !p.Git.IsZero() && !future(p.Git, "git") {
			return p.Git, "git", true
		}
	case LastModHash:
		if p.Hash == nil || d.URL.Loc == "" {
			break
		}
		if t, ok := p.Hash(d.URL.Loc); ok && !future(t, "hash (state file)") {
			return t, "hash (state file)", true
		}
	case LastModSitemap:
		if p.Sitemap == nil || d.URL.Loc == "" {
			break
		}
		if t, name := p.Sitemap(d.URL.Loc); !t.IsZero() {
			from := "generator's sitemap " + name
			if !future(t, from) && !m.stamp(d, t, f, from) {
				return t, from, true
			}
		}
	case LastModMTime:
		if !f.ModTime.IsZero() && !p.CheckedOut && !future(f.ModTime, "mtime") {
			return f.ModTime, "mtime", true
		}
	}
	return time.Time{}, "", false
}

// StampWindow is how long before a built page's file was written a date
// in the page may be its build's time (Mapper.stamp): a bound on a build's
// duration, from the moment a generator takes as "now" (Jekyll's
// site.time, as its build starts) to the moment it writes the page. A
// build that takes longer leaves its stamps to the set's rule.
const StampWindow = time.Hour

// stampSlack allows for file systems that keep modification times in
// whole seconds, or two (FAT): the file's time may read a little before
// the stamp written into it.
const stampSlack = 2 * time.Second

// stamp reports whether t, a date that the page at f carries, is its
// build's time, not a time the page changed: in a generator's output
// (Options.Built), a date with a time of day that lies within the window
// in which the page's own file was written, from StampWindow before its
// modification time up to it. It notes so in d.Stamps. A date without a
// time of day (midnight, in its own zone) is never judged here: it would
// take every page changed on the day of its build for a stamp; the set's
// rule judges those. Nor is a date that a source of the site gives
// (Options.SourceDate): a commit built minutes after it was made is as
// close to the build as a stamp, and is the page's date; how close a
// date is to the build never tells them apart, the sources do. A dev
// server or an incremental build re-renders single pages: each is
// judged by its own file's time.
func (m *Mapper) stamp(d *Decision, t time.Time, f walker.File, from string) bool {
	if !m.opts.Built || f.ModTime.IsZero() || !HasTimeOfDay(t) {
		return false
	}
	if t.After(f.ModTime.Add(stampSlack)) || t.Before(f.ModTime.Add(-StampWindow)) {
		return false
	}
	if m.opts.SourceDate != nil && m.opts.SourceDate(t) {
		return false
	}
	d.Stamps = append(d.Stamps, fmt.Sprintf("%s %s is the build's time: not a lastmod", from, t.UTC().Format(time.RFC3339)))
	return true
}

// HasTimeOfDay reports whether t has a time of day in its own zone: a
// date written as a day alone ("2024-05-06") is midnight.
func HasTimeOfDay(t time.Time) bool {
	h, mi, s := t.Clock()
	return h != 0 || mi != 0 || s != 0 || t.Nanosecond() != 0
}

// Stampable reports whether src is a source whose dates a build may
// write: a page's head (a template that prints the build's time, as
// jekyll-seo-tag prints page.date, which Jekyll sets to the build's time
// for a document without a date) and the generator's own sitemap (MkDocs
// dates every page by its build). Their dates are judged by the build
// stamp rule, and a page dated by one keeps in Decision.Next the date the
// next sources give. Front matter is read from the source file, which no
// build writes; git and the hash state file date changes, never a build;
// the mtime source has its own rule (the build's GuardMTime).
func Stampable(src LastModSource) bool {
	return src == LastModMeta || src == LastModSitemap
}

// metaFroms are the lastmod sources a head's date is from, made once, not
// for each page: "meta " and each of htmlhead.ModifiedSources.
var metaFroms = func() (m [len(htmlhead.ModifiedSources)]string) {
	for i, from := range htmlhead.ModifiedSources {
		m[i] = "meta " + from
	}
	return m
}()

// metaFrom returns "meta " + from.
func metaFrom(from string) string {
	for i, s := range htmlhead.ModifiedSources {
		if s == from {
			return metaFroms[i]
		}
	}
	return "meta " + from
}
