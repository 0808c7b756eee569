package mkdocs

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
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

// clauses returns a sitemap template that leaves out n pages by their
// URL, each in a clause of its own: about 27 bytes a clause, so that
// 30,000 of them make the 800 KB template of issue 89.
func clauses(n int) string {
	var b strings.Builder
	b.WriteString("{%- for file in pages %}\n{% if not file.page.is_link")
	for i := range n {
		fmt.Fprintf(&b, " and page.url != \"p%06d/\"", i)
	}
	b.WriteString(" %}<url><loc>{{ file.page.canonical_url }}</loc></url>{% endif %}{% endfor %}\n")
	return b.String()
}

// warningBytes is the longest warning a template may give: the longest
// line of a message (maxMessageLine in package e2e).
const warningBytes = 1024

// manyClauses is how many URLs or keys the bounded tests' templates
// test: a hundred times what a warning names (templateShown) or what is
// honoured (templateKeys), and few enough to read in a fraction of a
// second under the race detector (BenchmarkParseSitemapTemplate times
// 30,000).
const manyClauses = 3000

// TestSitemapTemplateWarningBounded: a template that leaves out
// manyClauses pages by their URL, and one whose front matter key is a megabyte,
// are read whole, and the warning names a few of what they test and
// how many more, each value an excerpt (issue 89).
func TestSitemapTemplateWarningBounded(t *testing.T) {
	tmpl := parseSitemapTemplate("overrides/sitemap.xml", clauses(manyClauses))
	tmpl.Config, tmpl.Line = "mkdocs.yml", 3
	if len(tmpl.ExcludeURLs) != manyClauses {
		t.Fatalf("%d URLs read, want %d", len(tmpl.ExcludeURLs), manyClauses)
	}
	last := fmt.Sprintf("p%06d/", manyClauses-1)
	if got := tmpl.excludedBy("/" + last); got != `page.url != "`+last+`"` {
		t.Errorf("excludedBy(/%s) = %q", last, got)
	}
	msg := tmpl.warning().Error()
	t.Logf("%d bytes: %s", len(msg), msg)
	if len(msg) > warningBytes {
		t.Errorf("warning of %d bytes, want at most %d: %.300s…", len(msg), warningBytes, msg)
	}
	if want := fmt.Sprintf("at /p000002/ and %d more are left out", manyClauses-templateShown); !strings.Contains(msg, want) {
		t.Errorf("warning does not say %q: %.600s", want, msg)
	}
	if !strings.Contains(msg, "at /p000000/") {
		t.Errorf("warning does not name the first URL: %.600s", msg)
	}

	key := strings.Repeat("k", 1<<20)
	tmpl = parseSitemapTemplate("overrides/sitemap.xml", "{% if not page.meta."+key+" and page.url != \"about/\" %}")
	if len(tmpl.ExcludeKeys) != 1 || len(tmpl.ExcludeKeys[0]) != 1<<20 {
		t.Fatalf("keys of %d, want one of 1 MiB", len(tmpl.ExcludeKeys))
	}
	msg = tmpl.warning().Error()
	if len(msg) > warningBytes || !strings.Contains(msg, diag.Excerpt(key)+": true") || strings.Contains(msg, " more ") {
		t.Errorf("warning of %d bytes, want the key's excerpt and the URL: %.600s", len(msg), msg)
	}
}

// TestSitemapTemplateKeysBounded: of a template that tests manyClauses
// front matter keys, the first templateKeys are honoured, and the
// warning says how many more are not (issue 89: each costs every page).
func TestSitemapTemplateKeysBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("{% if not page.meta.k0")
	for i := 1; i < manyClauses; i++ {
		fmt.Fprintf(&b, " and not page.meta.k%d and not page.meta.K%d", i, i)
	}
	b.WriteString(" %}")
	tmpl := parseSitemapTemplate("overrides/sitemap.xml", b.String())
	if len(tmpl.ExcludeKeys) != templateKeys || tmpl.ExcludeKeys[templateKeys-1] != fmt.Sprint("k", templateKeys-1) || tmpl.KeysLeft != manyClauses-templateKeys {
		t.Fatalf("%d keys, the last %q, %d left", len(tmpl.ExcludeKeys), tmpl.ExcludeKeys[len(tmpl.ExcludeKeys)-1], tmpl.KeysLeft)
	}
	msg := tmpl.warning().Error()
	want := fmt.Sprintf("k2: true and %d more are left out", templateKeys-templateShown)
	if len(msg) > warningBytes || !strings.Contains(msg, want) || !strings.Contains(msg, fmt.Sprintf("by %d more front matter keys are listed", manyClauses-templateKeys)) {
		t.Errorf("warning of %d bytes: %.1000s", len(msg), msg)
	}
}

// BenchmarkParseSitemapTemplate reads templates of 2,000 and 30,000
// URL clauses: the time a clause stays the same (issue 89: 0.07 s and
// 6.5 s before).
func BenchmarkParseSitemapTemplate(b *testing.B) {
	for _, n := range []int{2000, 30000} {
		text := clauses(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				tmpl := parseSitemapTemplate("overrides/sitemap.xml", text)
				tmpl.warning()
			}
		})
	}
}

// FuzzSitemapTemplate reads arbitrary templates: each test read once,
// each URL it leaves out left out, and the warning one line of at most
// its place, its words and templateShown excerpts (escaped, each at most
// 4 bytes a byte), whatever the template holds.
func FuzzSitemapTemplate(f *testing.F) {
	for _, s := range []string{
		`{% if not file.page.is_link and not page.meta.Sitemap_Exclude and not (file.page.meta.get('hidden')) %}`,
		`{% if not file.page.meta.tags.x and not file.page.meta.status == "draft" %}`,
		`{% if file.page.url != "404.html" and not file.page.url.startswith("blog/tags/") and page.url != "/about/" %}`,
		"page.url != \"a\n::error::\x1b[2J/\" and not page.url.startswith(\"\") and not page.url.startswith(\"/a\") and page.url != 'a/'",
		clauses(20),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		defer fuzzbound.Check(t)()
		tmpl := parseSitemapTemplate("overrides/sitemap.xml", text)
		seen := map[string]bool{}
		for _, list := range [][]string{tmpl.ExcludeKeys, tmpl.ExcludeURLs, tmpl.ExcludeUnder} {
			clear(seen)
			for _, x := range list {
				if seen[x] {
					t.Errorf("%q read twice", x)
				}
				seen[x] = true
			}
		}
		for _, u := range tmpl.ExcludeURLs {
			if tmpl.excludedBy("/"+u) == "" {
				t.Errorf("/%s is not left out", u)
			}
		}
		for _, u := range tmpl.ExcludeUnder {
			if tmpl.excludedBy("/"+u+"x") == "" {
				t.Errorf("/%sx is not left out", u)
			}
		}
		msg := tmpl.warning().Error()
		if strings.ContainsAny(msg, "\n\r") || len(msg) > warningBytes+templateShown*4*diag.ExcerptBytes {
			t.Errorf("warning of %d bytes: %.300q", len(msg), msg)
		}
	})
}
