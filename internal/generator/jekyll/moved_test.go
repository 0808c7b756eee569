package jekyll

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// TestHostileFrontMatterURL: a permalink that is not a path on the
// site publishes no page; dot segments that stay below the root are
// resolved as Jekyll resolves them; slugs and titles never climb above
// the root.
func TestHostileFrontMatterURL(t *testing.T) {
	jekyll := &Preset{Permalink: "pretty"}
	tests := []struct {
		name   string
		preset generator.Preset
		page   generator.Page
		want   string // "" for no page
	}{
		{"jekyll permalink climbs", jekyll, generator.Page{Path: "a.md", HasFrontMatter: true, Permalink: "/../../etc/passwd"}, ""},
		{"jekyll relative permalink climbs", jekyll, generator.Page{Path: "a.md", HasFrontMatter: true, Permalink: "a/../../b"}, ""},
		{"jekyll permalink with encoded dots", jekyll, generator.Page{Path: "a.md", HasFrontMatter: true, Permalink: "/%2e%2e/x/"}, ""},
		{"jekyll permalink with backslashes", jekyll, generator.Page{Path: "a.md", HasFrontMatter: true, Permalink: `\..\x`}, ""},
		{"jekyll permalink on another host", jekyll, generator.Page{Path: "a.md", HasFrontMatter: true, Permalink: "https://evil.example/x"}, ""},
		{"jekyll network-path permalink", jekyll, generator.Page{Path: "a.md", HasFrontMatter: true, Permalink: "//evil.example/x"}, ""},
		{"jekyll post permalink on another host", jekyll, generator.Page{Path: "_posts/2024-01-02-a.md", HasFrontMatter: true, Permalink: "//evil.example/:title/"}, ""},
		{"jekyll dots below the root", jekyll, generator.Page{Path: "a.md", HasFrontMatter: true, Permalink: "/a/../b/"}, "/a/b/"},
		{"jekyll slug of dots", jekyll, generator.Page{Path: "_posts/2024-01-02-a.md", HasFrontMatter: true, Slug: "../../x"}, "/2024/01/02/-/-x/"}, // ".." become "/", as sanitize_url does
		{"jekyll backslash in a name", jekyll, generator.Page{Path: `back\slash.md`, HasFrontMatter: true}, `/back\slash/`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := tt.preset.URLPath(tt.page)
			if tt.want == "" {
				if ok {
					t.Errorf("URLPath = %q, want no page", got)
				}
				return
			}
			if !ok || got != tt.want {
				t.Errorf("URLPath = %q, %v; want %q", got, ok, tt.want)
			}
		})
	}
}

func ExamplePreset_URLPath() {
	j := &Preset{
		Permalink:   "date",
		Timezone:    "UTC",
		Collections: map[string]Collection{"recipes": {Output: true}},
	}
	for _, p := range []generator.Page{
		{Path: "_posts/2024-01-02-hello.md", HasFrontMatter: true},
		{Path: "blog/_posts/2024-01-02-hello.md", HasFrontMatter: true, Categories: []string{"News"}},
		{Path: "about.md", HasFrontMatter: true},
		{Path: "docs/index.md", HasFrontMatter: true},
		{Path: "contact.md", HasFrontMatter: true, Permalink: "/contact/"},
		{Path: "_recipes/pasta.md", HasFrontMatter: true},
		{Path: "README.md"},
		{Path: "_drafts/idea.md", HasFrontMatter: true, ModTime: time.Date(2024, 3, 4, 12, 0, 0, 0, time.UTC)},
	} {
		u, ok := j.URLPath(p)
		fmt.Printf("%-32s %-38q %v\n", p.Path, u, ok)
	}
	// Output:
	// _posts/2024-01-02-hello.md       "/2024/01/02/hello.html"               true
	// blog/_posts/2024-01-02-hello.md  "/blog/news/2024/01/02/hello.html"     true
	// about.md                         "/about.html"                          true
	// docs/index.md                    "/docs/"                               true
	// contact.md                       "/contact/"                            true
	// _recipes/pasta.md                "/recipes/pasta.html"                  true
	// README.md                        ""                                     false
	// _drafts/idea.md                  "/2024/03/04/idea.html"                true
}

