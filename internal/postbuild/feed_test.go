package postbuild

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/internal/testtool"
	"github.com/sitemapgen/sitemapgen/internal/validate"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func day(d int) time.Time { return time.Date(2024, 5, d, 10, 30, 0, 0, time.UTC) }

// sample has a home page without title (its title is "/"), a tie in dates
// broken by URL, a date in another zone and with fractions of a second,
// characters that need escaping in URLs and titles, characters XML cannot
// carry, and an undated page, which is left out.
var sample = []FeedEntry{
	{URL: base, Updated: day(3)},
	{URL: base + "posts/hello/", Updated: day(5), Title: "Hello, world"},
	{URL: base + "o'reilly/q&a.html", Updated: time.Date(2024, 5, 4, 23, 0, 0, 0, time.FixedZone("", -5*3600)), Title: `Q&A: <b>"quotes"</b> & 'apostrophes' ]]>`},
	{URL: base + "caf%C3%A9/", Updated: day(5)},
	{URL: base + "drafts/"},
	{URL: base + "a%20b/?x=1&y=2", Updated: day(1).Add(500 * time.Millisecond), Title: "tab\tnul\x00 bell\a cr\r bad\xffUTF-8 \uFFFE"},
}

func encodeBytes(t testing.TB, entries []FeedEntry, opts FeedOptions) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := EncodeFeed(&buf, entries, opts); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (go test -update rewrites it):\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// ---- The RFC 4287 checker ----

const atomNS = "http://www.w3.org/2005/Atom"

// elem is an element of a parsed document.
type elem struct {
	name     xml.Name
	attrs    []xml.Attr
	text     string // character data directly inside
	children []*elem
}

// attr returns the value of the unqualified attribute local.
func (e *elem) attr(local string) (string, bool) {
	for _, a := range e.attrs {
		if a.Name.Space == "" && a.Name.Local == local {
			return a.Value, true
		}
	}
	return "", false
}

// atom returns the children in the Atom namespace named local.
func (e *elem) atom(local string) []*elem {
	var r []*elem
	for _, c := range e.children {
		if c.name.Space == atomNS && c.name.Local == local {
			r = append(r, c)
		}
	}
	return r
}

// parseXML parses data with encoding/xml, strictly: well-formed, one root,
// nothing but white space outside it.
func parseXML(data []byte) (*elem, error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	var root *elem
	var stack []*elem
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			e := &elem{name: t.Name, attrs: slices.Clone(t.Attr)}
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				p.children = append(p.children, e)
			} else if root != nil {
				return nil, errors.New("a second root element")
			} else {
				root = e
			}
			stack = append(stack, e)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].text += string(t)
			} else if strings.TrimSpace(string(t)) != "" {
				return nil, errors.New("text outside the root element")
			}
		}
	}
	if root == nil {
		return nil, errors.New("no root element")
	}
	return root, nil
}

// dateForm is an RFC 3339 date-time in UTC, with 'T' and 'Z' upper case as
// RFC 4287 section 3.3 requires; fractions of a second are allowed, other
// zones are not (sitemapgen promises UTC).
var dateForm = regexp.MustCompile(`^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?Z$`)

// badEscape finds a "%" that starts no pct-encoded triplet (RFC 3987), which
// url.Parse lets pass in a query or fragment.
var badEscape = regexp.MustCompile(`%([^0-9A-Fa-f]|.[^0-9A-Fa-f]|.?$)`)

