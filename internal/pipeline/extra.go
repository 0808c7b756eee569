package pipeline

// The extra URLs are records that a file or a command gives
// (extra_urls, --extra-urls-command). They are listed beside the pages.
// Each is checked as a page's URL is: under the base URL, shorter than
// the protocol's bound, and against robots.txt. Each is kept as a
// page's record is.
//
// A URL is listed once. When a page and a record share a URL, the page
// is listed. The values the record gives (lastmod, changefreq,
// priority, alternates, images) fill in or override the page's values.
// The record is data the user wrote for that URL on purpose, while the
// page's values are found. --explain says which values came from which
// line. When two records share a URL, the first is listed. The second
// is a duplicate, with a warning that names both lines.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/extraurls"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// Extra is a source of extra URLs: a file, or a command's output.
type Extra struct {
	// Name names the source in messages, and each record as NAME:LINE. It
	// is the file's path, or the command ("the output of 'CMD'").
	Name string
	// Format is how its records are written. When it is "", the format is
	// sniffed (extraurls.Sniff).
	Format extraurls.Format
	// Open opens its records, when they are not a file's. Closing what it
	// returns ends the read. A command's Close, after its output was read
	// to the end, says whether the command failed. Before that, Close
	// kills the command.
	Open func(ctx context.Context) (io.ReadCloser, error)
	// File is the file's path, for watch mode to watch. It is "" for a
	// command. Without Open, the build reads the file through the one
	// door, within limits.extra_urls_bytes. When Inside is set, the file
	// is Inside[1] inside the folder Inside[0]. That is a file the
	// settings file names, held to the project's tree: a link out of the
	// tree is not followed, and a wrong line is named, not quoted
	// (extraurls.ReadUnquoted). Otherwise the file is wherever the path
	// points, because the user named it.
	File   string
	Inside [2]string
	// Text holds its records in the text form (one URL a line), when they
	// are given in place (extra_urls_inline, a server build's routes). It
	// is used when there is neither Open nor File.
	Text string
}

// Records opens x's records. A file is read within lim.
func (x *Extra) Records(ctx context.Context, lim limits.Limits) (io.ReadCloser, error) {
	switch {
	case x.Open != nil:
		return x.Open(ctx)
	case x.File == "":
		return io.NopCloser(strings.NewReader(x.Text)), nil
	}
	max, key := int64(lim.Or().ExtraURLsBytes), limits.ExtraURLsBytesKey
	if x.Inside[0] == "" {
		f, err := fsx.OpenNamed(x.File, max, key)
		if err != nil {
			return nil, fsx.Placed(err)
		}
		return f, nil
	}
	f, err := fsx.Open(x.Inside[0], x.Inside[1], max, key)
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		// Name the file as the settings file gave it.
		err = &fs.PathError{Op: pe.Op, Path: x.File, Err: pe.Err}
	}
	if err != nil {
		return nil, fsx.Placed(err)
	}
	return f, nil
}

// LastModExtra is the lastmod source of a date an extra URL's record
// gives.
const LastModExtra mapping.LastModSource = "extra_urls"

// extraURLs holds what the records of the extra URLs need beside the
// table: the line each came from, where each source's records begin,
// and the defaults they are written with.
type extraURLs struct {
	// lines holds the line of each extra URL's record, by its ordinal
	// among them (4 bytes each).
	lines []int32
	// spans holds where each source's records begin.
	spans []extraSpan
	// cf and prio are the defaults an extra URL's record is written with
	// when it gives none (--changefreq, --priority,
	// mapping.Options.Defaults).
	cf   sitemap.ChangeFreq
	prio sitemap.Priority
}

// extraSpan says where the records of one source begin among the extra
// records, by ordinal from 0, for their NAME:LINE.
type extraSpan struct {
	name  string
	first int32
}

// begin begins the records of the source name.
func (x *extraURLs) begin(name string) {
	x.spans = append(x.spans, extraSpan{name: name, first: int32(len(x.lines))})
}

// path returns NAME:LINE of the extra record r (r.path < 0).
func (x *extraURLs) path(r *record) string {
	k := -r.path - 1
	i := len(x.spans) - 1
	for i > 0 && x.spans[i].first > k {
		i--
	}
	return x.spans[i].name + ":" + strconv.Itoa(int(x.lines[k]))
}

// addExtras reads every source of Options.Extra and adds its records.
// The build fails before anything is written, naming the problem, when
// a source cannot be opened or read, when a line is wrong, or when a
// command fails.
func (b *builder) addExtras(ctx context.Context) error {
	b.found.extraPaths = b.found.extraPaths[:0]
	for _, x := range b.opts.Extra {
		if err := b.addExtra(ctx, x); err != nil {
			return err
		}
	}
	b.warnOnDemand()
	return nil
}

// warnOnDemand warns about each route that a server build renders on
// demand with no page prerendered (Options.OnDemand). The warning says
// the sitemap lists no URL of the route, unless an extra URL is a page
// of it (generator.Covered). The extra URLs are where the route's URLs
// are given, and once they are, the warning goes away. In a Session, a
// whole build that finds the same routes uncovered as the last one says
// nothing again.
func (b *builder) warnOnDemand() {
	if len(b.opts.OnDemand) == 0 {
		return
	}
	covered := generator.Covered(b.opts.OnDemand, b.found.extraPaths)
	if b.said.onDemandSaid != nil {
		said := fmt.Sprint(covered)
		if *b.said.onDemandSaid == said {
			return
		}
		*b.said.onDemandSaid = said
	}
	for i, r := range b.opts.OnDemand {
		if !covered[i] {
			// Its file is the build's manifest, named from the working
			// directory. It is not a path in the site folder, under which the
			// report puts a page's path.
			b.rep.warn("", r.Warning)
		}
	}
}

