package hugo

import (
	"slices"
	"testing"
	"testing/fstest"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/generator"
)

// hugoContentFS is the content folder the table tests' Hugo reads to
// find bundles and sections.
func hugoContentFS() fstest.MapFS {
	fs := fstest.MapFS{}
	for _, name := range []string{
		"_index.md", "about.md",
		"posts/_index.md", "posts/a.md", "posts/trip/index.md", "posts/trip/photo.jpg",
		"posts/trip/notes.md", "posts/trip/sub/deep.md", "posts/trip/sub/_index.md",
		"docs/_index.md", "docs/guide/_index.md", "docs/guide/install.md",
		"docs/guide/deeper/nested.md", "docs/guide/bundle/index.en.md",
		"blog/2020/old.md", "blog/tips/index.md",
		"topbundle/index.md", "topbundle/data.md",
		"tags/_index.md", "tags/go/_index.md",
	} {
		fs[name] = &fstest.MapFile{Data: []byte("---\n---\n")}
	}
	return fs
}

func TestHugoURLPath(t *testing.T) {
	date := time.Date(2024, time.March, 5, 23, 30, 0, 0, time.FixedZone("", -5*3600))
	base := func() *Preset { return &Preset{Content: hugoContentFS()} }
	withPermalinks := func(m map[string]string) func(*Preset) {
		return func(h *Preset) { h.Permalinks = m }
	}
	tests := []struct {
		name   string
		setup  func(*Preset)
		page   generator.Page
		want   string
		wantOK bool
	}{
		// Kinds of files.
		{name: "home", page: generator.Page{Path: "_index.md"}, want: "/", wantOK: true},
		{name: "section", page: generator.Page{Path: "posts/_index.md"}, want: "/posts/", wantOK: true},
		{name: "nested section", page: generator.Page{Path: "docs/guide/_index.md"}, want: "/docs/guide/", wantOK: true},
		{name: "section without a file of its own above", page: generator.Page{Path: "blog/2020/_index.md"}, want: "/blog/2020/", wantOK: true},
		{name: "page", page: generator.Page{Path: "about.md"}, want: "/about/", wantOK: true},
		{name: "page in section", page: generator.Page{Path: "posts/a.md"}, want: "/posts/a/", wantOK: true},
		{name: "page in folder without _index", page: generator.Page{Path: "docs/guide/deeper/nested.md"}, want: "/docs/guide/deeper/nested/", wantOK: true},
		{name: "leaf bundle", page: generator.Page{Path: "posts/trip/index.md"}, want: "/posts/trip/", wantOK: true},
		{name: "leaf bundle with language", page: generator.Page{Path: "docs/guide/bundle/index.en.md"}, want: "/docs/guide/bundle/", wantOK: true},
		{name: "bundle resource page", page: generator.Page{Path: "posts/trip/notes.md"}, wantOK: false},
		{name: "bundle resource image", page: generator.Page{Path: "posts/trip/photo.jpg"}, wantOK: false},
		{name: "bundle resource deeper", page: generator.Page{Path: "posts/trip/sub/deep.md"}, wantOK: false},
		{name: "_index inside a bundle", page: generator.Page{Path: "posts/trip/sub/_index.md"}, wantOK: false},
		{name: "top-level bundle", page: generator.Page{Path: "topbundle/index.md"}, want: "/topbundle/", wantOK: true},
		{name: "top-level bundle resource", page: generator.Page{Path: "topbundle/data.md"}, wantOK: false},
		{name: "headless bundle", page: generator.Page{Path: "posts/trip/index.md", Headless: true}, wantOK: false},
		{name: "headless outside a bundle is ignored", page: generator.Page{Path: "posts/a.md", Headless: true}, want: "/posts/a/", wantOK: true},
		{name: "headless _index is ignored", page: generator.Page{Path: "posts/_index.md", Headless: true}, want: "/posts/", wantOK: true},
		{name: "underscore page is published", page: generator.Page{Path: "posts/_draft.md"}, want: "/posts/_draft/", wantOK: true},
		{name: "underscore folder is published", page: generator.Page{Path: "_hidden/x.md"}, want: "/_hidden/x/", wantOK: true},
		{name: "dot file", page: generator.Page{Path: "posts/.x.md"}, wantOK: false},
		{name: "dot folder", page: generator.Page{Path: ".git/x.md"}, wantOK: false},
		{name: "hash file", page: generator.Page{Path: "#x.md"}, wantOK: false},
		{name: "backup file", page: generator.Page{Path: "x.md~"}, wantOK: false},
		{name: "tilde folder", page: generator.Page{Path: "old~/x.md"}, wantOK: false},
		{name: "css", page: generator.Page{Path: "styles.css"}, wantOK: false},
		{name: "png", page: generator.Page{Path: "img/a.png"}, wantOK: false},
		{name: "html with front matter", page: generator.Page{Path: "page.html", HasFrontMatter: true}, want: "/page/", wantOK: true},
		{name: "html without front matter", page: generator.Page{Path: "plain.html"}, wantOK: false},
		{name: "htm with front matter", page: generator.Page{Path: "page.htm", HasFrontMatter: true}, want: "/page/", wantOK: true},
		{name: "markdown without front matter", page: generator.Page{Path: "notes.md"}, want: "/notes/", wantOK: true},
		{name: "markdown ext", page: generator.Page{Path: "a.markdown"}, want: "/a/", wantOK: true},
		{name: "mdown ext", page: generator.Page{Path: "a.mdown"}, want: "/a/", wantOK: true},
		{name: "adoc", page: generator.Page{Path: "a.adoc"}, want: "/a/", wantOK: true},
		{name: "asciidoc", page: generator.Page{Path: "a.asciidoc"}, want: "/a/", wantOK: true},
		{name: "org", page: generator.Page{Path: "a.org"}, want: "/a/", wantOK: true},
		{name: "pdc", page: generator.Page{Path: "a.pdc"}, want: "/a/", wantOK: true},
		{name: "rst", page: generator.Page{Path: "a.rst"}, want: "/a/", wantOK: true},
		{name: "upper-case extension", page: generator.Page{Path: "A.MD"}, wantOK: false},
		{name: "taxonomy page", page: generator.Page{Path: "tags/_index.md"}, want: "/tags/", wantOK: true},
		{name: "term page", page: generator.Page{Path: "tags/go/_index.md"}, want: "/tags/go/", wantOK: true},
		{name: "bad path", page: generator.Page{Path: "../x.md"}, wantOK: false},
		{name: "empty path", page: generator.Page{Path: ""}, wantOK: false},
		{name: "leading slash", page: generator.Page{Path: "/about.md"}, want: "/about/", wantOK: true},

		// Sanitizing.
		{name: "spaces and case", page: generator.Page{Path: "Odd Dir/Strange_Name.md"}, want: "/odd-dir/strange_name/", wantOK: true},
		{name: "unicode kept", page: generator.Page{Path: "posts/Ünïcödé Title.md"}, want: "/posts/ünïcödé-title/", wantOK: true},
		{name: "punctuation dropped", page: generator.Page{Path: "posts/What's new?.md"}, want: "/posts/whats-new/", wantOK: true},
		{name: "dots kept", page: generator.Page{Path: "posts/v1.2.md"}, want: "/posts/v1.2/", wantOK: true},
		{name: "disablePathToLower", setup: func(h *Preset) { h.DisablePathToLower = true }, page: generator.Page{Path: "UPPER/Case.md"}, want: "/UPPER/Case/", wantOK: true},

		// Front matter.
		{name: "slug", page: generator.Page{Path: "posts/a.md", Slug: "My Slug!"}, want: "/posts/my-slug/", wantOK: true},
		{name: "slug on bundle", page: generator.Page{Path: "posts/trip/index.md", Slug: "journey"}, want: "/posts/journey/", wantOK: true},
		{name: "slug ignored on section", page: generator.Page{Path: "posts/_index.md", Slug: "x"}, want: "/posts/", wantOK: true},
		{name: "url", page: generator.Page{Path: "posts/a.md", URL: "/custom/Path Here/"}, want: "/custom/Path Here/", wantOK: true},
		{name: "url without slash", page: generator.Page{Path: "posts/a.md", URL: "/custom"}, want: "/custom/", wantOK: true},
		{name: "url with extension", page: generator.Page{Path: "posts/a.md", URL: "/feed.xml"}, want: "/feed.xml", wantOK: true},
		{name: "url with dot in folder", page: generator.Page{Path: "posts/a.md", URL: "/a.b/c"}, want: "/a.b/c", wantOK: true},
		{name: "url index.html (Hugo 0.111)", page: generator.Page{Path: "posts/a.md", URL: "/x/index.html"}, want: "/x/index.html/", wantOK: true},
		{name: "url relative", page: generator.Page{Path: "posts/a.md", URL: "rel/path"}, want: "/rel/path/", wantOK: true},
		{name: "url root", page: generator.Page{Path: "posts/a.md", URL: "/"}, want: "/", wantOK: true},
		{name: "url double slashes", page: generator.Page{Path: "posts/a.md", URL: "//double//slash/"}, wantOK: false},
		{name: "url cleaned", page: generator.Page{Path: "posts/a.md", URL: "/a//b/../c/"}, want: "/a/c/", wantOK: true},
		{name: "url with scheme", page: generator.Page{Path: "posts/a.md", URL: "https://example.com/x/"}, wantOK: false},
		{name: "url wins over slug and pattern", setup: withPermalinks(map[string]string{"posts": "/:year/:slug/"}), page: generator.Page{Path: "posts/a.md", Slug: "s", URL: "/u/"}, want: "/u/", wantOK: true},
		{name: "url on section is sanitized", page: generator.Page{Path: "docs/_index.md", URL: "/Listed URL/"}, want: "/listed-url/", wantOK: true},
		{name: "url ignored on home", page: generator.Page{Path: "_index.md", URL: "/home/"}, want: "/", wantOK: true},

		// Ugly URLs.
		{name: "ugly page", setup: func(h *Preset) { h.UglyURLs = true }, page: generator.Page{Path: "posts/a.md"}, want: "/posts/a.html", wantOK: true},
		{name: "ugly section", setup: func(h *Preset) { h.UglyURLs = true }, page: generator.Page{Path: "docs/guide/_index.md"}, want: "/docs/guide.html", wantOK: true},
		{name: "ugly home", setup: func(h *Preset) { h.UglyURLs = true }, page: generator.Page{Path: "_index.md"}, want: "/", wantOK: true},
		{name: "ugly bundle", setup: func(h *Preset) { h.UglyURLs = true }, page: generator.Page{Path: "posts/trip/index.md"}, want: "/posts/trip.html", wantOK: true},
		{name: "ugly url", setup: func(h *Preset) { h.UglyURLs = true }, page: generator.Page{Path: "posts/a.md", URL: "/x"}, want: "/x/", wantOK: true},
		{name: "ugly pattern", setup: func(h *Preset) {
			h.UglyURLs = true
			h.Permalinks = map[string]string{"posts": "/:year/:title/"}
		}, page: generator.Page{Path: "posts/a.md", Title: "A Title", Date: date}, want: "/2024/a-title.html", wantOK: true},
		{name: "ugly per section", setup: func(h *Preset) { h.UglySections = map[string]bool{"docs": true} }, page: generator.Page{Path: "docs/guide/install.md"}, want: "/docs/guide/install.html", wantOK: true},
		{name: "ugly per section, other section", setup: func(h *Preset) { h.UglySections = map[string]bool{"docs": true} }, page: generator.Page{Path: "posts/a.md"}, want: "/posts/a/", wantOK: true},
		{name: "slug index makes ugly", page: generator.Page{Path: "posts/a.md", Slug: "index"}, want: "/posts/index.html", wantOK: true},
		{name: "percent-escape in title", setup: withPermalinks(map[string]string{"posts": "/:title/"}), page: generator.Page{Path: "posts/a.md", Title: "a%20b c"}, want: "/a-b-c/", wantOK: true},
		{name: "percent in file name", page: generator.Page{Path: "x%20y.md"}, want: "/x%20y/", wantOK: true},

		// Permalink patterns.
		{name: "pattern date and slug", setup: withPermalinks(map[string]string{"posts": "/:year/:month/:day/:slug/"}), page: generator.Page{Path: "posts/a.md", Title: "It's a Title: Go & Rust, 2024!", Date: date}, want: "/2024/03/05/its-a-title-go-rust-2024/", wantOK: true},
		{name: "pattern slug wins over title", setup: withPermalinks(map[string]string{"posts": "/:slug/"}), page: generator.Page{Path: "posts/a.md", Title: "T", Slug: "The Slug"}, want: "/the-slug/", wantOK: true},
		{name: "pattern names", setup: withPermalinks(map[string]string{"posts": "/:monthname/:weekday-:weekdayname/:yearday/"}), page: generator.Page{Path: "posts/a.md", Date: date}, want: "/march/2-tuesday/65/", wantOK: true},
		{name: "pattern go layout", setup: withPermalinks(map[string]string{"posts": "/:2006/:Jan/:02/:filename/"}), page: generator.Page{Path: "posts/a.md", Date: date}, want: "/2024/mar/05/a/", wantOK: true},
		{name: "pattern filename of bundle", setup: withPermalinks(map[string]string{"posts": "/p/:filename/"}), page: generator.Page{Path: "posts/trip/index.md"}, want: "/p/trip/", wantOK: true},
		{name: "pattern slugorfilename", setup: withPermalinks(map[string]string{"posts": "/p/:slugorfilename/"}), page: generator.Page{Path: "posts/a.md", Title: "x"}, want: "/p/a/", wantOK: true},
		{name: "pattern slugorfilename with slug", setup: withPermalinks(map[string]string{"posts": "/p/:slugorfilename/"}), page: generator.Page{Path: "posts/a.md", Slug: "S S"}, want: "/p/s-s/", wantOK: true},
		{name: "pattern without title", setup: withPermalinks(map[string]string{"posts": "/:year/:title/"}), page: generator.Page{Path: "posts/a.md", Date: date}, want: "/2024/", wantOK: true},
		{name: "pattern without final slash", setup: withPermalinks(map[string]string{"posts": "/:year/:title"}), page: generator.Page{Path: "posts/a.md", Title: "T", Date: date}, want: "/2024/t/", wantOK: true},
		{name: "pattern with extension stays a folder", setup: withPermalinks(map[string]string{"posts": "/b/:title.html"}), page: generator.Page{Path: "posts/a.md", Title: "Bee"}, want: "/b/bee.html/", wantOK: true},
		{name: "pattern section and sections", setup: withPermalinks(map[string]string{"docs": "/:section/:sections/:filename/"}), page: generator.Page{Path: "docs/guide/deeper/nested.md"}, want: "/docs/docs/guide/nested/", wantOK: true},
		{name: "pattern sections slices", setup: withPermalinks(map[string]string{"docs": "/a:sections[1:]/b:sections[0]/c:sections[last]/d:sections[:last]/"}), page: generator.Page{Path: "docs/guide/install.md"}, want: "/aguide/bdocs/cguide/ddocs/", wantOK: true},
		{name: "pattern sections of a section without _index (Hugo 0.111)", setup: withPermalinks(map[string]string{"blog": "/:sections/x:sections[last]/"}), page: generator.Page{Path: "blog/2020/old.md"}, want: "/blog/x/", wantOK: true},
		{name: "pattern for root pages", setup: withPermalinks(map[string]string{"/": "/root/:filename/"}), page: generator.Page{Path: "about.md"}, want: "/root/about/", wantOK: true},
		{name: "pattern for root applies to top-level bundles", setup: withPermalinks(map[string]string{"/": "/root/:filename/"}), page: generator.Page{Path: "topbundle/index.md"}, want: "/root/topbundle/", wantOK: true},
		{name: "pattern not for sections", setup: withPermalinks(map[string]string{"posts": "/:year/:title/"}), page: generator.Page{Path: "posts/_index.md"}, want: "/posts/", wantOK: true},
		{name: "pattern escaped colon", setup: withPermalinks(map[string]string{"posts": `/a\:b/:filename/`}), page: generator.Page{Path: "posts/a.md"}, want: "/ab/a/", wantOK: true}, // sanitized away
		{name: "pattern lower-cases literal text", setup: withPermalinks(map[string]string{"posts": "/Blog Posts/:filename/"}), page: generator.Page{Path: "posts/a.md"}, want: "/blog-posts/a/", wantOK: true},
		{name: "pattern unknown attribute", setup: withPermalinks(map[string]string{"posts": "/:nope/"}), page: generator.Page{Path: "posts/a.md"}, wantOK: false},
		{name: "pattern zero date", setup: withPermalinks(map[string]string{"posts": "/:year/:month/"}), page: generator.Page{Path: "posts/a.md"}, want: "/1/01/", wantOK: true},
		{name: "section pattern", setup: func(h *Preset) { h.SectionPermalinks = map[string]string{"docs": "/documentation/:sections[1:]/"} }, page: generator.Page{Path: "docs/guide/_index.md"}, want: "/documentation/guide/", wantOK: true},

		// Languages and kinds.
		{name: "default language suffix", page: generator.Page{Path: "about.en.md"}, want: "/about/", wantOK: true},
		{name: "unknown language suffix", page: generator.Page{Path: "about.fr.md"}, want: "/about.fr/", wantOK: true},
		{name: "other language", setup: func(h *Preset) { h.Languages = []string{"en", "fr"} }, page: generator.Page{Path: "about.fr.md"}, want: "/fr/about/", wantOK: true},
		{name: "other language home", setup: func(h *Preset) { h.Languages = []string{"en", "fr"} }, page: generator.Page{Path: "_index.fr.md"}, want: "/fr/", wantOK: true},
		{name: "other language relative url", setup: func(h *Preset) { h.Languages = []string{"en", "fr"} }, page: generator.Page{Path: "a.fr.md", URL: "rel/"}, want: "/fr/rel/", wantOK: true},
		{name: "other language absolute url", setup: func(h *Preset) { h.Languages = []string{"en", "fr"} }, page: generator.Page{Path: "a.fr.md", URL: "/abs/"}, want: "/abs/", wantOK: true},
		{name: "default language in subdir", setup: func(h *Preset) { h.DefaultContentLanguageInSubdir = true }, page: generator.Page{Path: "posts/a.md"}, want: "/en/posts/a/", wantOK: true},
		{name: "default language in subdir home", setup: func(h *Preset) { h.DefaultContentLanguageInSubdir = true }, page: generator.Page{Path: "_index.md"}, want: "/en/", wantOK: true},
		{name: "disabled pages", setup: func(h *Preset) { h.DisableKinds = []string{"page"} }, page: generator.Page{Path: "posts/a.md"}, wantOK: false},
		{name: "disabled sections", setup: func(h *Preset) { h.DisableKinds = []string{"section"} }, page: generator.Page{Path: "posts/_index.md"}, wantOK: false},
		{name: "disabled sections keep taxonomies", setup: func(h *Preset) { h.DisableKinds = []string{"section"}; h.Taxonomies = []string{"tags"} }, page: generator.Page{Path: "tags/_index.md"}, want: "/tags/", wantOK: true},
		{name: "disabled terms", setup: func(h *Preset) { h.DisableKinds = []string{"term"}; h.Taxonomies = []string{"tags"} }, page: generator.Page{Path: "tags/go/_index.md"}, wantOK: false},
		{name: "disabled home", setup: func(h *Preset) { h.DisableKinds = []string{"home"} }, page: generator.Page{Path: "_index.md"}, wantOK: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := base()
			if tt.setup != nil {
				tt.setup(h)
			}
			got, ok := h.URLPath(tt.page)
			if got != tt.want || ok != tt.wantOK {
				t.Errorf("URLPath(%+v) = %q, %v; want %q, %v", tt.page, got, ok, tt.want, tt.wantOK)
			}
		})
	}
}