// checkAtom checks an Atom Feed Document against the rules of RFC 4287 that
// can be checked without a schema, plus sitemapgen's own promises (UTC
// dates, absolute ids and links, non-empty titles). It returns every
// problem found; none for a valid feed.
func checkAtom(data []byte) []string {
	var problems []string
	add := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }

	root, err := parseXML(data)
	if err != nil {
		return []string{"not well-formed XML: " + err.Error()}
	}
	if root.name != (xml.Name{Space: atomNS, Local: "feed"}) {
		add("root element is {%s}%s, not an Atom feed", root.name.Space, root.name.Local)
		return problems
	}

	ids := map[string]string{} // atom:id → where it was seen

	// exactlyOne and atMostOne check how many children e has of each name.
	exactlyOne := func(e *elem, where string, names ...string) {
		for _, n := range names {
			if k := len(e.atom(n)); k != 1 {
				add("%s has %d atom:%s, not exactly one", where, k, n)
			}
		}
	}
	atMostOne := func(e *elem, where string, names ...string) {
		for _, n := range names {
			if k := len(e.atom(n)); k > 1 {
				add("%s has %d atom:%s, at most one allowed", where, k, n)
			}
		}
	}
	// iri checks that s is an absolute IRI: it parses, has a scheme, and
	// has none of the characters that IRIs exclude.
	iri := func(where, s string) {
		if strings.ContainsFunc(s, func(r rune) bool {
			return r <= ' ' || r == 0x7f || strings.ContainsRune("\"<>\\^`{|}", r) || r == '\uFFFD'
		}) {
			add("%s: %q has characters an IRI cannot", where, s)
			return
		}
		if badEscape.MatchString(s) {
			add("%s: %q has a %% that starts no %%XX escape", where, s)
			return
		}
		u, err := url.Parse(s)
		switch {
		case err != nil:
			add("%s: %q is not an IRI: %v", where, s, err)
		case u.Scheme == "":
			add("%s: %q is not an absolute IRI (no scheme)", where, s)
		}
	}
	checkID := func(e *elem, where string) {
		for _, id := range e.atom("id") {
			iri(where+" atom:id", id.text)
			if prev, dup := ids[id.text]; dup {
				add("%s: atom:id %q is not unique (also %s)", where, id.text, prev)
			} else {
				ids[id.text] = where
			}
		}
	}
	checkDates := func(e *elem, where string) {
		for _, name := range []string{"updated", "published"} {
			for _, d := range e.atom(name) {
				if !dateForm.MatchString(d.text) {
					add("%s: atom:%s %q is not an RFC 3339 date-time in UTC (…T…Z)", where, name, d.text)
				} else if _, err := time.Parse(time.RFC3339, d.text); err != nil {
					add("%s: atom:%s %q is not an RFC 3339 date-time: %v", where, name, d.text, err)
				}
			}
		}
	}
	checkTexts := func(e *elem, where string, names ...string) {
		for _, name := range names {
			for _, x := range e.atom(name) {
				typ, _ := x.attr("type")
				switch typ {
				case "", "text", "html":
					if len(x.children) > 0 {
						add("%s: atom:%s of type %q has child elements", where, name, typ)
					}
				case "xhtml":
				default:
					add("%s: atom:%s has type %q", where, name, typ)
				}
				if name == "title" && strings.TrimSpace(x.text) == "" {
					add("%s: atom:title is empty", where)
				}
			}
		}
	}
	checkPersons := func(e *elem, where string) {
		for _, p := range e.atom("author") {
			if k := len(p.atom("name")); k != 1 {
				add("%s: atom:author has %d atom:name, not exactly one", where, k)
			}
		}
	}
	// checkLinks checks e's links and returns their rels.
	checkLinks := func(e *elem, where string) map[string]int {
		rels := map[string]int{}
		alternates := map[string]bool{}
		for _, l := range e.atom("link") {
			href, ok := l.attr("href")
			if !ok || href == "" {
				add("%s: atom:link has no href", where)
			} else {
				iri(where+" atom:link href", href)
			}
			rel, ok := l.attr("rel")
			if !ok {
				rel = "alternate"
			}
			rels[rel]++
			if rel == "alternate" {
				typ, _ := l.attr("type")
				lang, _ := l.attr("hreflang")
				if alternates[typ+"\x00"+lang] {
					add("%s: two alternate links with type %q and hreflang %q", where, typ, lang)
				}
				alternates[typ+"\x00"+lang] = true
			}
		}
		return rels
	}

	// The feed (section 4.1.1).
	exactlyOne(root, "feed", "id", "title", "updated")
	atMostOne(root, "feed", "generator", "icon", "logo", "rights", "subtitle")
	checkID(root, "feed")
	checkTexts(root, "feed", "title", "subtitle", "rights")
	checkDates(root, "feed")
	checkPersons(root, "feed")
	if checkLinks(root, "feed")["self"] == 0 {
		add(`feed has no atom:link with rel="self"`)
	}
	feedAuthor := len(root.atom("author")) > 0
	entries := root.atom("entry")
	if !feedAuthor && len(entries) == 0 {
		add("feed has no atom:author")
	}

	// The entries (section 4.1.2).
	for i, e := range entries {
		where := fmt.Sprintf("entry %d", i+1)
		exactlyOne(e, where, "id", "title", "updated")
		atMostOne(e, where, "content", "published", "rights", "source", "summary")
		checkID(e, where)
		checkTexts(e, where, "title", "summary", "rights")
		checkDates(e, where)
		checkPersons(e, where)
		if !feedAuthor && len(e.atom("author")) == 0 {
			add("%s has no atom:author, nor has the feed", where)
		}
		if checkLinks(e, where)["alternate"] == 0 && len(e.atom("content")) == 0 {
			add(`%s has neither atom:content nor an atom:link with rel="alternate"`, where)
		}
	}
	return problems
}

// xmllint is the path of xmllint, or "" when it is not installed.
var xmllint, _ = exec.LookPath("xmllint")

// validFeed fails t unless data is a valid Atom feed, per checkAtom and,
// when installed, xmllint's well-formedness check.
func validFeed(t testing.TB, data []byte) {
	t.Helper()
	for _, p := range checkAtom(data) {
		t.Error(p)
	}
	if xmllint == "" {
		return
	}
	cmd := exec.Command(xmllint, "--noout", "-")
	cmd.Stdin = bytes.NewReader(data)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("xmllint: %v\n%s", err, out)
	}
}

// atomFeed and atomEntry are a feed read back with encoding/xml.
type atomFeed struct {
	XMLName xml.Name `xml:"http://www.w3.org/2005/Atom feed"`
	ID      string   `xml:"http://www.w3.org/2005/Atom id"`
	Title   string   `xml:"http://www.w3.org/2005/Atom title"`
	Updated string   `xml:"http://www.w3.org/2005/Atom updated"`
	Author  string   `xml:"http://www.w3.org/2005/Atom author>name"`
	Links   []struct {
		Rel  string `xml:"rel,attr"`
		Href string `xml:"href,attr"`
	} `xml:"http://www.w3.org/2005/Atom link"`
	Entries []atomEntry `xml:"http://www.w3.org/2005/Atom entry"`
}

type atomEntry struct {
	ID      string `xml:"http://www.w3.org/2005/Atom id"`
	Title   string `xml:"http://www.w3.org/2005/Atom title"`
	Updated string `xml:"http://www.w3.org/2005/Atom updated"`
	Link    struct {
		Href string `xml:"href,attr"`
	} `xml:"http://www.w3.org/2005/Atom link"`
}

