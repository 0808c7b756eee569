package htmlhead

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// render says what a Structured holds, a line a find, for comparisons
// and golden files: only the values said, quoted.
func render(s *Structured) []string {
	var out []string
	if s.Base != nil {
		out = append(out, fmt.Sprintf("base %q", s.Base))
	}
	if s.Title != "" {
		out = append(out, fmt.Sprintf("title %q", s.Title))
	}
	if s.Lang != "" {
		out = append(out, fmt.Sprintf("lang %q", s.Lang))
	}
	// line says a find: its head, then each value said as name="value".
	line := func(head string, values ...string) {
		var b strings.Builder
		b.WriteString(head)
		for i := 0; i < len(values); i += 2 {
			if values[i+1] != "" {
				fmt.Fprintf(&b, " %s=%q", values[i], values[i+1])
			}
		}
		out = append(out, b.String())
	}
	for _, v := range s.Videos {
		line(fmt.Sprintf("video %s line %d:", v.From, v.Line), "name", v.Name, "description", v.Description,
			"thumbnail", v.Thumbnail, "content", v.ContentURL, "embed", v.EmbedURL, "duration", v.Duration,
			"uploaded", v.UploadDate, "expires", v.Expires, "family", v.FamilyFriendly, "free", v.AccessibleForFree, "live", v.Live)
	}
	for _, a := range s.Articles {
		line(fmt.Sprintf("article %s line %d:", a.Type, a.Line), "headline", a.Headline, "published", a.DatePublished,
			"language", a.InLanguage, "name", a.Name, "url", a.URL)
	}
	for _, p := range s.Problems {
		out = append(out, fmt.Sprintf("problem line %d: %s", p.Line, p.Msg))
	}
	if s.Cut {
		out = append(out, "cut")
	}
	return out
}

func readStructured(sr *StructuredReader, page string) []string {
	return render(sr.Read([]byte(page)))
}