// TestConcurrentURLPath runs the preset from several goroutines, for
// the race detector: it caches compiled patterns.
func TestConcurrentURLPath(t *testing.T) {
	j := &Preset{Permalink: "/:categories/:year/:title/", Timezone: "Asia/Tokyo", Exclude: []string{"*.tmp"}}
	pages := []generator.Page{{Path: "_posts/2024-01-02-x.md", HasFrontMatter: true}, {Path: "a/b.tmp", HasFrontMatter: true}, {Path: "a/c.md", HasFrontMatter: true}}
	want := map[string]string{}
	for _, p := range pages {
		want[p.Path], _ = j.URLPath(p)
	}
	done := make(chan bool)
	for range 8 {
		go func() {
			defer func() { done <- true }()
			for range 50 {
				for _, p := range pages {
					if got, _ := j.URLPath(p); got != want[p.Path] {
						t.Errorf("%s: %q, want %q", p.Path, got, want[p.Path])
						return
					}
				}
			}
		}()
	}
	for range 8 {
		<-done
	}
}

// TestJekyllZone: timezone is the zone of the dates without one, a
// post's file name's too; without it, UTC; an unknown name is a warning
// at its line, and UTC, where it used to make the whole configuration
// unread.
func TestJekyllZone(t *testing.T) {
	dir := buildtest.TempSite(t, map[string]string{"_config.yml": "url: https://x.org\n\ntimezone: America/Los_Angeles\n"})
	j, err := Load(dir, limits.Default)
	if err != nil {
		t.Fatal(err)
	}
	r := j.FileRules("_posts/2014-05-06-x.md")
	loc, from := r.Zone, r.ZoneFrom
	if loc == nil || loc.String() != "America/Los_Angeles" || from != "_config.yml timezone" {
		t.Errorf("Zone = %v, %q", loc, from)
	}
	d := r.FileDate
	if want := time.Date(2014, 5, 6, 7, 0, 0, 0, time.UTC); !d.Equal(want) {
		t.Errorf("FileDate = %v; want %v (midnight in Los Angeles)", d, want)
	}
	if w := j.Rules().Sources.ZoneWarnings; w != nil {
		t.Errorf("ZoneWarnings = %v", w)
	}

	j, err = Load(buildtest.TempSite(t, map[string]string{"_config.yml": "url: https://x.org\n"}), limits.Default)
	if err != nil {
		t.Fatal(err)
	}
	if loc := j.FileRules("_posts/2014-05-06-x.md").Zone; loc != nil {
		t.Errorf("Zone without timezone = %v; want nil (UTC)", loc)
	}
	if d := j.FileRules("_posts/2014-05-06-x.md").FileDate; !d.Equal(time.Date(2014, 5, 6, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("FileDate without timezone = %v; want midnight UTC", d)
	}

	j, err = Load(buildtest.TempSite(t, map[string]string{"_config.yml": "url: https://x.org\npermalink: pretty\ntimezone: Mars/Olympus\n"}), limits.Default)
	if err != nil {
		t.Fatalf("an unknown timezone: %v; want a warning", err)
	}
	if j.Permalink != "pretty" {
		t.Errorf("Permalink = %q: the rest of the configuration is read", j.Permalink)
	}
	if loc := j.FileRules("x.md").Zone; loc != nil {
		t.Errorf("Zone of an unknown timezone = %v; want nil (UTC)", loc)
	}
	checkZoneWarning(t, j.Rules().Sources.ZoneWarnings, "_config.yml", 3, `timezone: "Mars/Olympus" is not a time zone of the IANA database; dates without a zone are read as UTC`)
}

func checkZoneWarning(t *testing.T, ws []error, file string, line int, msg string) {
	t.Helper()
	if len(ws) != 1 {
		t.Fatalf("ZoneWarnings = %v; want one", ws)
	}
	var d *diag.Diagnostic
	if !errors.As(ws[0], &d) || d.File != file || d.Line != line || d.Msg != msg {
		t.Errorf("ZoneWarnings = %v; want %s:%d: %s", ws[0], file, line, msg)
	}
}

// TestPluginLastModOrders reads, from each generator's configuration,
// the plugins and options that make it date pages by git:
// jekyll-last-modified-at (_config.yml's plugins or gems, the Gemfile's
// jekyll_plugins group) (MkDocs': in its folder).
func TestPluginLastModOrders(t *testing.T) {
	const jekyllOrder = "front matter last_modified_at, then git, then front matter date, then the file name's date"
	for _, tt := range []struct {
		name   string
		load   func(dir string) (generator.Preset, error)
		files  map[string]string
		want   string // Describe; "" for no order
		from   string
		author bool
	}{
		{name: "jekyll plugins", load: loadJekyllDated, files: map[string]string{"_config.yml": "plugins:\n  - jekyll-sitemap\n  - jekyll-last-modified-at\n"},
			want: jekyllOrder, from: "jekyll-last-modified-at in _config.yml plugins"},
		{name: "jekyll gems", load: loadJekyllDated, files: map[string]string{"_config.yml": "gems: [jekyll-last-modified-at]\n"},
			want: jekyllOrder, from: "jekyll-last-modified-at in _config.yml gems"},
		{name: "jekyll Gemfile group", load: loadJekyllDated, files: map[string]string{"_config.yml": "title: x\n",
			"Gemfile": "source 'x'\ngem \"jekyll\"\ngroup :jekyll_plugins do\n  gem 'jekyll-feed'\n  gem \"jekyll-last-modified-at\", \"~> 1.3\"\nend\n"},
			want: jekyllOrder, from: "jekyll-last-modified-at in the Gemfile's jekyll_plugins group"},
		{name: "jekyll Gemfile group:", load: loadJekyllDated, files: map[string]string{"_config.yml": "title: x\n",
			"Gemfile": "gem 'jekyll-last-modified-at', group: :jekyll_plugins\n"},
			want: jekyllOrder, from: "Gemfile's jekyll_plugins group"},
		{name: "jekyll Gemfile outside the group", load: loadJekyllDated, files: map[string]string{"_config.yml": "title: x\n",
			"Gemfile": "group :jekyll_plugins do\n  gem 'jekyll-feed'\nend\ngem 'jekyll-last-modified-at'\n# gem 'jekyll-last-modified-at', group: :jekyll_plugins\n"}},
		{name: "jekyll without", load: loadJekyllDated, files: map[string]string{"_config.yml": "plugins: [jekyll-sitemap]\n"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeSite(t, dir, tt.files)
			d, err := tt.load(dir)
			if err != nil {
				t.Fatal(err)
			}
			o := d.Rules().Order
			switch {
			case o == nil && tt.want != "":
				t.Fatalf("no order, want %q", tt.want)
			case o == nil:
				return
			case tt.want == "":
				t.Fatalf("order %q (%s), want none", o.Describe(), o.From)
			}
			if got := o.Describe(); !strings.HasPrefix(got, tt.want) {
				t.Errorf("order %q, want %q…", got, tt.want)
			}
			if !strings.Contains(o.From, tt.from) {
				t.Errorf("from %q, want %q in it", o.From, tt.from)
			}
			if o.GitAuthor != tt.author {
				t.Errorf("GitAuthor %v, want %v", o.GitAuthor, tt.author)
			}
		})
	}
}

func loadJekyllDated(dir string) (generator.Preset, error) { return Load(dir, limits.Default) }