func readFeed(t testing.TB, data []byte) atomFeed {
	t.Helper()
	var f atomFeed
	if err := xml.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	return f
}

// link returns the href of f's link with rel.
func (f atomFeed) link(rel string) string {
	for _, l := range f.Links {
		if l.Rel == rel {
			return l.Href
		}
	}
	return ""
}

// clean is what a title or URL s reads as in the feed: characters XML
// cannot carry become U+FFFD.
func clean(s string) string {
	var b strings.Builder
	for _, r := range s { // an invalid byte is a RuneError of its own
		if r < ' ' && r != '\t' && r != '\n' && r != '\r' || r == 0xFFFE || r == 0xFFFF {
			r = '\uFFFD'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// entryTitle is the title an entry should read as.
func entryTitle(e FeedEntry) string {
	if strings.TrimSpace(e.Title) == "" {
		return clean(displayPath(e.URL))
	}
	return clean(e.Title)
}

// ---- Tests ----

func TestGolden(t *testing.T) {
	tests := []struct {
		name string
		opts FeedOptions
	}{
		{"sample", FeedOptions{BaseURL: base}},
		{"titled", FeedOptions{BaseURL: base, Title: "Example & Co. <News>", Limit: 2}},
		{"base-path", FeedOptions{BaseURL: "https://example.com/blog/", SelfURL: "https://feeds.example.com/blog.atom"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := encodeBytes(t, sample, tt.opts)
			validFeed(t, got)
			golden(t, tt.name+".feed.xml.golden", got)
		})
	}
}

// TestSample checks what the sample's feed says, read back with
// encoding/xml.
func TestSample(t *testing.T) {
	f := readFeed(t, encodeBytes(t, sample, FeedOptions{BaseURL: base}))
	if f.ID != base+"feed.xml" || f.link("self") != base+"feed.xml" || f.link("alternate") != base {
		t.Errorf("id %q, self %q, alternate %q", f.ID, f.link("self"), f.link("alternate"))
	}
	if f.Title != "example.com/" || f.Author != "example.com" {
		t.Errorf("title %q, author %q", f.Title, f.Author)
	}
	if f.Updated != "2024-05-05T10:30:00Z" {
		t.Errorf("feed updated %q, want the newest entry's", f.Updated)
	}
	want := []struct{ url, title, updated string }{
		{base + "caf%C3%A9/", "/café/", "2024-05-05T10:30:00Z"}, // tie: URL order
		{base + "posts/hello/", "Hello, world", "2024-05-05T10:30:00Z"},
		{base + "o'reilly/q&a.html", `Q&A: <b>"quotes"</b> & 'apostrophes' ]]>`, "2024-05-05T04:00:00Z"},
		{base, "/", "2024-05-03T10:30:00Z"},
		{base + "a%20b/?x=1&y=2", "tab\tnul\uFFFD bell\uFFFD cr\r bad\uFFFDUTF-8 \uFFFD", "2024-05-01T10:30:00Z"},
	}
	if len(f.Entries) != len(want) {
		t.Fatalf("%d entries, want %d", len(f.Entries), len(want))
	}
	for i, w := range want {
		e := f.Entries[i]
		if e.ID != w.url || e.Link.Href != w.url || e.Title != w.title || e.Updated != w.updated {
			t.Errorf("entry %d = %+v, want %+v", i+1, e, w)
		}
	}
}

func TestDeterministic(t *testing.T) {
	want := encodeBytes(t, sample, FeedOptions{BaseURL: base})
	r := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		in := slices.Clone(sample)
		r.Shuffle(len(in), func(i, j int) { in[i], in[j] = in[j], in[i] })
		if got := encodeBytes(t, in, FeedOptions{BaseURL: base}); !bytes.Equal(got, want) {
			t.Fatalf("order %v gives other bytes:\n%s", in, got)
		}
	}
}

// urls returns the URLs of entries.
func urls(entries []FeedEntry) []string {
	var r []string
	for _, e := range entries {
		r = append(r, e.URL)
	}
	return r
}

func TestSelect(t *testing.T) {
	at := func(h, ns int) time.Time { return time.Date(2024, 1, 1, h, 0, 0, ns, time.UTC) }
	entries := []FeedEntry{
		{URL: base + "c", Updated: at(3, 0)},
		{URL: base + "b", Updated: at(3, 900)}, // the same second as c: a tie
		{URL: base + "a", Updated: at(1, 0)},
		{URL: base + "undated"},
		{URL: base + "d", Updated: at(2, 0).In(time.FixedZone("", 9*3600))},
		{URL: base + "year0", Updated: time.Date(0, 12, 31, 0, 0, 0, 0, time.UTC)},
		{URL: base + "year10000", Updated: time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)},
		{URL: base + "zone", Updated: time.Date(1, 1, 1, 0, 30, 0, 0, time.FixedZone("", 3600))}, // year 0 in UTC
		{URL: base + "e", Updated: at(4, 0)},
	}
	orig := slices.Clone(entries)
	tests := []struct {
		limit int
		want  []string
	}{
		{-1, nil},
		{0, nil},
		{1, []string{"e"}},
		{3, []string{"e", "b", "c"}},
		{5, []string{"e", "b", "c", "d", "a"}},
		{100, []string{"e", "b", "c", "d", "a"}},
	}
	r := rand.New(rand.NewPCG(3, 4))
	for _, tt := range tests {
		var want []string
		for _, w := range tt.want {
			want = append(want, base+w)
		}
		for range 20 {
			in := slices.Clone(entries)
			r.Shuffle(len(in), func(i, j int) { in[i], in[j] = in[j], in[i] })
			if got := urls(SelectFeed(in, tt.limit)); !slices.Equal(got, want) {
				t.Errorf("Select(%d) = %v, want %v", tt.limit, got, want)
			}
		}
	}
	if !slices.EqualFunc(entries, orig, func(a, b FeedEntry) bool { return a == b }) {
		t.Error("Select changed its input")
	}
}

// TestSelectReference compares Select with sorting everything, on random
// entries with many ties.
func TestSelectReference(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		n := r.IntN(60)
		var entries []FeedEntry
		for i := range n {
			e := FeedEntry{URL: fmt.Sprintf("%sp%d", base, r.IntN(40)), Title: fmt.Sprint(i % 3)}
			if r.IntN(5) > 0 {
				e.Updated = day(1).Add(time.Duration(r.IntN(4))*time.Second + time.Duration(r.IntN(3)))
			}
			entries = append(entries, e)
		}
		limit := r.IntN(70)
		var want []FeedEntry
		for _, e := range entries {
			if !e.Updated.IsZero() {
				want = append(want, e)
			}
		}
		slices.SortStableFunc(want, func(a, b FeedEntry) int {
			switch {
			case before(a, b):
				return -1
			case before(b, a):
				return 1
			}
			return 0
		})
		want = want[:min(limit, len(want))]
		if got := SelectFeed(entries, limit); !slices.Equal(got, want) {
			t.Fatalf("Select(%v, %d) =\n%v, want\n%v", entries, limit, got, want)
		}
	}
}

