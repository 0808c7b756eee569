package validate

import (
	"strings"
	"testing"
)

// A value of a file is quoted in a problem at most as diag.Excerpt
// bounds it: a value four times the reader's buffer (64 KiB), or a
// 2,000-character URL, in any place a problem quotes gives a line of
// bounded length.
func TestExcerpts(t *testing.T) {
	const maxLine = 1000
	const size = 256 << 10 // 4 times parse.go's buffer
	big := strings.Repeat("a", size)
	url := "https://example.com/" + strings.Repeat("p", 2000)
	loc := func(v string) string { return "<url><loc>" + v + "</loc></url>" }
	with := func(inner string) string { return "<url><loc>https://example.com/</loc>" + inner + "</url>" }
	video := func(inner string) string {
		return with("<video:video><video:thumbnail_loc>https://example.com/t.jpg</video:thumbnail_loc><video:title>t</video:title><video:description>d</video:description><video:content_loc>https://example.com/v.mp4</video:content_loc>" + inner + "</video:video>")
	}
	lang := "en-" + strings.Repeat("abcdefgh-", size/9) + "x"
	tests := []struct {
		name, data string
		opts       Options
	}{
		{"loc", urlset(loc("/" + strings.Repeat("x", 2000))), Options{}},
		{"loc listed twice", urlset(loc(url) + "\n" + loc(url)), Options{}},
		{"loc on another host", urlset(loc("https://example.com/") + "\n" + loc("https://"+strings.Repeat("h", 2000)+".example/")), Options{}},
		{"loc out of scope", urlset(loc("https://other.example/" + strings.Repeat("p", 2000))), Options{BaseURL: "https://example.com/"}},
		{"lastmod", urlset(with("<lastmod>" + big + "</lastmod>")), Options{}},
		{"lastmod near miss", urlset(with("<lastmod>2024-01-01T10:00." + strings.Repeat("0", size) + "</lastmod>")), Options{}},
		{"changefreq", urlset(with("<changefreq>" + big + "</changefreq>")), Options{}},
		{"priority", urlset(with("<priority>" + big + "</priority>")), Options{}},
		{"priority out of range", urlset(with("<priority>5" + strings.Repeat("0", size) + "</priority>")), Options{}},
		{"video rating", extset(video("<video:rating>6." + strings.Repeat("0", size) + "</video:rating>")), Options{}},
		{"video date", extset(video("<video:publication_date>2024-01-01T10:00." + strings.Repeat("0", size) + "</video:publication_date>")), Options{}},
		{"video duration", extset(video("<video:duration>" + big + "</video:duration>")), Options{}},
		{"image loc", extset(with("<image:image><image:loc>" + big + "</image:loc></image:image>")), Options{}},
		{"hreflang", urlset(with(`<xhtml:link rel="alternate" hreflang="` + lang + `" href="https://example.com/"/>`)), Options{}},
		{"hreflang not a tag", urlset(with(`<xhtml:link rel="alternate" hreflang="` + big + `!" href="https://example.com/"/>`)), Options{}},
		{"href", urlset(with(`<xhtml:link rel="alternate" hreflang="de" href="/` + strings.Repeat("x", 2000) + `"/>`)), Options{}},
		{"element", urlset(with("<" + big + "/>")), Options{}},
		{"attribute", urlset(`<url ` + big + `="x"><loc>https://example.com/</loc></url>`), Options{}},
		{"namespace", head + `<urlset xmlns="http://` + big + `">` + loc("https://example.com/") + "</urlset>", Options{}},
		{"prefix", urlset(with("<" + big + ":x/>")), Options{}},
		{"encoding", `<?xml version="1.0" encoding="` + big + `"?>` + "\n" + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + loc("https://example.com/") + "</urlset>", Options{}},
		{"root", head + "<" + big + "/>", Options{}},
		{"index entry", index("<sitemap><loc>https://example.com/" + strings.Repeat("p", 2000) + "/../s.xml</loc></sitemap>"), Options{}},
		{"text", "https://example.com/\n/" + strings.Repeat("x", 2000) + "\n", Options{}},
		{"text that is not", big + "\n", Options{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			name := "a.xml"
			if strings.HasPrefix(tt.name, "text") {
				name = "a.txt"
			}
			writeFiles(t, dir, map[string]string{name: tt.data})
			t.Chdir(dir)
			problems, _, err := Check([]string{name}, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			if len(problems) == 0 {
				t.Fatal("no problem")
			}
			for _, p := range problems {
				if s := p.String(); len(s) > maxLine {
					t.Errorf("a line of %d bytes: %.300s…", len(s), s)
				}
			}
		})
	}
}
