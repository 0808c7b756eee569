package pelican

import (
	"maps"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// TestReadMeta checks what Pelican's readers take of a source's head.
func TestReadMeta(t *testing.T) {
	tests := []struct {
		name, rel, text string
		want            meta
	}{
		{"markdown", "a.md", "Title: First post\nDate: 2024-03-04 10:00\nModified: 2024-05-06 07:08\nCategory: notes\n\nThe first post.\nSlug: not-metadata\n",
			meta{"title": "First post", "date": "2024-03-04 10:00", "modified": "2024-05-06 07:08", "category": "notes"}},
		{"markdown keys in any case, CRLF, a BOM", "a.md", "\ufeffTITLE: T\r\nsave_As: x.html\r\n\r\nbody",
			meta{"title": "T", "save_as": "x.html"}},
		{"markdown between ---", "a.markdown", "---\nTitle: T\nSlug: s\n---\nbody", meta{"title": "T", "slug": "s"}},
		{"markdown value going on, indented", "a.md", "Title: A long\n    title\nDate: 2024-01-02\n\nx", meta{"title": "A long\ntitle", "date": "2024-01-02"}},
		{"markdown: no metadata", "a.md", "# A heading\n\nTitle: no\n", meta{}},
		{"markdown: a text line ends it", "a.md", "Title: T\nnot a key line\nDate: 2024-01-02\n", meta{"title": "T"}},
		{"rst", "a.rst", "A second article\n################\n\n:date: 2024-04-01 09:00\n:modified: 2024-04-15 10:00\n:slug: custom-slug\n:category: notes\n\nAn article.\n",
			meta{"title": "A second article", "date": "2024-04-01 09:00", "modified": "2024-04-15 10:00", "slug": "custom-slug", "category": "notes"}},
		{"rst overline, subtitle, comment", "a.rst", ".. a comment\n\n=======\n Title\n=======\n\nSub\n---\n\n:Date: 2024-01-02\n:tags: a,\n   b\n",
			meta{"title": "Title", "date": "2024-01-02", "tags": "a, b"}},
		{"rst fields without a title", "a.rst", ":title: From a field\n:date: 2024-01-02\n\ntext\n", meta{"title": "From a field", "date": "2024-01-02"}},
		{"rst: a paragraph first", "a.rst", "Some text.\n\n:date: 2024-01-02\n", meta{}},
		// A name of backslashes alone is "", its first line kept; the
		// lines after it end the fields, as an indented line does not
		// go on a field of no name.
		{"rst: a field named by backslashes", "a.rst", ":k\\:x: y\n:\\\\: v\n  \n   more\n:a: b  \n\n", meta{"k:x": "y", "": "v"}},
		{"html", "a.htm", "<html><head><title> T </title><meta name=\"Date\" content=\"2024-01-02\"><meta name=\"slug\" contents=\"s\"></head><body><meta name=\"x\" content=\"no\"></body>",
			meta{"title": "T", "date": "2024-01-02", "slug": "s"}},
		{"no reader", "a.txt", "Title: T\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := readMeta(tt.rel, strings.NewReader(tt.text))
			if err != nil {
				t.Fatal(err)
			}
			if !maps.Equal(got, tt.want) || (got == nil) != (tt.want == nil) {
				t.Errorf("got %q; want %q", got, tt.want)
			}
		})
	}
}

// TestReadMetaHeadOnly checks that the reader stops at the end of the
// metadata: a long body is not read.
func TestReadMetaHeadOnly(t *testing.T) {
	r := &countReader{r: strings.NewReader("Title: T\n\n" + strings.Repeat("body line\n", 100000))}
	if _, err := readMeta("a.md", r); err != nil {
		t.Fatal(err)
	}
	if r.n > 64<<10 {
		t.Errorf("read %d bytes of the file; want its head only", r.n)
	}
}

// TestReadHTMLHeadOnly checks that an HTML source without <body> is read
// to maxHead bytes, not whole.
func TestReadHTMLHeadOnly(t *testing.T) {
	r := &countReader{r: strings.NewReader("<title>T</title>" + strings.Repeat("<p>text</p>\n", 200000))}
	m, err := readMeta("a.html", r)
	if err != nil || m["title"] != "T" {
		t.Fatalf("%q, %v", m, err)
	}
	if r.n > maxHead+4096 {
		t.Errorf("read %d bytes of the file; want %d at most", r.n, maxHead)
	}
}

type countReader struct {
	r interface{ Read([]byte) (int, error) }
	n int
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// A source of limits.front_matter_bytes whose metadata is one value of a
// thousand long lines, or one key given a thousand times, is read within
// fuzzbound's bounds: each line appended to the value's string as it came
// allocated 500 MB.
func TestReadMetaBounded(t *testing.T) {
	long := strings.Repeat("x", limits.Default.FrontMatterBytes/1000-10)
	for name, text := range map[string]string{
		"a.md":  "Title: x\n" + strings.Repeat("    "+long+"\n", maxMetaLines-1),
		"b.md":  strings.Repeat("Title: "+long+"\n", maxMetaLines),
		"c.rst": ":title: x\n" + strings.Repeat("   "+long+"\n", maxMetaLines-1),
	} {
		t.Run(name, func(t *testing.T) {
			defer fuzzbound.Check(t)()
			m, err := readMeta(name, strings.NewReader(text))
			if err != nil || len(m["title"]) < len(text)*9/10 {
				t.Errorf("title of %d bytes, %v; want the %d bytes of the lines", len(m["title"]), err, len(text))
			}
		})
	}
}

// FuzzReadMeta checks that no source makes the metadata readers or the
// URL rules panic, and that a URL path found stays below the output,
// within fuzzbound's bounds.
func FuzzReadMeta(f *testing.F) {
	for _, s := range []string{
		"Title: T\nDate: 2024-01-02\n\nx", "---\nTitle: T\n---\n", "T\n=\n\n:date: 2024\n:slug: ../x\n",
		"====\nT\n====\n\nS\n-\n", "<title>x</title><meta name=save_as content=/a/../../b>", "Title: é\nSave_as: ../../x\nDate: 2024-01-02\n",
	} {
		for _, ext := range []string{".md", ".rst", ".html"} {
			f.Add("2024-01-02-a"+ext, s)
		}
	}
	p := &Preset{s: readSettings(Conf{"ARTICLE_SAVE_AS": {Val: "{category}/{date:%Y}/{slug}/index.html"}})}
	f.Fuzz(func(t *testing.T, rel, text string) {
		defer fuzzbound.Check(t)()
		fm, err := p.ReadMeta(rel, strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		if fm.URL != "" && (!strings.HasPrefix(fm.URL, "/") || strings.Contains(fm.URL, "/../") || strings.HasSuffix(fm.URL, "/..")) {
			t.Errorf("%q: URL %q", rel, fm.URL)
		}
	})
}