func TestHostile(t *testing.T) {
	hostile := []FeedEntry{
		{URL: base + "q?a=1&b='2'&c=(3)", Updated: day(1), Title: `&<>'"&amp;&#0;<![CDATA[x]]>`},
		{URL: base + "%3Cscript%3E/", Updated: day(2), Title: "</title><title>second</title>"},
		{URL: base + "ctl/", Updated: day(3), Title: "\x00\x01\x08\x0b\x0c\x0e\x1f\x7f\u0085\u2028 end"},
		{URL: base + "utf8/", Updated: day(4), Title: "\xff\xfe\xc3\x28 \xed\xa0\x80 \xef\xbf\xbe \xef\xbf\xbf ok\u00e9"},
		{URL: base + "%FF%00%0D/", Updated: day(5)}, // its decoded path is invalid UTF-8 and control characters
		{URL: base + "blank/", Updated: day(6), Title: " \t\n "},
		{URL: base + "newline/", Updated: day(7), Title: "line\r\nline\rline\n"},
		{URL: base + "!$&'()*+,;=:@-._~/", Updated: day(8), Title: "]]>"},
	}
	for _, opts := range []FeedOptions{
		{BaseURL: base},
		{BaseURL: base, Title: "\x00<feed>&\xff"},
		{BaseURL: "https://example.com/a&b/'c'/", SelfURL: "https://example.com/f.xml?a=1&b=2"},
	} {
		data := encodeBytes(t, hostile, opts)
		validFeed(t, data)
		f := readFeed(t, data)
		if len(f.Entries) != len(hostile) {
			t.Fatalf("%d entries, want %d", len(f.Entries), len(hostile))
		}
		for _, got := range f.Entries {
			i := slices.IndexFunc(hostile, func(e FeedEntry) bool { return e.URL == got.ID })
			if i < 0 {
				t.Errorf("entry id %q is none of the URLs", got.ID)
				continue
			}
			if want := entryTitle(hostile[i]); got.Title != want {
				t.Errorf("%s: title %q, want %q", got.ID, got.Title, want)
			}
			if got.Link.Href != got.ID {
				t.Errorf("%s: link %q", got.ID, got.Link.Href)
			}
		}
		if opts.Title != "" && f.Title != clean(opts.Title) {
			t.Errorf("feed title %q, want %q", f.Title, clean(opts.Title))
		}
		if self := f.link("self"); opts.SelfURL != "" && self != opts.SelfURL {
			t.Errorf("self link %q, want %q", self, opts.SelfURL)
		}
	}
}

func TestEntryTitle(t *testing.T) {
	for _, tt := range []struct{ url, want string }{
		{"https://example.com", "/"},
		{"https://example.com/", "/"},
		{"https://example.com/posts/hello/", "/posts/hello/"},
		{"https://example.com/caf%C3%A9/a%20b.html", "/café/a b.html"},
		{"https://example.com/a%2Fb/", "/a/b/"},
		{"https://example.com/search?q=a%20b&x=1", "/search?q=a%20b&x=1"},
		{"https://example.com/%FF/", "/\uFFFD/"},
	} {
		data := encodeBytes(t, []FeedEntry{{URL: tt.url, Updated: day(1)}}, FeedOptions{BaseURL: base})
		validFeed(t, data)
		if got := readFeed(t, data).Entries[0].Title; got != tt.want {
			t.Errorf("%s: title %q, want %q", tt.url, got, tt.want)
		}
	}
}

