package pipeline

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// A list of alternates reads back as it was kept, whatever its hrefs
// share with each other, with the URL of the page that declared it and
// with the base URL: none, all, a beginning and an end that would
// overlap, hrefs shorter than the one before, other hosts, bytes past
// ASCII; in a build and in a Session, lines or none, and lists of more
// links than the reader's arrays on the stack.
func TestAltListsRoundTrip(t *testing.T) {
	m, err := mapping.New(mapping.Options{BaseURL: "https://example.com/"})
	if err != nil {
		t.Fatal(err)
	}
	parts := []string{"https://example.com/", "https://example.com/fr/", "https://other.example/", "a", "aa", "a/", "é/", "%20", "docs/", "/", ""}
	r := rand.New(rand.NewPCG(1, 2))
	href := func() string {
		var b strings.Builder
		for range r.IntN(5) {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		return b.String()
	}
	for _, session := range []bool{false, true} {
		s := &records{recordTable: recordTable{mapper: m}, alts: alternates{session: session}}
		type page struct {
			idx   int32
			alts  []sitemap.Alternate
			lines []int
		}
		var pages []page
		for i := range 500 {
			n := 1 + r.IntN(4)
			if i%50 == 0 {
				n = 40 // past the reader's arrays
			}
			alts := make([]sitemap.Alternate, n)
			var lines []int
			for k := range alts {
				alts[k] = sitemap.Alternate{Lang: []string{"en", "fr", "x-default", "de-AT"}[r.IntN(4)], Href: href()}
				if i%3 != 0 {
					lines = append(lines, 3+k*r.IntN(3)-r.IntN(2))
				}
			}
			if i%7 == 0 && len(pages) > 0 { // another page of a cluster kept before
				p := pages[r.IntN(len(pages))]
				alts, lines = slices.Clone(p.alts), slices.Clone(p.lines)
			}
			loc := "https://example.com/" + href()
			if i%5 == 0 {
				loc = alts[0].Href // the page among its own links
			}
			d := mapping.Decision{URL: sitemap.URL{Loc: loc, Alternates: alts}, AltLines: lines, Form: mapping.FormUnknown}
			idx := s.add(fmt.Sprintf("p%d/index.html", i), &d)
			pages = append(pages, page{idx, alts, lines})
		}
		for i, p := range pages {
			got, lines := s.declared(s.rec(p.idx).alts - 1)
			if !slices.Equal(got, p.alts) || !slices.Equal(lines, p.lines) {
				t.Fatalf("session %v, page %d: %q on lines %v, want %q on %v", session, i, got, lines, p.alts, p.lines)
			}
			if n := s.alts.shownLen(s.rec(p.idx).alts - 1); n != len(p.alts) {
				t.Errorf("session %v, page %d: %d links shown, want %d", session, i, n, len(p.alts))
			}
		}
	}
}

// A Session's records are removed and their slots used again: its lists
// are written against the base URL, not a record's URL, and read the
// same once the page that declared one first is gone. compactAlts keeps
// those of the records there are, once, and leaves the others behind.
func TestAltListsSession(t *testing.T) {
	m, err := mapping.New(mapping.Options{BaseURL: "https://example.com/"})
	if err != nil {
		t.Fatal(err)
	}
	s := &records{recordTable: recordTable{mapper: m}, alts: alternates{session: true}}
	cluster := []sitemap.Alternate{{Lang: "en", Href: "https://example.com/a/"}, {Lang: "fr", Href: "https://example.com/fr/a/"}}
	add := func(loc string, alts []sitemap.Alternate) int32 {
		d := mapping.Decision{URL: sitemap.URL{Loc: loc, Alternates: alts}, AltLines: []int{4, 5}, Form: mapping.FormUnknown}
		return s.add(strings.TrimPrefix(loc, "https://example.com/")+"index.html", &d)
	}
	en := add("https://example.com/a/", cluster)
	fr := add("https://example.com/fr/a/", cluster)
	if s.alts.refs[s.rec(en).alts-1] != s.alts.refs[s.rec(fr).alts-1] {
		t.Fatal("the pages of a cluster keep a list each")
	}
	gone := add("https://example.com/z/", []sitemap.Alternate{{Lang: "en", Href: "https://example.com/z/"}, {Lang: "it", Href: "https://example.com/it/z/"}})
	s.alts.lists.judged()
	s.remove(gone)
	s.remove(en)
	other := add("https://example.com/b/", []sitemap.Alternate{{Lang: "de", Href: "https://example.com/de/b/"}}) // en's slot
	if other != en {
		t.Fatalf("the slot of a removed record not used again: %d, not %d", other, en)
	}
	check := func(when string) {
		t.Helper()
		if got, lines := s.declared(s.rec(fr).alts - 1); !slices.Equal(got, cluster) || !slices.Equal(lines, []int{4, 5}) {
			t.Errorf("%s: fr/a/'s links %v on lines %v, want %v on [4 5]", when, got, lines, cluster)
		}
		if got, _ := s.declared(s.rec(other).alts - 1); len(got) != 1 || got[0].Href != "https://example.com/de/b/" {
			t.Errorf("%s: b/'s links %v", when, got)
		}
	}
	check("after en/a/ was removed")
	size := s.alts.lists.size
	s.compactAlts()
	check("compacted")
	if s.alts.lists.size >= size || s.alts.refs[0] != 0 || s.alts.refs[2] != 0 {
		t.Errorf("compacted: %d bytes of lists, %d before; the removed pages' entries %d and %d, want 0", s.alts.lists.size, size, s.alts.refs[0], s.alts.refs[2])
	}
}

// BenchmarkAltListsPut measures what keeping a translated page's list
// costs the walk's one goroutine that records pages: a cluster of three
// pages with four links each, the first page's list kept, the two
// others' found alike.
//
//	go test ./internal/pipeline -run '^$' -bench AltListsPut
func BenchmarkAltListsPut(b *testing.B) {
	m, err := mapping.New(mapping.Options{BaseURL: "https://example.com/"})
	if err != nil {
		b.Fatal(err)
	}
	s := &records{recordTable: recordTable{mapper: m}}
	const clusters = 4096
	type page struct {
		d    mapping.Decision
		path string
	}
	var pages []page
	for k := range clusters {
		p := fmt.Sprintf("tutorials/delta/it's%%20new-limit-broker-bitmap-pixel-%d/", k)
		alts := []sitemap.Alternate{{Lang: "en", Href: base + p}, {Lang: "fr", Href: base + "fr/" + p}, {Lang: "de", Href: base + "de/" + p}, {Lang: "x-default", Href: base + p}}
		for _, lang := range []string{"de/", "fr/", ""} {
			pages = append(pages, page{mapping.Decision{URL: sitemap.URL{Loc: base + lang + p, Alternates: alts}, AltLines: []int{9, 10, 11, 12}, Form: mapping.FormSlashIndexHTML}, lang + p + "index.html"})
		}
	}
	b.ResetTimer()
	i := 0
	for b.Loop() {
		if i == len(pages) {
			b.StopTimer()
			s = &records{recordTable: recordTable{mapper: m}}
			i = 0
			b.StartTimer()
		}
		s.add(pages[i].path, &pages[i].d)
		i++
	}
}

// In a Session, the lists of pages read again pile up behind until they
// take more than twice what the first judgement's did (and the slack):
// then putAlts compacts them, and the pages' lists read as they were
// put.
func TestAltListsCompactedInSession(t *testing.T) {
	m, err := mapping.New(mapping.Options{BaseURL: "https://example.com/"})
	if err != nil {
		t.Fatal(err)
	}
	defer func(was int) { compactSlack = was }(compactSlack)
	compactSlack = 2048
	s := &records{recordTable: recordTable{mapper: m}, alts: alternates{session: true}}
	const pages = 20
	idx := make([]int32, pages)
	want := make([][]sitemap.Alternate, pages)
	add := func(i, version int) {
		loc := fmt.Sprintf("https://example.com/p%d/", i)
		want[i] = []sitemap.Alternate{{Lang: "en", Href: loc}, {Lang: "fr", Href: fmt.Sprintf("https://example.com/fr/p%d/v%d/", i, version)}}
		d := mapping.Decision{URL: sitemap.URL{Loc: loc, Alternates: want[i]}, AltLines: []int{3, 4}, Form: mapping.FormUnknown}
		idx[i] = s.add(fmt.Sprintf("p%d/index.html", i), &d)
	}
	for i := range pages {
		add(i, 0)
	}
	s.alts.lists.judged()
	first, most, compactions := s.alts.lists.size, 0, 0
	for update := 1; update <= 400; update++ {
		i := update % pages
		s.remove(idx[i])
		before := s.alts.lists.size
		add(i, update)
		if s.alts.lists.size < before {
			compactions++
		}
		most = max(most, s.alts.lists.size)
		s.alts.lists.judged()
	}
	if compactions == 0 || most > 2*first+compactSlack+64 {
		t.Errorf("%d compactions; the lists took up to %d bytes, %d after the first judgement", compactions, most, first)
	}
	for i := range pages {
		if got, _ := s.declared(s.rec(idx[i]).alts - 1); !slices.Equal(got, want[i]) {
			t.Errorf("page %d: %v, want %v", i, got, want[i])
		}
	}
}

// A Session's list keeps a summary of its hrefs (hrefSig) by which an
// update passes over the lists that cannot name a changed URL: every
// href of a list has all its bits in the list's summary, as put, kept
// once for the pages of a cluster, and compacted; a URL no list names
// is passed over by most lists of a few links. A build's lists keep
// none, and each would be read.
func TestAltListsSig(t *testing.T) {
	m, err := mapping.New(mapping.Options{BaseURL: "https://example.com/"})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	for _, session := range []bool{false, true} {
		s := &records{recordTable: recordTable{mapper: m}, alts: alternates{session: session}}
		var pages []int32
		var lists [][]sitemap.Alternate
		for i := range 400 {
			n := 1 + r.IntN(4)
			if i%50 == 0 {
				n = 40
			}
			alts := make([]sitemap.Alternate, n)
			for k := range alts {
				alts[k] = sitemap.Alternate{Lang: []string{"en", "fr", "de"}[r.IntN(3)], Href: fmt.Sprintf("https://example.com/%s/p%d/", []string{"en", "fr", "de"}[k%3], r.IntN(1000))}
			}
			if i%7 == 0 && len(lists) > 0 { // another page of a cluster kept before
				alts = slices.Clone(lists[r.IntN(len(lists))])
			}
			d := mapping.Decision{URL: sitemap.URL{Loc: fmt.Sprintf("https://example.com/x%d/", i), Alternates: alts}, Form: mapping.FormUnknown}
			pages = append(pages, s.add(fmt.Sprintf("x%d/index.html", i), &d))
			lists = append(lists, alts)
		}
		check := func(when string) {
			t.Helper()
			read := 0 // of the lists of four links or fewer, for a URL none names
			short := 0
			for i, idx := range pages {
				ref := s.alts.refs[s.rec(idx).alts-1]
				sig := s.alts.lists.sig(ref)
				for _, a := range lists[i] {
					if !mayName(sig, []uint64{s.alts.lists.hrefSig(a.Href)}) {
						t.Fatalf("session %v, %s: page %d's list names %s, and its summary %#x lacks a bit of it", session, when, i, a.Href, sig)
					}
				}
				if len(lists[i]) <= 4 {
					short++
					if mayName(sig, []uint64{s.alts.lists.hrefSig("https://example.com/named/by/none/")}) {
						read++
					}
				}
			}
			switch {
			case !session && read != short:
				t.Errorf("%s: a build's list passed over (%d of %d read)", when, read, short)
			case session && read*10 > short:
				t.Errorf("%s: %d of %d lists read for a URL none names", when, read, short)
			}
		}
		check("put")
		if session {
			s.alts.lists.judged()
			s.compactAlts()
			check("compacted")
		}
	}
}