func TestStructured(t *testing.T) {
	const ld = `<script type="application/ld+json">`
	tests := []struct {
		name, page string
		want       []string
	}{
		{"script types", ld + `{"@type":"VideoObject","name":"1"}</script>` +
			`<SCRIPT TYPE="Application/LD+JSON; charset=utf-8">{"@type":"VideoObject","name":"2"}</SCRIPT>` +
			`<script type=" application/ld+json ;">{"@type":"VideoObject","name":"3"}</script>` +
			`<script type="application/json">{"@type":"VideoObject","name":"no"}</script>` +
			`<script type="application/ld+json+x">{"@type":"VideoObject","name":"no"}</script>` +
			`<script>({"@type":"VideoObject","name":"no"})</script>` +
			`<script type="text/plain">{"@type":"VideoObject","name":"no"}</script>`,
			[]string{`video JSON-LD line 1: name="1"`, `video JSON-LD line 1: name="2"`, `video JSON-LD line 1: name="3"`}},
		{"not in comments, templates or noscript", `<!-- ` + ld + `{"@type":"VideoObject","name":"c"}</script> -->` +
			`<template>` + ld + `{"@type":"VideoObject","name":"t"}</script><template></template></template>` +
			`<noscript>` + ld + `{"@type":"VideoObject","name":"n"}</script></noscript>` +
			ld + `{"@type":"VideoObject","name":"yes"}</script>`,
			[]string{`video JSON-LD line 1: name="yes"`}},
		{"invalid JSON: a problem with the script's line, the rest read", "<head>\n" + ld + "{\"@type\":\"VideoObject\",\n\"name\":\"a\",}</script>\n" +
			ld + "\n</script>\n<body>\n" + ld + `{"@type":"NewsArticle","headline":"h"}</script>` + "\n<video src=/v.mp4></video>",
			[]string{`video <video> line 8: content="/v.mp4"`, `article NewsArticle line 7: headline="h"`,
				`problem line 2: JSON-LD is not JSON: invalid character '}' looking for a key at offset 35`, `problem line 4: JSON-LD is empty`}},
		{"a script the page ends in", ld + `{"@type":"VideoObject","name":"a"}`, []string{`video JSON-LD line 1: name="a"`}},
		{"a script cut short", ld + `{"@type":"VideoObject","na`, []string{`problem line 1: JSON-LD is not JSON: unexpected end of input at offset 26`}},
		{"character references are not decoded in a script", ld + `{"@type":"VideoObject","name":"a &amp; b"}</script>`, []string{`video JSON-LD line 1: name="a &amp; b"`}},
		{"og:video", "<meta property=og:title content=\"T &amp; U\">\n<meta property=og:video content=https://e.com/a.mp4>" +
			`<meta property="og:description" content=" D "><meta property="og:image" content="/i1.png"><meta property="og:image:url" content="/i2.png">`,
			[]string{`title "T & U"`, `video og:video line 2: name="T & U" description="D" thumbnail="/i1.png" content="https://e.com/a.mp4"`}},
		{"og:video's structured properties: secure_url, then url, then og:video", `<meta property=og:video content=/1.mp4><meta property=og:video:url content=/1u.mp4><meta property=og:video:secure_url content=https://s/1.mp4><meta property=og:video:type content=video/mp4>` +
			"\n" + `<meta property=og:video content=/2.mp4><meta property=og:video:url content=/2u.mp4>` +
			"\n" + `<meta property=og:video:url content=/3u.mp4><meta property=og:video:secure_url content=https://s/3.mp4>` +
			"\n" + `<meta property=og:video:url content=/4u.mp4>` +
			"\n" + `<meta property=og:video content=/5.mp4>`,
			[]string{`video og:video line 1: content="https://s/1.mp4"`, `video og:video line 2: content="/2u.mp4"`, `video og:video line 3: content="https://s/3.mp4"`,
				`video og:video line 4: content="/4u.mp4"`, `video og:video line 5: content="/5.mp4"`}},
		{"og:video given again starts a video", `<meta property=og:video content=/a.mp4><meta property=og:video content=/b.mp4><meta property=og:video:secure_url content=/bs.mp4><meta property=og:video:secure_url content=/cs.mp4>`,
			[]string{`video og:video line 1: content="/a.mp4"`, `video og:video line 1: content="/bs.mp4"`, `video og:video line 1: content="/cs.mp4"`}},
		{"og:video by name, in any case, empty ones left out", `<meta name="OG:Video" content="/a.mp4"><meta property=" og:video " content="  "><meta property=og:video><meta property=og:type name=og:video content=/b.mp4><meta name=og:video property=og:video content=/c.mp4>`,
			[]string{`video og:video line 1: content="/a.mp4"`, `video og:video line 1: content="/b.mp4"`, `video og:video line 1: content="/c.mp4"`}},
		{"video elements", "<video poster=/p.jpg src=/v.mp4 title=T aria-label=L></video>\n" +
			`<video poster="/p2.jpg?a=1&amp;b=2" aria-label=" L2 "><source srcset=x><source src=""><source src=/s1.webm><source src=/s2.mp4></video>` + "\n" +
			`<VIDEO SRC=" /own.mp4 "><source src=/not.mp4></VIDEO><source src=/after.mp4>` + "\n" +
			`<video controls></video><video><source type=video/mp4></video><video title=only-a-name></video>` + "\n" +
			`<video poster=/outer.jpg><video src=/inner.mp4></video><source src=/outer.mp4></video>`,
			[]string{`video <video> line 1: name="T" thumbnail="/p.jpg" content="/v.mp4"`, `video <video> line 2: name="L2" thumbnail="/p2.jpg?a=1&b=2" content="/s1.webm"`,
				`video <video> line 3: content="/own.mp4"`, `video <video> line 5: thumbnail="/outer.jpg" content="/outer.mp4"`, `video <video> line 5: content="/inner.mp4"`}},
		{"video elements not shown", `<!-- <video src=/c.mp4></video> --><template><video src=/t.mp4><source src=/t2.mp4></video></template><script>"<video src=/s.mp4>"</script><noscript><video src=/n.mp4></video></noscript><textarea><video src=/x.mp4></textarea>`,
			nil},
		{"a source inside a template inside a video", `<video poster=/p.jpg><template><source src=/t.mp4></template><source src=/v.mp4></video>`,
			[]string{`video <video> line 1: thumbnail="/p.jpg" content="/v.mp4"`}},
		{"article:published_time", "<meta property=\"og:title\" content=\" Headline \">\n<meta property=\"article:published_time\" content=\" 2024-05-06T07:08:09Z \">\n<meta name=article:published_time content=2024-05-07><meta property=article:published_time content=''>",
			[]string{`title "Headline"`, `article article:published_time line 2: headline="Headline" published="2024-05-06T07:08:09Z"`, `article article:published_time line 3: headline="Headline" published="2024-05-07"`}},
		{"base", `<template><base href=/t/></template><base href="/a/?x=1&amp;y"><base href=/b/>`, []string{`base "/a/?x=1&y"`}},
		{"base without a value", `<base href><base href=/b/>`, []string{`base ""`}},
		{"document order of videos", ld + `[{"@type":"VideoObject","name":"ld1"}]</script><meta property=og:video content=/og.mp4><video src=/el.mp4></video>` + ld + `{"@type":"VideoObject","name":"ld2"}</script>`,
			[]string{`video JSON-LD line 1: name="ld1"`, `video og:video line 1: content="/og.mp4"`, `video <video> line 1: content="/el.mp4"`, `video JSON-LD line 1: name="ld2"`}},
		{"a byte-order mark", "\xef\xbb\xbf<video src=/v.mp4></video>", []string{`video <video> line 1: content="/v.mp4"`}},
		{"title and lang", "<html lang=\" en-GB \"><head><title>\n  A &amp;\t\n B &#32; \u00a0C  </title><title>second</title><meta property=og:title content=OG>",
			[]string{`title "A & B \u00a0C"`, `lang "en-GB"`}},
		{"og:title when the title is empty", `<html><title> </title><meta property=og:title content=" O &amp; G ">`, []string{`title "O & G"`}},
		{"title as text, not as an attribute", `<template><title>no</title></template><title>a&sectionb &amp c</title>`, []string{`title "a§ionb & c"`}},
		{"a later <html> gives the root a lang", `<html><head></head><body><html lang=fr><html lang=de>`, []string{`lang "fr"`}},
		{"the first <html> with a lang, even empty", `<html lang><html lang=de>`, nil},
		{"nothing", `<!DOCTYPE html><html><head></head><body><p>text</p></body></html>`, nil},
	}
	var sr StructuredReader // reused, as a caller reuses it
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := readStructured(&sr, tt.page); !slices.Equal(got, tt.want) {
				t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"))
			}
		})
	}
}

