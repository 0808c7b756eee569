package mkdocs

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/diag"
)

// TestParseSitemapTemplate: the tests of an MkDocs sitemap template that
// leave pages out, by a front matter key or the page's URL, are read;
// one that reads into a key or compares it is not (issue 68).
func TestParseSitemapTemplate(t *testing.T) {
	tmpl := parseSitemapTemplate("overrides/sitemap.xml", `{%- for file in pages %}
{% if not file.page.is_link and not page.meta.Sitemap_Exclude and not (file.page.meta.get('hidden')) %}
{% if not file.page.meta.tags.x and not file.page.meta.status == "draft" %}
{% if file.page.url != "404.html" and not file.page.url.startswith("blog/tags/") and page.url != "/about/" %}
<url><loc>{{ file.page.canonical_url }}</loc></url>{% endif %}{% endif %}{% endif %}{% endfor %}`)
	if want := []string{"sitemap_exclude", "hidden"}; !slices.Equal(tmpl.ExcludeKeys, want) {
		t.Errorf("keys %q, want %q", tmpl.ExcludeKeys, want)
	}
	if want := []string{"404.html", "about/"}; !slices.Equal(tmpl.ExcludeURLs, want) {
		t.Errorf("URLs %q, want %q", tmpl.ExcludeURLs, want)
	}
	if want := []string{"blog/tags/"}; !slices.Equal(tmpl.ExcludeUnder, want) {
		t.Errorf("prefixes %q, want %q", tmpl.ExcludeUnder, want)
	}
	for u, want := range map[string]string{"/about/": `page.url != "about/"`, "/blog/tags/go/": `not page.url.startswith("blog/tags/")`, "/blog/": ""} {
		if got := tmpl.excludedBy(u); got != want {
			t.Errorf("excludedBy(%q) = %q, want %q", u, got, want)
		}
	}
}

// bigTemplate is a sitemap template with n tests of page.url and n of
// page.url.startswith, each of another URL.
func bigTemplate(n int) string {
	var b strings.Builder
	b.WriteString("{%- for file in pages %}\n{% if not page.meta.hidden")
	for i := range n {
		fmt.Fprintf(&b, " and page.url != \"p%d/\" and not page.url.startswith(\"s%d/\")", i, i)
	}
	b.WriteString(" %}<url><loc>{{ page.canonical_url }}</loc></url>{% endif %}{% endfor %}")
	return b.String()
}

// TestSitemapTemplateBounded: a template of 30,000 tests of each kind
// is read whole (each page it leaves out is left out), but its warning
// names a few of them and how many more; a front matter key of a
// megabyte is named by an excerpt (issue 89).
func TestSitemapTemplateBounded(t *testing.T) {
	const n = 30_000
	tmpl := parseSitemapTemplate("overrides/sitemap.xml", bigTemplate(n))
	if len(tmpl.ExcludeURLs) != n || len(tmpl.ExcludeUnder) != n {
		t.Fatalf("read %d URLs and %d prefixes, want %d each", len(tmpl.ExcludeURLs), len(tmpl.ExcludeUnder), n)
	}
	for u, want := range map[string]string{"/p29999/": `page.url != "p29999/"`, "/s12345/x/": `not page.url.startswith("s12345/")`, "/q/": ""} {
		if got := tmpl.excludedBy(u); got != want {
			t.Errorf("excludedBy(%q) = %q, want %q", u, got, want)
		}
	}
	tmpl.Config, tmpl.Line = "mkdocs.yml", 3
	msg := tmpl.warning().Error()
	if len(msg) > 2000 {
		t.Errorf("the warning is %d bytes long, want at most 2,000", len(msg))
	}
	if !strings.Contains(msg, fmt.Sprintf("and %d more", 2*n+1-maxNamed)) {
		t.Errorf("the warning does not say how many more it leaves unnamed: %.300s…", msg)
	}

	long := strings.Repeat("k", 1<<20)
	tmpl = parseSitemapTemplate("overrides/sitemap.xml", "{% if not page.meta."+long+" %}<url></url>{% endif %}")
	if len(tmpl.ExcludeKeys) != 1 {
		t.Fatalf("keys: %d, want the long one", len(tmpl.ExcludeKeys))
	}
	if msg := tmpl.warning().Error(); len(msg) > 2000 || !strings.Contains(msg, "bytes)") {
		t.Errorf("the warning names a key of a megabyte in %d bytes: %.200s…", len(msg), msg)
	}
}

// BenchmarkSitemapTemplate reads templates of 2,000 and 30,000 tests of
// each kind, and asks of 2,000 pages whether they leave it out.
func BenchmarkSitemapTemplate(b *testing.B) {
	for _, n := range []int{2_000, 30_000} {
		text := bigTemplate(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				tmpl := parseSitemapTemplate("overrides/sitemap.xml", text)
				for i := range 2_000 {
					tmpl.excludedBy(fmt.Sprintf("/page-%d/", i))
				}
				_ = tmpl.warning()
			}
		})
	}
}

// FuzzSitemapTemplate: any template text reads without a panic; each URL
// it leaves out is found again by excludedBy, and so is each page under
// a prefix it leaves out; the warning stays on one line and bounded.
func FuzzSitemapTemplate(f *testing.F) {
	f.Add(`{% if not page.meta.hidden and page.url != "about/" and not page.url.startswith("blog/tags/") %}<url></url>{% endif %}`)
	f.Add(bigTemplate(20))
	f.Add("{% if not (file.page.meta.get('Sitemap_Exclude')) and file.page.url != \"/x\ny\" %}")
	f.Fuzz(func(t *testing.T, text string) {
		tmpl := parseSitemapTemplate("overrides/sitemap.xml", text)
		for _, u := range tmpl.ExcludeURLs {
			if tmpl.excludedBy("/"+u) == "" {
				t.Errorf("the URL %q it leaves out is not found", u)
			}
		}
		for _, u := range tmpl.ExcludeUnder {
			if tmpl.excludedBy("/"+u+"x") == "" {
				t.Errorf("a page under %q, which it leaves out, is not found", u)
			}
		}
		msg := tmpl.warning().Error()
		if strings.ContainsAny(msg, "\n\r") || len(msg) > 2000+maxNamed*2*diag.ExcerptBytes {
			t.Errorf("the warning is %d bytes or spans lines: %.200q", len(msg), msg)
		}
	})
}
