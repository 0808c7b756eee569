package pipeline

// The warnings about dates refused in the sources' front matter
// (frontmatter.Problem.Dating, such as "03/18/2024" with its year last)
// wait until the build's dates are final. Then each is said with the
// date the page takes instead, and that date's source: "…; the page is
// dated by git instead: 2024-04-02T00:00:00Z". Only the whole build
// knows that date, because the set's rule of build stamps, the list
// pages and the files' times may change what a page's own sources give.

import (
	"time"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/mapping"
)

// refusedDate is a front matter date refused in the source at path (as
// reported), held until the dates are final.
type refusedDate struct {
	path string
	line int
	msg  string
}

// refusedPage is a listed page of a source with a refused date. It
// holds the page's record, and the lastmod sources its decision named
// (mapping.Decision's LastModFrom, and Next's). When the final source
// is one of these, their words name it best ("front matter lastmod",
// "git (Hugo's default [frontmatter] lastmod)").
type refusedPage struct {
	idx      int32
	from     [2]string
	fromKind [2]mapping.LastModSource
}

// holdRefused holds the warning about a date refused in the source at
// path, with its line and message, until the refused dates pass
// (refusedPass).
func (f *judged) holdRefused(path string, line int, msg string) {
	f.refused = append(f.refused, refusedDate{path, line, msg})
	if f.refusedRecs == nil {
		f.refusedRecs = make(map[string][]refusedPage)
	}
	if _, ok := f.refusedRecs[path]; !ok {
		f.refusedRecs[path] = nil
	}
}

// noteRefused notes that the record idx, with decision d, is of a page
// of the source at path, when a warning about that source is held.
func (f *judged) noteRefused(path string, idx int32, d *mapping.Decision) {
	if pages, ok := f.refusedRecs[path]; ok {
		f.refusedRecs[path] = append(pages, refusedPage{idx, [2]string{d.LastModFrom, d.Next.From}, [2]mapping.LastModSource{d.LastModSource, d.Next.Source}})
	}
}

// refusedPass is the refused dates pass. It says the held warnings, in
// the order they came. With final, the dates are final: this is the
// pass after the last one that dates a page. Each warning then ends
// with what dates the source's page instead. Without final, the build
// ended early, and each warning is said as it is.
type refusedPass struct {
	// held are the warnings held (judged.refused).
	held  []refusedDate
	found findings
}

// refusedDates runs the refused dates pass. It takes the held warnings,
// and the records of their sources' pages, out of the builder, so that
// each is said once.
func (b *builder) refusedDates(final bool) findings {
	p, pages := &refusedPass{held: b.found.refused}, b.found.refusedRecs
	b.found.refused, b.found.refusedRecs = nil, nil
	return p.run(&b.recs, pages, final)
}

// run returns the held warnings, each ended with the date its page
// takes instead when final is set: its final date in recs. pages holds,
// by the source's path, the records of its listed pages
// (judged.refusedRecs), which run reads.
func (p *refusedPass) run(recs *records, pages map[string][]refusedPage, final bool) findings {
	for _, r := range p.held {
		msg := r.msg
		if final {
			msg += recs.datedInstead(pages[r.path])
		}
		p.found.warn(r.path, diag.At(r.path, r.line, msg))
	}
	return p.found
}

// sayRefused tells the held warnings through the reporter at once. Run,
// a Session and runPasses defer it with final false. So the warnings
// are told even when an error ends the build before the refused dates
// pass.
func (b *builder) sayRefused(final bool) {
	b.rep.say(b.refusedDates(final))
}

// datedInstead says what dates the listed page among pages, the records
// of a source's pages: "; the page is dated by git instead: …", or that
// no source does. For a source with several listed pages, it names the
// first by URL. It returns "" when none of them is listed.
func (s *records) datedInstead(pages []refusedPage) string {
	var first *refusedPage
	n := 0
	for k := range pages {
		p := &pages[k]
		loc := s.loc(p.idx)
		if i, ok := s.find(loc); !ok || s.order[i] != p.idx {
			continue // left out after all: a duplicate, stale or disallowed
		}
		if n++; first == nil || loc < s.loc(first.idx) {
			first = p
		}
	}
	if first == nil {
		return ""
	}
	page := "the page"
	if n > 1 {
		page = "its page " + s.loc(first.idx)
	}
	lm, listed := s.lastmodListed(first.idx)
	if lm == noLastMod {
		return "; no other source dates " + page
	}
	src := s.source(first.idx)
	if listed {
		src = LastModListed
	}
	words := sourceWords(src)
	for k, kind := range first.fromKind {
		if kind == src && first.from[k] != "" {
			words = first.from[k]
			break
		}
	}
	return "; " + page + " is dated by " + words + " instead: " + time.Unix(lm, 0).UTC().Format(time.RFC3339)
}

// sourceWords names the lastmod source src in a sentence.
func sourceWords(src mapping.LastModSource) string {
	switch src {
	case mapping.LastModFrontMatter:
		return "another key of its front matter"
	case mapping.LastModMeta:
		return "its head's date"
	case mapping.LastModHash:
		return "the hash of its content"
	case mapping.LastModSitemap:
		return "the generator's sitemap"
	case mapping.LastModMTime:
		return "its file's modification time"
	case LastModListed:
		return "the newest page it lists"
	case LastModTransform:
		return "the transform hook"
	}
	return string(src) // git, extra_urls
}