// TestStructuredCut: a tag with more than MaxAttrs attributes ends the
// reading there, and says so.
func TestStructuredCut(t *testing.T) {
	page := `<video src=/a.mp4></video><p ` + strings.Repeat("x ", 20) + `><video src=/b.mp4></video>`
	sr := StructuredReader{MaxAttrs: 10}
	got := readStructured(&sr, page)
	if want := []string{`video <video> line 1: content="/a.mp4"`, "cut"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestStructuredBounds: a StructuredReader's MaxDepth and MaxItems reach
// its JSON-LD blocks, one at a time.
func TestStructuredBounds(t *testing.T) {
	sr := StructuredReader{MaxDepth: 2, MaxItems: 5}
	page := `<script type=application/ld+json>[[[1]]]</script><script type=application/ld+json>[1,2,3,4,5]</script>` +
		`<script type=application/ld+json>[{"@type":"VideoObject","name":"x"},[]]</script><script type=application/ld+json>[1,[2]]</script>`
	want := []string{`video JSON-LD line 1: name="x"`,
		"problem line 1: JSON-LD nests more than 2 arrays and objects (offset 2); the block is skipped",
		"problem line 1: JSON-LD holds more than 5 values (offset 9); the block is skipped"}
	if got := readStructured(&sr, page); !slices.Equal(got, want) {
		t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}

// TestStructuredReuse: a Read forgets the page before, and a block that
// fails takes back nothing of the blocks before it.
func TestStructuredReuse(t *testing.T) {
	var sr StructuredReader
	first := `<base href=/x/><meta property=og:video content=/a.mp4><meta property=og:title content=T><meta property=article:published_time content=2024-01-01>` +
		`<script type=application/ld+json>{"@type":"VideoObject","name":"a"}</script><script type=application/ld+json>[{"@type":"VideoObject","name":"b"},</script>`
	want := []string{`base "/x/"`, `title "T"`, `video og:video line 1: name="T" content="/a.mp4"`, `video JSON-LD line 1: name="a"`,
		`article article:published_time line 1: headline="T" published="2024-01-01"`, "problem line 1: JSON-LD is not JSON: unexpected end of input at offset 36"}
	if got := readStructured(&sr, first); !slices.Equal(got, want) {
		t.Errorf("first page:\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
	if got := readStructured(&sr, `<video src=/v.mp4></video>`); !slices.Equal(got, []string{`video <video> line 1: content="/v.mp4"`}) {
		t.Errorf("second page: %q", got)
	}
}

// TestStructuredFixtures reads pages shaped as generators and themes
// write them (testdata/structured/README.md) and compares what it
// finds with their golden files.
func TestStructuredFixtures(t *testing.T) {
	pages, err := filepath.Glob(filepath.Join("testdata", "structured", "*.html"))
	if err != nil || len(pages) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	var sr StructuredReader
	for _, page := range pages {
		t.Run(filepath.Base(page), func(t *testing.T) {
			data, err := os.ReadFile(page)
			if err != nil {
				t.Fatal(err)
			}
			got := []byte(strings.Join(readStructured(&sr, string(data)), "\n") + "\n")
			golden := strings.TrimSuffix(page, ".html") + ".golden"
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (go test -update writes it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs (go test -update rewrites it):\n--- got\n%s--- want\n%s", golden, got, want)
			}
		})
	}
}

// FuzzStructured reads any page: never a panic, within fuzzbound's
// bounds, and a bounded output, each find on a line of the page; and
// HeadReader.ReadPage, one pass of the tokenizer for the head and the
// page, finds what ReadSized and Read find in two.
func FuzzStructured(f *testing.F) {
	for _, s := range lexSeeds {
		f.Add([]byte(s))
	}
	for _, s := range jsonSeeds {
		f.Add([]byte(`<script type="application/ld+json">` + s + `</script>`))
	}
	f.Add([]byte(`<meta property=og:video content=/a.mp4><meta property=og:video:secure_url content=/s.mp4><meta property=og:title content=T>` +
		`<video poster=/p.jpg><source src=/v.mp4></video><template><video src=/t.mp4></template><base href=/b/><meta property=article:published_time content=2024-01-01>`))
	f.Fuzz(func(t *testing.T, page []byte) {
		defer fuzzbound.Check(t)()
		sr := StructuredReader{MaxAttrs: 1 << 30}
		lines := bytes.Count(page, []byte("\n")) + 1
		out := sr.Read(bytes.Clone(page))
		if n := len(out.Videos) + len(out.Articles) + len(out.Problems); n > len(page) {
			t.Fatalf("%d finds in a page of %d bytes", n, len(page))
		}
		for _, v := range out.Videos {
			if v.Line < 1 || v.Line > lines || v.From == "" {
				t.Fatalf("video %+v: not on a line of the page's %d", v, lines)
			}
		}
		for _, a := range out.Articles {
			if a.Line < 1 || a.Line > lines || a.Type == "" {
				t.Fatalf("article %+v: not on a line of the page's %d", a, lines)
			}
		}
		for _, p := range out.Problems {
			if p.Line < 1 || p.Line > lines || !strings.HasPrefix(p.Msg, "JSON-LD ") {
				t.Fatalf("problem %+v", p)
			}
		}

		for _, limit := range []int{0, 256} { // 256: a page longer is read twice
			hr := HeadReader{MaxAttrs: 1 << 30, Limit: limit}
			head, err := hr.ReadSized(bytes.NewReader(page), int64(len(page)))
			if err != nil {
				t.Fatal(err)
			}
			one, sr1 := HeadReader{MaxAttrs: 1 << 30, Limit: limit}, StructuredReader{MaxAttrs: 1 << 30}
			h, st, err := one.ReadPage(bytes.Clone(page), &sr1)
			if err != nil {
				t.Fatal(err)
			}
			if !equalHeads(h, head) {
				t.Fatalf("limit %d: ReadPage's head differs from ReadSized's:\n%+v\n%+v", limit, *h, *head)
			}
			if !reflect.DeepEqual(st, out) {
				t.Fatalf("limit %d: ReadPage's structured data differs from Read's:\n%+v\n%+v", limit, *st, *out)
			}
		}
	})
}