func (b *builder) addExtra(ctx context.Context, x Extra) error {
	rc, err := x.Records(ctx, b.opts.Limits)
	if err != nil {
		return err
	}
	s := &b.recs
	s.extras.begin(x.Name)
	read := extraurls.Read
	if x.Inside[0] != "" {
		read = extraurls.ReadUnquoted // a file the settings name: do not quote a wrong line
	}
	err = read(rc, x.Name, x.Format, func(r extraurls.Record) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		b.rep.res.ExtraURLs++
		path := x.Name + ":" + strconv.Itoa(r.Line)
		d := mapping.Decision{URL: r.URL, Form: mapping.FormUnknown}
		if !r.URL.LastMod.IsZero() {
			d.LastModSource, d.LastModFrom = LastModExtra, path
		}
		switch {
		case sitemap.CheckLoc(r.URL.Loc) != nil:
			d.Skip, d.Because = mapping.LocTooLong, fmt.Sprintf("the URL is %d characters long; the protocol allows fewer than %d", len(r.URL.Loc), sitemap.MaxLocLength)
		case !b.mapper.Under(r.URL.Loc):
			d.Skip, d.Because = mapping.OutsideBase, fmt.Sprintf("%s is not under the base URL %s", diag.URL(r.URL.Loc), b.mapper.BaseURL())
		}
		if d.Skip != "" {
			b.rep.warn(path, fmt.Errorf("%s; not listed", d.Because))
			b.rep.skipAt(path, r.URL.Loc, d.Skip, d.Because)
			b.explain.page(path, &d)
			return nil
		}
		s.addExtra(&d.URL, r.Line)
		if len(b.opts.OnDemand) > 0 {
			if p, ok := b.mapper.PathOf(r.URL.Loc, mapping.FormSame); ok {
				p, _, _ = strings.Cut(p, "?")
				b.found.extraPaths = append(b.found.extraPaths, "/"+p)
			}
		}
		if b.explain.matches(path, &d) {
			b.explain.page(path, &d)
			b.explain.merged(path, path, given(&r.URL))
		}
		return nil
	})
	cerr := rc.Close()
	if err != nil {
		return err
	}
	return cerr
}

// addExtra records an extra URL, the record at line of the source last
// begun, and returns its index. It keeps only the values the record
// gives. The defaults (--changefreq, --priority) are applied when the
// URL is written, so that a page with the same URL takes only what the
// record gives.
func (s *records) addExtra(u *sitemap.URL, line int) int32 {
	k := int32(len(s.extras.lines))
	s.extras.lines = append(s.extras.lines, int32(line))
	idx := s.add("", &mapping.Decision{URL: *u, Form: mapping.FormSame})
	r := s.rec(idx)
	r.path = -(k + 1)
	if r.lastmod != noLastMod {
		r.src = srcIndex(LastModExtra)
	}
	return idx
}

// ExtraAt reports whether the i-th URL in order is an extra URL's, not
// a page's.
func (s *records) ExtraAt(i int) bool { return s.rec(s.order[i]).extra() }

// extra reports whether the record r is an extra URL's.
func (r *record) extra() bool { return r.path < 0 }

// mergeExtra gives the page's record at page the values that the extra
// record at x gives, over the page's own. It returns the names of the
// values.
func (s *records) mergeExtra(page, x int32) []string {
	p, e := s.rec(page), s.rec(x)
	var took []string
	if e.lastmod != noLastMod {
		p.lastmod, p.src = e.lastmod, e.src
		took = append(took, "lastmod")
	}
	if e.cf != 0 {
		p.cf = e.cf
		took = append(took, "changefreq")
	}
	if e.prio.IsSet() {
		p.prio = e.prio
		took = append(took, "priority")
	}
	if e.alts == 0 {
		return took
	}
	ea := e.alts - 1
	if p.alts == 0 {
		// The page has no entry, so it takes the record's entry.
		p.alts = s.alts.entry(page, 0)
	}
	pa := p.alts - 1
	if s.alts.refs[ea] != 0 { // an extra URL's list keeps no lines
		s.alts.refs[pa] = s.alts.refs[ea]
		took = append(took, "alternates")
	}
	if images := s.media.imagesOf(ea); len(images) > 0 {
		s.media.set(pa, images, s.media.videosOf(pa), s.media.newsOf(pa))
		took = append(took, "images")
	}
	return took
}

// given names the values an extra URL's record gives.
func given(u *sitemap.URL) []string {
	var names []string
	for _, v := range []struct {
		name string
		set  bool
	}{
		{"lastmod", !u.LastMod.IsZero()}, {"changefreq", u.ChangeFreq != 0}, {"priority", u.Priority.IsSet()},
		{"alternates", len(u.Alternates) > 0}, {"images", len(u.Images) > 0},
	} {
		if v.set {
			names = append(names, v.name)
		}
	}
	return names
}

// extraNote says, for --explain and --verbose, what a page took from
// the record with its URL.
func extraNote(took []string, from string) string {
	if len(took) == 0 {
		return "also given by " + from + " (extra URLs), which gives no value of its own: the page's are listed"
	}
	return strings.Join(took, ", ") + " from " + from + " (extra URLs), over the page's own"
}