// TestAppendEscaped reads escaped strings back, as text and as an
// attribute value, with encoding/xml: they must read as clean says.
func TestAppendEscaped(t *testing.T) {
	for _, s := range []string{
		"", "plain", `&<>'"`, "&amp; &#38; ]]> <![CDATA[", "tab\tlf\ncr\rcrlf\r\n end",
		"\x00\x01\x08\x0b\x0c\x1f\x7f", "\xff\xfe\xc3 \xed\xa0\x80 \xef\xbf\xbe\xef\xbf\xbf \uFFFD",
		"é \u0085 \u2028 \U0001F600", "  leading and trailing  ",
	} {
		attr := appendEscaped(nil, s, true)
		if bytes.ContainsAny(attr, "\t\n\r") {
			// A conforming parser reads them as spaces (attribute-value
			// normalization); encoding/xml does not, so check the bytes.
			t.Errorf("%q: attribute value %q has a raw tab, newline or carriage return", s, attr)
		}
		doc := []byte("<a v=\"")
		doc = append(doc, attr...)
		doc = append(doc, "\">"...)
		doc = appendEscaped(doc, s, false)
		doc = append(doc, "</a>"...)
		var got struct {
			V    string `xml:"v,attr"`
			Text string `xml:",chardata"`
		}
		if err := xml.Unmarshal(doc, &got); err != nil {
			t.Errorf("%q: %v\n%s", s, err, doc)
			continue
		}
		if want := clean(s); got.V != want || got.Text != want {
			t.Errorf("%q reads back as attribute %q and text %q, want %q", s, got.V, got.Text, want)
		}
	}
}

// many returns n entries, each an hour newer than the last.
func many(n int) []FeedEntry {
	entries := make([]FeedEntry, n)
	for i := range entries {
		entries[i] = FeedEntry{URL: fmt.Sprintf("%spage-%05d.html", base, i), Updated: day(1).Add(time.Duration(i) * time.Hour)}
	}
	return entries
}

func TestLimit(t *testing.T) {
	for _, tt := range []struct {
		n, limit, want int
	}{
		{25, 0, DefaultFeedLimit},
		{25, 25, 25},
		{3, 0, 3},
		{MaxFeedLimit + 3, MaxFeedLimit, MaxFeedLimit},
	} {
		data := encodeBytes(t, many(tt.n), FeedOptions{BaseURL: base, Limit: tt.limit})
		validFeed(t, data)
		f := readFeed(t, data)
		if len(f.Entries) != tt.want {
			t.Errorf("%d entries, limit %d: feed has %d, want %d", tt.n, tt.limit, len(f.Entries), tt.want)
			continue
		}
		if newest := fmt.Sprintf("%spage-%05d.html", base, tt.n-1); f.Entries[0].ID != newest {
			t.Errorf("first entry %s, want %s", f.Entries[0].ID, newest)
		}
		if oldest := fmt.Sprintf("%spage-%05d.html", base, tt.n-tt.want); f.Entries[tt.want-1].ID != oldest {
			t.Errorf("last entry %s, want %s", f.Entries[tt.want-1].ID, oldest)
		}
	}
}

func TestOptions(t *testing.T) {
	one := []FeedEntry{{URL: base + "a/", Updated: day(1)}}
	bad := []struct {
		name string
		opts FeedOptions
	}{
		{"no base URL", FeedOptions{}},
		{"relative base URL", FeedOptions{BaseURL: "/blog/"}},
		{"base URL without slash", FeedOptions{BaseURL: "https://example.com/blog"}},
		{"base URL with space", FeedOptions{BaseURL: "https://example.com/a b/"}},
		{"base URL ftp", FeedOptions{BaseURL: "ftp://example.com/"}},
		{"base URL without host", FeedOptions{BaseURL: "https://?x/"}},
		{"negative limit", FeedOptions{BaseURL: base, Limit: -1}},
		{"limit too large", FeedOptions{BaseURL: base, Limit: MaxFeedLimit + 1}},
		{"relative self URL", FeedOptions{BaseURL: base, SelfURL: "feed.xml"}},
		{"self URL with <", FeedOptions{BaseURL: base, SelfURL: base + "<feed>.xml"}},
	}
	for _, tt := range bad {
		var buf bytes.Buffer
		if err := EncodeFeed(&buf, one, tt.opts); err == nil {
			t.Errorf("%s: no error", tt.name)
		} else if buf.Len() > 0 {
			t.Errorf("%s: wrote %d bytes along with %v", tt.name, buf.Len(), err)
		}
	}

	f := readFeed(t, encodeBytes(t, one, FeedOptions{BaseURL: "https://example.com/blog/"}))
	if f.Title != "example.com/blog/" || f.Author != "example.com" || f.ID != "https://example.com/blog/feed.xml" || f.link("alternate") != "https://example.com/blog/" {
		t.Errorf("defaults: %+v", f)
	}
	f = readFeed(t, encodeBytes(t, one, FeedOptions{BaseURL: base, Title: "My site", SelfURL: "https://cdn.example.net/feed.atom"}))
	if f.Title != "My site" || f.Author != "My site" || f.ID != "https://cdn.example.net/feed.atom" || f.link("self") != f.ID {
		t.Errorf("set: %+v", f)
	}
	if f = readFeed(t, encodeBytes(t, one, FeedOptions{BaseURL: base, Title: "  "})); f.Title != "example.com/" {
		t.Errorf("blank title: %q", f.Title)
	}
}

