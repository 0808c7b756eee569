// Recording runs after the walk, on Run's goroutine. Each outcome
// becomes a listed record or a counted skip. The alternates are then
// checked against what is listed.

package pipeline

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/sitemapgen/sitemapgen/internal/diag"

	"github.com/sitemapgen/sitemapgen/internal/htmlhead"
	"github.com/sitemapgen/sitemapgen/mapping"
)

// record reports the outcome of a page, after the walk, on Run's
// goroutine.
func (b *builder) record(path string, o outcome) {
	b.rep.res.Pages++
	b.sitemapLink(o.sitemap)
	if o.readErr != nil {
		b.indexed(path, -1)
		if b.rep.failUnread && !servable(o.readErr) {
			b.rep.unread(path, fmt.Errorf("cannot read the page: %w", o.readErr))
			return
		}
		b.rep.warn(path, fmt.Errorf("cannot read the page: %w; not listed", o.readErr))
		b.rep.skip(path, mapping.Unreadable, o.readErr.Error())
		return
	}
	b.sourceProblems(path, o.problems)
	d := o.d
	for _, w := range d.Warnings {
		b.rep.warn(path, errors.New(w))
	}
	for _, w := range d.LineWarnings {
		b.rep.warn(path, diag.At(path, w.Line, w.Msg))
	}
	if o.truncated {
		limit := b.opts.Heads.Limit
		if limit <= 0 {
			limit = htmlhead.DefaultHeadLimit
		}
		b.rep.note(path, fmt.Sprintf("head longer than %d bytes; read what fits", limit))
	}
	if b.opts.Report.Page != nil && b.explain.every == nil { // in a Session, told as judged
		b.opts.Report.Page(path, &d)
	}
	b.explain.page(path, &d)
	if o.joined != nil && b.explain.wanted() {
		b.explain.source(path, o.joined.path, b.src.contested(o.joined.key))
	}
	if d.Skip != "" {
		b.indexed(path, -1)
		b.noteSkipped(path, d.URL.Loc, d.Skip, d.Because)
		b.genSkipped(path, d.URL.Loc, o.genHash, o.genWanted, o.src)
		b.genSeen(d.URL.Loc)
		b.rep.keepLeftOut(d.URL.Loc)
	}
	switch d.Skip {
	case "":
		if o.unjoined {
			b.rep.res.Unjoined++
			b.rep.note(path, "no source file has its URL; dated by its head and git only")
		}
		b.listed(path, &o)
	case mapping.LocTooLong:
		b.rep.warn(path, errors.New(d.Because+"; not listed"))
		b.rep.skip(path, d.Skip, d.Because)
	default:
		b.rep.skipAt(path, d.URL.Loc, d.Skip, d.Because)
	}
}

// A leftOut is what the walk keeps of a page left out with nothing else
// to say, until the page's turn comes (outcome.leftOutOnly). Such pages
// are redirects, noindex pages and AMP copies. A site has thousands of
// them, and the whole outcome of one is six times the size.
type leftOut struct {
	loc, because, sitemap string
	reason                mapping.Reason
	genHash               uint64
	genWanted             bool
	src                   *source
}

// leftOutOnly returns what record needs of o when o is a page left out
// with nothing else to say. Such a page was read, and has no warning,
// no note and no front matter problem. It was not left out for a URL
// too long, because that warns.
func (o *outcome) leftOutOnly() (*leftOut, bool) {
	d := &o.d
	if o.readErr != nil || d.Skip == "" || d.Skip == mapping.LocTooLong || len(d.Warnings) > 0 || len(d.LineWarnings) > 0 || o.truncated || len(o.problems) > 0 {
		return nil, false
	}
	return &leftOut{loc: d.URL.Loc, because: d.Because, sitemap: o.sitemap, reason: d.Skip, genHash: o.genHash, genWanted: o.genWanted, src: o.src}, true
}

// recordLeftOut is record for a page left out with nothing else to say.
// No per-page report (Report.Page, --explain) asks about such a page.
func (b *builder) recordLeftOut(path string, p *leftOut) {
	b.rep.res.Pages++
	b.sitemapLink(p.sitemap)
	b.indexed(path, -1)
	b.noteSkipped(path, p.loc, p.reason, p.because)
	b.genSkipped(path, p.loc, p.genHash, p.genWanted, p.src)
	b.genSeen(p.loc)
	b.rep.keepLeftOut(p.loc)
	b.rep.skipAt(path, p.loc, p.reason, p.because)
}

// listed adds the record of a listed page.
func (b *builder) listed(path string, o *outcome) {
	d := &o.d
	if b.rep.res.LastMod == nil {
		b.rep.res.LastMod = make(map[mapping.LastModSource]int)
	}
	b.rep.res.LastMod[d.LastModSource]++
	if len(d.Stamps) > 0 {
		b.rep.res.Stamps++
	}
	idx := b.recs.add(path, d)
	if o.joined != nil {
		b.found.noteRefused(o.joined.path, idx, d)
	} else if b.opts.Content != nil {
		b.found.noteRefused(path, idx, d) // the page is its source
	}
	b.recs.setBuiltGit(idx, o.builtGit)
	b.recs.setMeta(idx, d, o.lang)
	b.genListed(idx, o)
	if b.keepsOldOutput() {
		b.recs.built(idx, o.mtime, o.sourceless)
	}
	b.indexed(path, idx)
}

// indexed keeps, in a Session, the record of the page at path. idx is
// the record, or -1 when the page is not listed.
func (b *builder) indexed(path string, idx int32) {
	if !b.session() {
		return
	}
	b.kept.index.set(path, idx)
	if b.upd.touched != nil {
		b.upd.touched[path] = true
		if idx >= 0 {
			b.upd.added = append(b.upd.added, idx)
			b.kept.hreflang.changed(path, b.recs.loc(idx))
		}
	}
}

// originOf returns "scheme://host" of an absolute URL.
func originOf(u string) string {
	i := strings.Index(u, "://")
	if i < 0 {
		return u
	}
	if j := strings.IndexByte(u[i+3:], '/'); j >= 0 {
		return u[:i+3+j]
	}
	return u
}

func isHTML(path string) bool {
	ext := strings.ToLower(filepath.Ext(path))
	return ext == ".html" || ext == ".htm"
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// gone reports whether err says a path no longer exists.
func gone(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}
