package mkdocs

import (
	"slices"
	"testing"
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