func TestEncodeErrors(t *testing.T) {
	opts := FeedOptions{BaseURL: base, Limit: 1}
	tests := []struct {
		name    string
		entries []FeedEntry
		is      error
	}{
		{"none", nil, ErrNoFeedEntries},
		{"no dates", []FeedEntry{{URL: base}, {URL: base + "a/"}}, ErrNoFeedEntries},
		{"out-of-range dates", []FeedEntry{{URL: base, Updated: time.Date(12000, 1, 1, 0, 0, 0, 0, time.UTC)}}, ErrNoFeedEntries},
		// Duplicates and bad URLs are errors even outside the limit.
		{"duplicate", []FeedEntry{{URL: base + "a/", Updated: day(2)}, {URL: base + "b/", Updated: day(3)}, {URL: base + "a/", Updated: day(1)}}, nil},
		{"duplicate undated", []FeedEntry{{URL: base + "a/", Updated: day(2)}, {URL: base + "a/"}}, nil},
		{"feed's own URL", []FeedEntry{{URL: base + "feed.xml", Updated: day(1)}}, nil},
		{"relative URL", []FeedEntry{{URL: "/a/", Updated: day(1)}}, nil},
		{"URL with space", []FeedEntry{{URL: base + "a b/", Updated: day(1)}}, nil},
		{"URL with quote", []FeedEntry{{URL: base + `a"b/`, Updated: day(1)}}, nil},
		{"URL with bad escape", []FeedEntry{{URL: base + "100%/", Updated: day(1)}}, nil},
		{"URL with short escape", []FeedEntry{{URL: base + "a%4", Updated: day(1)}}, nil},
		{"query with bad escape", []FeedEntry{{URL: base + "?q=100%", Updated: day(1)}}, nil},
		{"fragment with bad escape", []FeedEntry{{URL: base + "#%G0", Updated: day(1)}}, nil},
		{"URL with control", []FeedEntry{{URL: base + "a\x01/", Updated: day(1)}}, nil},
		{"URL with non-ASCII", []FeedEntry{{URL: base + "café/", Updated: day(1)}}, nil},
		{"URL too long", []FeedEntry{{URL: base + strings.Repeat("a", sitemap.MaxLocLength), Updated: day(1)}}, nil},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		err := EncodeFeed(&buf, tt.entries, opts)
		switch {
		case err == nil:
			t.Errorf("%s: no error", tt.name)
		case tt.is != nil && !errors.Is(err, tt.is):
			t.Errorf("%s: %v, want %v", tt.name, err, tt.is)
		case tt.is == nil && errors.Is(err, ErrNoFeedEntries):
			t.Errorf("%s: %v", tt.name, err)
		case buf.Len() > 0:
			t.Errorf("%s: wrote %d bytes along with %v", tt.name, buf.Len(), err)
		}
	}
}

// dirNames returns the names in dir.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, FeedName)
	opts := FeedOptions{BaseURL: base}

	if err := WriteFeed(path, sample, opts); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := encodeBytes(t, sample, opts); !bytes.Equal(got, want) {
		t.Errorf("file differs from Encode:\n%s", got)
	}
	if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, %v; want 0644", st.Mode(), err)
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{FeedName}) {
		t.Errorf("folder holds %v, want only %s", names, FeedName)
	}

	// A second Write replaces the file.
	if err := WriteFeed(path, many(3), opts); err != nil {
		t.Fatal(err)
	}
	second, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := encodeBytes(t, many(3), opts); !bytes.Equal(second, want) {
		t.Errorf("second Write: file differs from Encode:\n%s", second)
	}

	// Failures leave the file as it was and no temporary file.
	for _, tt := range []struct {
		name    string
		entries []FeedEntry
		opts    FeedOptions
	}{
		{"no dated page", []FeedEntry{{URL: base}}, opts},
		{"duplicate", []FeedEntry{{URL: base, Updated: day(1)}, {URL: base, Updated: day(2)}}, opts},
		{"bad options", sample, FeedOptions{BaseURL: "nope"}},
	} {
		if err := WriteFeed(path, tt.entries, tt.opts); err == nil {
			t.Errorf("%s: no error", tt.name)
		}
		if now, err := os.ReadFile(path); err != nil || !bytes.Equal(now, second) {
			t.Errorf("%s: the file changed (%v):\n%s", tt.name, err, now)
		}
		if names := dirNames(t, dir); !slices.Equal(names, []string{FeedName}) {
			t.Errorf("%s: folder holds %v", tt.name, names)
		}
	}
}

// TestWriteRenameFails makes the rename fail, whoever runs the test (root
// ignores permissions): the path is a folder that is not empty.
func TestWriteRenameFails(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, FeedName)
	if err := os.Mkdir(path, 0o755); err != nil {
		t.Fatal(err)
	}
	inside := filepath.Join(path, "keep")
	if err := os.WriteFile(inside, []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteFeed(path, sample, FeedOptions{BaseURL: base}); err == nil {
		t.Fatal("no error writing over a folder")
	}
	if data, err := os.ReadFile(inside); err != nil || string(data) != "keep" {
		t.Errorf("the folder changed: %q, %v", data, err)
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{FeedName}) {
		t.Errorf("temporary file left: %v", names)
	}

	if err := WriteFeed(filepath.Join(dir, "missing", FeedName), sample, FeedOptions{BaseURL: base}); err == nil {
		t.Error("no error writing into a missing folder")
	}
}