// TestHugoWithoutContent checks the assumptions URLPath makes when it
// cannot look at the content folder.
func TestHugoWithoutContent(t *testing.T) {
	h := &Preset{Permalinks: map[string]string{"docs": "/:sections/:filename/"}}
	for path, want := range map[string]string{
		"posts/trip/index.md":         "/posts/trip/",
		"posts/trip/notes.md":         "/posts/trip/notes/", // not known to be a bundle
		"docs/guide/deeper/nested.md": "/docs/nested/",      // only top-level sections known
	} {
		if got, ok := h.URLPath(generator.Page{Path: path}); !ok || got != want {
			t.Errorf("URLPath(%q) = %q, %v; want %q", path, got, ok, want)
		}
	}
}

// TestHugoChanged checks that Changed makes URLPath see a new bundle,
// and names the pages that became its resources.
func TestHugoChanged(t *testing.T) {
	fs := fstest.MapFS{"posts/trip/notes.md": {}}
	h := &Preset{Content: fs}
	if got, ok := h.URLPath(generator.Page{Path: "posts/trip/notes.md"}); !ok || got != "/posts/trip/notes/" {
		t.Fatalf("before: %q, %v", got, ok)
	}
	fs["posts/trip/index.md"] = &fstest.MapFile{}
	if _, ok := h.URLPath(generator.Page{Path: "posts/trip/notes.md"}); !ok {
		t.Fatal("cached: want the old answer until Changed")
	}
	if again := h.Changed([]string{"posts/trip/index.md"}); !slices.Equal(again, []string{"posts/trip/notes.md"}) {
		t.Errorf("Changed = %q, want the page that became a resource", again)
	}
	if got, ok := h.URLPath(generator.Page{Path: "posts/trip/notes.md"}); ok {
		t.Errorf("after Changed: %q, want a resource", got)
	}
}
