package generator

import (
	"testing"
	"time"
)

func TestJekyllURLPath(t *testing.T) {
	newYork, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Fatal(err)
	}
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Fatal(err)
	}
	collections := map[string]Collection{
		"recipes": {Output: true},
		"notes":   {Output: false},
		"guides":  {Output: true, Permalink: "/g/:path/"},
	}
	fm := func(p Page) Page { p.HasFrontMatter = true; return p }
	tests := []struct {
		name   string
		j      Jekyll // Collections and Timezone are added
		page   Page
		want   string
		wantOK bool
	}{
		// Posts and the permalink styles.
		{name: "post date", page: fm(Page{Path: "_posts/2024-01-02-hello-world.md"}), want: "/2024/01/02/hello-world.html", wantOK: true},
		{name: "post default style is date", j: Jekyll{Permalink: ""}, page: fm(Page{Path: "_posts/2024-01-02-hello.md"}), want: "/2024/01/02/hello.html", wantOK: true},
		{name: "post pretty", j: Jekyll{Permalink: "pretty"}, page: fm(Page{Path: "_posts/2024-01-02-hello.md"}), want: "/2024/01/02/hello/", wantOK: true},
		{name: "post ordinal", j: Jekyll{Permalink: "ordinal"}, page: fm(Page{Path: "_posts/2024-02-02-hello.md"}), want: "/2024/033/hello.html", wantOK: true},
		{name: "post weekdate", j: Jekyll{Permalink: "weekdate"}, page: fm(Page{Path: "_posts/2024-12-30-hello.md"}), want: "/2024/W01/Mon/hello.html", wantOK: true},
		{name: "post none", j: Jekyll{Permalink: "none"}, page: fm(Page{Path: "_posts/2024-01-02-hello.md"}), want: "/hello.html", wantOK: true},
		{name: "post pattern", j: Jekyll{Permalink: "/blog/:year/:i_month/:i_day/:slug/"}, page: fm(Page{Path: "_posts/2024-01-02-Hello World.md"}), want: "/blog/2024/1/2/hello-world/", wantOK: true},
		{name: "post time placeholders", j: Jekyll{Permalink: "/:short_year/:short_month/:long_month/:hour-:minute-:second/:w_day-:short_day-:long_day/:title:output_ext"}, page: fm(Page{Path: "_posts/2024-01-02-x.md", Date: time.Date(2024, 1, 2, 15, 4, 5, 0, ny)}), want: "/24/Jan/January/15-04-05/2-Tue-Tuesday/x.html", wantOK: true},
		{name: "post without front matter", page: Page{Path: "_posts/2024-01-03-nofm.md"}, want: "/2024/01/03/nofm.html", wantOK: true},
		{name: "post html", page: fm(Page{Path: "_posts/2024-01-03-x.html"}), want: "/2024/01/03/x.html", wantOK: true},
		{name: "post in folder below _posts", page: fm(Page{Path: "_posts/sub/2024-01-04-x.md"}), want: "/2024/01/04/x.html", wantOK: true},
		{name: "post in folder above _posts", page: fm(Page{Path: "blog/_posts/2024-01-04-x.md"}), want: "/blog/2024/01/04/x.html", wantOK: true},
		{name: "post categories", page: fm(Page{Path: "blog/_posts/2024-01-04-x.md", Categories: []string{"News", "Big Deal", "blog"}}), want: "/blog/news/big deal/2024/01/04/x.html", wantOK: true},
		{name: "post slugified categories", j: Jekyll{Permalink: "/:slugified_categories/:title/"}, page: fm(Page{Path: "blog/_posts/2024-01-04-x.md", Categories: []string{"Big Deal"}}), want: "/blog/big-deal/x/", wantOK: true},
		{name: "post slug", page: fm(Page{Path: "_posts/2024-04-01-x.md", Slug: "My Fancy Slug!"}), want: "/2024/04/01/My-Fancy-Slug!.html", wantOK: true},
		{name: "post :slug", j: Jekyll{Permalink: "/:slug/"}, page: fm(Page{Path: "_posts/2024-04-01-x.md", Slug: "My Fancy Slug!"}), want: "/my-fancy-slug/", wantOK: true},
		{name: "post :name keeps the date", j: Jekyll{Permalink: "/:name/"}, page: fm(Page{Path: "_posts/2024-04-01-Hello There.md"}), want: "/2024-04-01-hello-there/", wantOK: true},
		{name: "post :title is not the title", page: fm(Page{Path: "_posts/2024-04-01-file-name.md", Title: "Front Matter Title"}), want: "/2024/04/01/file-name.html", wantOK: true},
		{name: "post trailing dots", page: fm(Page{Path: "_posts/2024-04-01-dots...md"}), want: "/2024/04/01/dots.html", wantOK: true},
		{name: "post :month_", j: Jekyll{Permalink: "/:year/:month_:day/:title/"}, page: fm(Page{Path: "_posts/2024-04-01-x.md"}), want: "/2024/04_01/x/", wantOK: true},
		{name: "post :path", j: Jekyll{Permalink: "/p/:path/"}, page: fm(Page{Path: "_posts/sub/2024-04-01-x.md"}), want: "/p/sub/2024-04-01-x/", wantOK: true},
		{name: "post :collection", j: Jekyll{Permalink: "/:collection/:title/"}, page: fm(Page{Path: "_posts/2024-04-01-x.md"}), want: "/posts/x/", wantOK: true},
		{name: "post front matter permalink", page: fm(Page{Path: "_posts/2024-04-02-perma.md", Permalink: "/custom/:title/"}), want: "/custom/perma/", wantOK: true},
		{name: "post front matter permalink with extension", page: fm(Page{Path: "_posts/2024-04-02-p.md", Permalink: "/feeds/:title.json"}), want: "/feeds/p.json", wantOK: true},
		{name: "post front matter permalink :output_ext", page: fm(Page{Path: "_posts/2024-04-02-p.md", Permalink: "/x/:title:output_ext"}), want: "/x/p.html", wantOK: true},
		{name: "post basename placeholder fails", page: fm(Page{Path: "_posts/2024-04-02-p.md", Permalink: "/:basename/"}), wantOK: false},
		{name: "post date from front matter, site zone", page: fm(Page{Path: "_posts/2024-03-05-x.md", Date: time.Date(2024, 3, 1, 2, 0, 0, 0, time.UTC)}), want: "/2024/02/29/x.html", wantOK: true},
		// Front matter read with the site's timezone gives a date alone
		// at midnight there; a YAML timestamp without a zone is UTC, as
		// Ruby reads it, and so the day before in New York.
		{name: "post date-only front matter", page: fm(Page{Path: "_posts/2024-03-05-x.md", Date: time.Date(2024, 3, 9, 0, 0, 0, 0, newYork)}), want: "/2024/03/09/x.html", wantOK: true},
		{name: "post UTC midnight timestamp", page: fm(Page{Path: "_posts/2024-03-05-x.md", Date: time.Date(2024, 3, 9, 0, 0, 0, 0, time.UTC)}), want: "/2024/03/08/x.html", wantOK: true},
		{name: "post date with zone", page: fm(Page{Path: "_posts/2024-03-05-x.md", Date: time.Date(2024, 3, 9, 23, 30, 0, 0, time.FixedZone("", 3600))}), want: "/2024/03/09/x.html", wantOK: true},
		{name: "post without date in name", page: fm(Page{Path: "_posts/x.md"}), wantOK: false},
		{name: "post with bad date", page: fm(Page{Path: "_posts/2024-13-45-x.md"}), wantOK: false},
		{name: "post in underscore folder below _posts", page: fm(Page{Path: "_posts/_x/2024-01-01-x.md"}), wantOK: false},
		{name: "post in hidden folder below _posts", page: fm(Page{Path: "_posts/a/.b/2024-01-01-x.md"}), wantOK: false},
		{name: "post below an underscore folder", page: fm(Page{Path: "_hidden/_posts/2024-01-01-x.md"}), wantOK: false},
		{name: "draft", page: fm(Page{Path: "_drafts/x.md", Date: time.Date(2024, 1, 5, 12, 0, 0, 0, time.UTC)}), want: "/2024/01/05/x.html", wantOK: true}, // a draft by its place: the caller's (Drafter)
		{name: "posts collection permalink", j: Jekyll{Collections: map[string]Collection{"posts": {Permalink: "/p/:title/"}}}, page: fm(Page{Path: "_posts/2024-01-01-x.md"}), want: "/p/x/", wantOK: true},
		{name: "posts collection permalink is literal", j: Jekyll{Collections: map[string]Collection{"posts": {Permalink: "pretty"}}}, page: fm(Page{Path: "_posts/2024-01-01-x.md"}), want: "/pretty", wantOK: true},
		{name: "posts under collections_dir", j: Jekyll{CollectionsDir: "coll"}, page: fm(Page{Path: "coll/_posts/2024-01-01-x.md"}), want: "/2024/01/01/x.html", wantOK: true},
		{name: "posts outside collections_dir", j: Jekyll{CollectionsDir: "coll"}, page: fm(Page{Path: "_posts/2024-01-01-x.md"}), wantOK: false},
		{name: "posts below collections_dir", j: Jekyll{CollectionsDir: "coll"}, page: fm(Page{Path: "coll/blog/_posts/2024-01-01-x.md"}), want: "/blog/2024/01/01/x.html", wantOK: true},

		// Collections.
		{name: "collection default", page: fm(Page{Path: "_recipes/pasta.md"}), want: "/recipes/pasta.html", wantOK: true},
		{name: "collection pretty", j: Jekyll{Permalink: "pretty"}, page: fm(Page{Path: "_recipes/sub/Soup Bowl.md"}), want: "/recipes/sub/Soup Bowl/", wantOK: true},
		{name: "collection weekdate has no ending", j: Jekyll{Permalink: "weekdate"}, page: fm(Page{Path: "_recipes/pasta.md"}), want: "/recipes/pasta", wantOK: true},
		{name: "collection pattern style", j: Jekyll{Permalink: "/:year/:title/"}, page: fm(Page{Path: "_recipes/pasta.md"}), want: "/recipes/pasta/", wantOK: true},
		{name: "collection own permalink", page: fm(Page{Path: "_guides/a/b.md"}), want: "/g/a/b/", wantOK: true},
		// Any file with front matter is a document (choosealicense.com's
		// _licenses/mit.txt); at a folder, Jekyll writes its index.html.
		{name: "collection text document at a folder", page: fm(Page{Path: "_guides/mit.txt"}), want: "/g/mit/", wantOK: true},
		{name: "collection text document, default permalink", page: fm(Page{Path: "_recipes/list.txt"}), want: "/recipes/list.txt", wantOK: true},
		{name: "collection date in name", j: Jekyll{Collections: map[string]Collection{"recipes": {Output: true, Permalink: "/:year/:title/"}}}, page: fm(Page{Path: "_recipes/2023-05-06-dated.md"}), want: "/2023/dated/", wantOK: true},
		{name: "collection not output", page: fm(Page{Path: "_notes/n.md"}), wantOK: false},
		{name: "collection unknown", page: fm(Page{Path: "_unknown/n.md"}), wantOK: false},
		{name: "collection underscore file", page: fm(Page{Path: "_recipes/_partial.md"}), wantOK: false},
		{name: "collection static html", page: Page{Path: "_recipes/static.html"}, want: "/recipes/static.html", wantOK: true},
		{name: "collection static image", page: Page{Path: "_recipes/photo.jpg"}, wantOK: false},
		{name: "collection front matter permalink", page: fm(Page{Path: "_recipes/pasta.md", Permalink: "/food/:name/"}), want: "/food/pasta/", wantOK: true},
		{name: "collection under collections_dir", j: Jekyll{CollectionsDir: "coll"}, page: fm(Page{Path: "coll/_recipes/pasta.md"}), want: "/recipes/pasta.html", wantOK: true},
		{name: "collection outside collections_dir is not one", j: Jekyll{CollectionsDir: "coll"}, page: fm(Page{Path: "_recipes/pasta.md"}), wantOK: false},

		// Pages.
		{name: "page", page: fm(Page{Path: "about.md"}), want: "/about.html", wantOK: true},
		{name: "page pretty", j: Jekyll{Permalink: "pretty"}, page: fm(Page{Path: "about.md"}), want: "/about/", wantOK: true},
		{name: "page pattern with slash", j: Jekyll{Permalink: "/:year/:title/"}, page: fm(Page{Path: "about.md"}), want: "/about/", wantOK: true},
		{name: "page pattern with output_ext", j: Jekyll{Permalink: "/:year/:title:output_ext"}, page: fm(Page{Path: "about.md"}), want: "/about.html", wantOK: true},
		{name: "page bare pattern", j: Jekyll{Permalink: "/:year/:title"}, page: fm(Page{Path: "about.md"}), want: "/about", wantOK: true},
		{name: "page in folder", page: fm(Page{Path: "docs/page.md"}), want: "/docs/page.html", wantOK: true},
		{name: "page index", page: fm(Page{Path: "docs/index.md"}), want: "/docs/", wantOK: true},
		{name: "root index", page: fm(Page{Path: "index.html"}), want: "/", wantOK: true},
		{name: "page html", page: fm(Page{Path: "contact.html"}), want: "/contact.html", wantOK: true},
		{name: "page htm", j: Jekyll{Permalink: "pretty"}, page: fm(Page{Path: "x.htm"}), want: "/x/", wantOK: true},
		{name: "page markdown ext", page: fm(Page{Path: "x.markdown"}), want: "/x.html", wantOK: true},
		{name: "page custom markdown_ext", j: Jekyll{MarkdownExt: "txt"}, page: fm(Page{Path: "x.txt"}), want: "/x.html", wantOK: true},
		{name: "page case kept", page: fm(Page{Path: "Spaced Name.md"}), want: "/Spaced Name.html", wantOK: true},
		{name: "page permalink", page: fm(Page{Path: "pp.md", Permalink: "/pp/"}), want: "/pp/", wantOK: true},
		{name: "page permalink placeholders", page: fm(Page{Path: "docs/pp.md", Permalink: "/x/:path/:basename:output_ext"}), want: "/x/docs/pp.html", wantOK: true},
		{name: "page permalink unknown placeholder kept", page: fm(Page{Path: "pp.md", Permalink: "/:title/"}), want: "/:title/", wantOK: true},
		{name: "page permalink cleaned", page: fm(Page{Path: "pp.md", Permalink: "a//b/../c/"}), want: "/a/b/c/", wantOK: true},
		{name: "page feed.xml", page: fm(Page{Path: "feed.xml"}), wantOK: false},
		{name: "page feed with folder permalink", page: fm(Page{Path: "feed.json", Permalink: "/feed/"}), want: "/feed/", wantOK: true},
		{name: "page scss", page: fm(Page{Path: "assets/main.scss"}), wantOK: false},
		{name: "underscore folder", page: fm(Page{Path: "_hidden/h.md"}), wantOK: false},
		{name: "underscore file", page: fm(Page{Path: "_x.md"}), wantOK: false},
		{name: "dot folder", page: fm(Page{Path: ".dot/d.md"}), wantOK: false},
		{name: "hash file", page: fm(Page{Path: "#x.md"}), wantOK: false},
		{name: "backup file", page: fm(Page{Path: "x.md~"}), wantOK: false},
		{name: "default exclude", page: fm(Page{Path: "node_modules/p/index.html"}), wantOK: false},
		{name: "default exclude folder with slash", page: fm(Page{Path: "vendor/bundle/x.md"}), wantOK: false},
		{name: "exclude", j: Jekyll{Exclude: []string{"README.md", "drafts/"}}, page: fm(Page{Path: "README.md"}), wantOK: false},
		{name: "exclude glob", j: Jekyll{Exclude: []string{"*.example.md"}}, page: fm(Page{Path: "docs/a.example.md"}), wantOK: false},
		{name: "exclude folder", j: Jekyll{Exclude: []string{"drafts/"}}, page: fm(Page{Path: "drafts/x.md"}), wantOK: false},
		{name: "include underscore folder", j: Jekyll{Include: []string{"_pages"}}, page: fm(Page{Path: "_pages/x.md"}), want: "/_pages/x.html", wantOK: true},
		{name: "destination is skipped", j: Jekyll{Destination: "public"}, page: fm(Page{Path: "public/x.md"}), wantOK: false},

		// Static files.
		{name: "static html", page: Page{Path: "static.html"}, want: "/static.html", wantOK: true},
		{name: "static pdf", page: Page{Path: "docs/a.pdf"}, want: "/docs/a.pdf", wantOK: true},
		{name: "static markdown", page: Page{Path: "README.md"}, wantOK: false},
		{name: "static css", page: Page{Path: "assets/style.css"}, wantOK: false},
		{name: "bad path", page: Page{Path: "../x.md"}, wantOK: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j := tt.j
			if j.Permalink == "" && tt.name != "post default style is date" {
				j.Permalink = "date"
			}
			if j.Collections == nil {
				j.Collections = collections
			}
			j.Timezone = "America/New_York"
			got, ok := j.URLPath(tt.page)
			if got != tt.want || ok != tt.wantOK {
				t.Errorf("URLPath(%+v) = %q, %v; want %q, %v", tt.page, got, ok, tt.want, tt.wantOK)
			}
		})
	}
}

func TestJekyllHeldBack(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"_posts/2024-01-02-a.md", true},
		{"blog/_posts/2024-01-02-a.md", true},
		{"_recipes/soup.md", true},
		{"event.md", false},
		{"docs/event.md", false},
	} {
		if got := (&Jekyll{}).HeldBack(tt.in); got != tt.want {
			t.Errorf("HeldBack(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestJekyllFileDate(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want string // "" for none
	}{
		{"_posts/2024-01-02-a.md", "2024-01-02"},
		{"blog/_posts/2024-05-06-in-blog.md", "2024-05-06"},
		{"_posts/2024-13-02-bad-month.md", ""},
		{"_posts/notes.md", ""},
		{"2024-01-02-page.md", ""},
	} {
		d, ok := (&Jekyll{}).FileDate(tt.in)
		got := ""
		if ok {
			got = d.Format("2006-01-02")
		}
		if got != tt.want || ok && d.Location() != time.UTC {
			t.Errorf("FileDate(%q) = %v, %v; want %q", tt.in, d, ok, tt.want)
		}
	}
}