// TestChecker makes sure checkAtom reports broken feeds: each mutation of a
// valid feed must be reported with the problem named.
func TestChecker(t *testing.T) {
	good := string(encodeBytes(t, sample, FeedOptions{BaseURL: base}))
	if p := checkAtom([]byte(good)); len(p) > 0 {
		t.Fatalf("valid feed reported: %v", p)
	}
	firstID := base + "caf%C3%A9/"
	tests := []struct {
		name, old, new string
		n              int    // replacements; -1 all
		want           string // in a reported problem
	}{
		{"no feed updated", "  <updated>2024-05-05T10:30:00Z</updated>\n  <author>", "  <author>", 1, "feed has 0 atom:updated"},
		{"two feed titles", "  <title>example.com/</title>\n", "  <title>example.com/</title>\n  <title>again</title>\n", 1, "feed has 2 atom:title"},
		{"no feed id", "  <id>" + base + "feed.xml</id>\n", "", 1, "feed has 0 atom:id"},
		{"duplicate ids", "<id>" + base + "posts/hello/</id>", "<id>" + firstID + "</id>", 1, "is not unique"},
		{"entry id is the feed id", "<id>" + firstID + "</id>", "<id>" + base + "feed.xml</id>", 1, "is not unique"},
		{"relative id", "<id>" + firstID + "</id>", "<id>/caf%C3%A9/</id>", 1, "not an absolute IRI"},
		{"id with space", "<id>" + firstID + "</id>", "<id>" + firstID + " </id>", 1, "characters an IRI cannot"},
		{"id with bad escape", "<id>" + firstID + "</id>", "<id>" + base + "%zz</id>", 1, "starts no %XX escape"},
		{"id with bad escape in query", "<id>" + firstID + "</id>", "<id>" + base + "?q=%G1</id>", 1, "starts no %XX escape"},
		{"id with truncated escape", "<id>" + firstID + "</id>", "<id>" + base + "?q=%A</id>", 1, "starts no %XX escape"},
		{"date with space", "2024-05-03T10:30:00Z", "2024-05-03 10:30:00Z", 1, "not an RFC 3339 date-time in UTC"},
		{"date without time", "2024-05-03T10:30:00Z", "2024-05-03", 1, "not an RFC 3339 date-time in UTC"},
		{"date without seconds", "2024-05-03T10:30:00Z", "2024-05-03T10:30Z", 1, "not an RFC 3339 date-time in UTC"},
		{"date in month 13", "2024-05-03T10:30:00Z", "2024-13-03T10:30:00Z", 1, "not an RFC 3339 date-time: "},
		{"date at hour 25", "2024-05-03T10:30:00Z", "2024-05-03T25:30:00Z", 1, "not an RFC 3339 date-time: "},
		{"date lower-case t", "2024-05-03T10:30:00Z", "2024-05-03t10:30:00z", 1, "not an RFC 3339 date-time in UTC"},
		{"date not in UTC", "2024-05-03T10:30:00Z", "2024-05-03T12:30:00+02:00", 1, "not an RFC 3339 date-time in UTC"},
		{"entry without updated", "    <updated>2024-05-03T10:30:00Z</updated>\n", "", 1, "entry 4 has 0 atom:updated"},
		{"entry without title", "    <title>/</title>\n", "", 1, "entry 4 has 0 atom:title"},
		{"entry with empty title", "<title>/</title>", "<title> </title>", 1, "atom:title is empty"},
		{"entry without id", "    <id>" + firstID + "</id>\n", "", 1, "entry 1 has 0 atom:id"},
		{"entry without link", `    <link rel="alternate" href="` + firstID + `"/>` + "\n", "", 1, "entry 1 has neither atom:content nor"},
		{"entry with two alternates", `    <link rel="alternate" href="` + firstID + `"/>` + "\n", `    <link rel="alternate" href="` + firstID + `"/>` + "\n" + `    <link href="` + firstID + `x"/>` + "\n", 1, "two alternate links"},
		{"no self link", `  <link rel="self" type="application/atom+xml" href="` + base + `feed.xml"/>` + "\n", "", 1, `no atom:link with rel="self"`},
		{"link without href", `<link rel="alternate" href="` + base + `"/>`, `<link rel="alternate"/>`, 1, "atom:link has no href"},
		{"no author", "  <author>\n    <name>example.com</name>\n  </author>\n", "", 1, "entry 1 has no atom:author"},
		{"author without name", "    <name>example.com</name>\n", "", 1, "atom:author has 0 atom:name"},
		{"title with markup", "<title>Hello, world</title>", "<title>Hello, <b>world</b></title>", 1, "has child elements"},
		{"no namespace", ` xmlns="` + atomNS + `"`, "", 1, "not an Atom feed"},
		{"RSS namespace", atomNS, "http://purl.org/rss/1.0/", 1, "not an Atom feed"},
		{"truncated", "</feed>\n", "", 1, "not well-formed"},
		{"unescaped ampersand", "q&amp;a", "q&a", 1, "not well-formed"},
		{"control character", "Hello, world", "Hello,\x01world", 1, "not well-formed"},
		{"invalid UTF-8", "Hello, world", "Hello,\xffworld", 1, "not well-formed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bad := strings.Replace(good, tt.old, tt.new, tt.n)
			if bad == good {
				t.Fatalf("the mutation changed nothing: %q not in the feed", tt.old)
			}
			problems := checkAtom([]byte(bad))
			if !slices.ContainsFunc(problems, func(p string) bool { return strings.Contains(p, tt.want) }) {
				t.Errorf("not reported: want %q among %q", tt.want, problems)
			}
		})
	}
}

// TestXMLLint checks that xmllint, when installed, rejects what it should,
// so that its passing validFeed means something.
func TestXMLLint(t *testing.T) {
	testtool.Program(t, "xmllint", "apt-get install libxml2-utils")
	good := encodeBytes(t, sample, FeedOptions{BaseURL: base})
	for _, bad := range [][]byte{
		bytes.Replace(good, []byte("</feed>"), nil, 1),
		bytes.Replace(good, []byte("Hello, world"), []byte("Hello,\x01world"), 1),
	} {
		cmd := exec.Command(xmllint, "--noout", "-")
		cmd.Stdin = bytes.NewReader(bad)
		if err := cmd.Run(); err == nil {
			t.Errorf("xmllint accepts a broken feed:\n%s", bad)
		}
	}
}

func FuzzEncodeFeed(f *testing.F) {
	const self = base + "feed.xml"
	f.Add("Hello", base+"a/", int64(1714559400), "", base+"b/", int64(1714559400), "")
	f.Add("&<>'\"\x00\xff\r\n", base+"q?a=1&b='2'", int64(1), "\x7f\uFFFE]]>", base, int64(-62135596800), "T\x01<&>")
	f.Add("", base+"%FF%00/", int64(253402300799), " ", base+"%FF%00/", int64(-1), "")
	f.Add("x", self, int64(5), "y", base+"a%zz", int64(5), "z")
	f.Add("x", "ftp://example.com/", int64(0), "y", base+"c/", int64(0), "z")
	f.Add("x", base+"a%zz/", int64(5), "y", base+"b/?q=%G1", int64(5), "")
	f.Fuzz(func(t *testing.T, title1, url1 string, sec1 int64, title2, url2 string, sec2 int64, feedTitle string) {
		defer fuzzbound.Check(t)()
		date := func(sec int64) time.Time {
			if sec == 0 {
				return time.Time{}
			}
			return time.Unix(sec, 0)
		}
		entries := []FeedEntry{{URL: url1, Updated: date(sec1), Title: title1}, {URL: url2, Updated: date(sec2), Title: title2}}
		opts := FeedOptions{BaseURL: base, Title: feedTitle}

		var reason string // why Encode must fail, if it must
		for _, e := range entries {
			if _, err := checkURL(e.URL); err != nil {
				reason = err.Error()
			} else if e.URL == self {
				reason = "the feed's URL"
			}
		}
		if url1 == url2 {
			reason = "duplicate"
		}
		var listed []FeedEntry
		for _, e := range entries {
			if dated(e.Updated) {
				listed = append(listed, e)
			}
		}
		if reason == "" && len(listed) == 0 {
			reason = "no dates"
		}

		var buf bytes.Buffer
		err := EncodeFeed(&buf, entries, opts)
		if (err != nil) != (reason != "") {
			t.Fatalf("Encode: %v; reason to fail: %q", err, reason)
		}
		if err != nil {
			if buf.Len() > 0 {
				t.Fatalf("wrote %d bytes along with %v", buf.Len(), err)
			}
			return
		}
		data := buf.Bytes()
		if p := checkAtom(data); len(p) > 0 {
			t.Fatalf("%q\n%s", p, data)
		}
		feed := readFeed(t, data)
		if len(feed.Entries) != len(listed) {
			t.Fatalf("%d entries, want %d", len(feed.Entries), len(listed))
		}
		for _, got := range feed.Entries {
			i := slices.IndexFunc(listed, func(e FeedEntry) bool { return e.URL == got.ID })
			if i < 0 {
				t.Fatalf("entry id %q is none of the URLs", got.ID)
			}
			if want := entryTitle(listed[i]); got.Title != want {
				t.Fatalf("title %q, want %q", got.Title, want)
			}
			if want := listed[i].Updated.UTC().Format(time.RFC3339); got.Updated != want {
				t.Fatalf("updated %q, want %q", got.Updated, want)
			}
		}
		if strings.TrimSpace(feedTitle) != "" && feed.Title != clean(feedTitle) {
			t.Fatalf("feed title %q, want %q", feed.Title, clean(feedTitle))
		}
	})
}

// The feed sitemapgen writes is a sitemap validate passes (the protocol
// takes an Atom feed as one), and validate.ReadIn hands out its entries:
// each page's URL and date.
func TestFeedValidates(t *testing.T) {
	var b bytes.Buffer
	when := time.Date(2024, 5, 1, 10, 30, 0, 0, time.UTC)
	err := EncodeFeed(&b, []FeedEntry{
		{URL: "https://example.com/blog/a/", Updated: when, Title: "A & B"},
		{URL: "https://example.com/blog/b/", Updated: when.Add(time.Hour)},
	}, FeedOptions{BaseURL: "https://example.com/blog/"})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "blog"), 0o755); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "blog", FeedName)
	if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	problems, checked, err := validate.Check([]string{p}, validate.Options{BaseURL: "https://example.com/blog/"})
	if err != nil || checked != 1 || len(problems) != 0 {
		t.Errorf("Check = %v, %d, %v; want no problem in 1 file", problems, checked, err)
	}
	var got []string
	index, err := validate.ReadIn(context.Background(), dir, "blog/"+FeedName, validate.Options{}, func(e validate.Entry) {
		got = append(got, e.Loc+" "+e.LastMod)
	})
	want := []string{"https://example.com/blog/b/ 2024-05-01T11:30:00Z", "https://example.com/blog/a/ 2024-05-01T10:30:00Z"}
	if err != nil || index || !slices.Equal(got, want) {
		t.Errorf("ReadIn = %q, %v, %v; want %q", got, index, err, want)
	}
}
