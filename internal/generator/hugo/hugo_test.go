package hugo

import (
	"errors"
	"fmt"
	"html"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

func TestLoadHugo(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		check func(t *testing.T, h *Preset)
	}{
		{name: "no config", files: nil, check: func(t *testing.T, h *Preset) {
			if h.File != "" || h.PublishDir != "public" || h.ContentDir != "content" || h.UglyURLs || h.Permalinks != nil {
				t.Errorf("defaults: %+v", h)
			}
		}},
		{name: "toml", files: map[string]string{"hugo.toml": `
baseURL = "https://example.org/"
publishDir = "dist"
contentDir = "src"
uglyURLs = true
disablePathToLower = true
[permalinks]
  posts = "/:year/:title/"
  "/" = "/:filename/"
`}, check: func(t *testing.T, h *Preset) {
			if h.File != "hugo.toml" || h.BaseURL != "https://example.org/" || h.PublishDir != "dist" ||
				h.ContentDir != "src" || !h.UglyURLs || !h.DisablePathToLower {
				t.Errorf("got %+v", h)
			}
			if h.Permalinks["posts"] != "/:year/:title/" || h.Permalinks["/"] != "/:filename/" {
				t.Errorf("Permalinks = %v", h.Permalinks)
			}
		}},
		{name: "yaml with mixed-case keys", files: map[string]string{"hugo.yaml": `
BaseURL: https://example.org/
UGLYURLS: true
PermaLinks:
  Posts: /p/:slug/
`}, check: func(t *testing.T, h *Preset) {
			if h.File != "hugo.yaml" || h.BaseURL != "https://example.org/" || !h.UglyURLs || h.Permalinks["posts"] != "/p/:slug/" {
				t.Errorf("got %+v", h)
			}
		}},
		{name: "json", files: map[string]string{"config.json": `{"baseurl": "https://example.org/", "uglyURLs": {"docs": true}, "permalinks": {"page": {"posts": "/:year/:slug/"}, "section": {"docs": "/d/:title/"}, "term": {"tags": "/t/:slug/"}}}`}, check: func(t *testing.T, h *Preset) {
			if h.File != "config.json" || h.UglyURLs || !h.UglySections["docs"] {
				t.Errorf("got %+v", h)
			}
			if h.Permalinks["posts"] != "/:year/:slug/" || h.SectionPermalinks["docs"] != "/d/:title/" || len(h.Permalinks) != 1 {
				t.Errorf("Permalinks %v, SectionPermalinks %v", h.Permalinks, h.SectionPermalinks)
			}
		}},
		{name: "hugo.toml before config.toml", files: map[string]string{
			"hugo.toml":   `baseURL = "https://hugo.example/"`,
			"config.toml": `baseURL = "https://config.example/"`,
		}, check: func(t *testing.T, h *Preset) {
			if h.File != "hugo.toml" || h.BaseURL != "https://hugo.example/" || len(h.Files) != 1 {
				t.Errorf("got File %q, BaseURL %q, Files %v", h.File, h.BaseURL, h.Files)
			}
		}},
		{name: "config folder", files: map[string]string{
			"config.toml":                       "baseURL = \"https://example.org/\"\nuglyURLs = false\n",
			"config/_default/hugo.toml":         "uglyURLs = true\n",
			"config/_default/permalinks.yaml":   "posts: /d/:slug/\nblog: /b/:slug/\n",
			"config/_default/menus.en.toml":     "[[main]]\nname = \"x\"\n",
			"config/production/permalinks.toml": "posts = \"/prod/:slug/\"\n",
			"config/development/hugo.toml":      "uglyURLs = false\n",
		}, check: func(t *testing.T, h *Preset) {
			if h.File != "config.toml" || !h.UglyURLs {
				t.Errorf("got File %q, UglyURLs %v", h.File, h.UglyURLs)
			}
			want := []string{"config.toml", "config/_default/hugo.toml", "config/_default/permalinks.yaml", "config/production/permalinks.toml"}
			if !slices.Equal(h.Files, want) {
				t.Errorf("Files = %q, want %q", h.Files, want)
			}
			if h.Permalinks["posts"] != "/prod/:slug/" || h.Permalinks["blog"] != "/b/:slug/" {
				t.Errorf("Permalinks = %v", h.Permalinks)
			}
		}},
		{name: "config folder only", files: map[string]string{
			"config/_default/config.yaml": "baseURL: https://example.org/\n",
		}, check: func(t *testing.T, h *Preset) {
			if h.File != "config/_default/config.yaml" || h.BaseURL != "https://example.org/" {
				t.Errorf("got File %q, BaseURL %q", h.File, h.BaseURL)
			}
		}},
		{name: "languages and taxonomies", files: map[string]string{"hugo.toml": `
defaultContentLanguage = "FR"
defaultContentLanguageInSubdir = true
disableKinds = ["Taxonomy", "term"]
[languages.fr]
weight = 1
[languages.de]
weight = 2
[taxonomies]
series = "series"
`}, check: func(t *testing.T, h *Preset) {
			if h.DefaultContentLanguage != "fr" || !h.DefaultContentLanguageInSubdir ||
				!slices.Equal(h.Languages, []string{"de", "fr"}) || !slices.Equal(h.DisableKinds, []string{"taxonomy", "term"}) ||
				!slices.Equal(h.Taxonomies, []string{"series"}) {
				t.Errorf("got %+v", h)
			}
		}},
		// module.mounts into the content take the place of contentDir
		// and of the languages' (issue 97: the Docsy user guide's).
		{name: "a content mount", files: map[string]string{"hugo.yaml": `
contentDir: src
module:
  mounts:
    - source: content/en
      target: content
    - source: assets
      target: assets
`}, check: func(t *testing.T, h *Preset) {
			if h.ContentDir != "content/en" || h.MountsFrom != "hugo.yaml" || h.LangContentDirs != nil {
				t.Errorf("ContentDir %q, MountsFrom %q, LangContentDirs %v", h.ContentDir, h.MountsFrom, h.LangContentDirs)
			}
		}},
		{name: "a content mount a language, in the config folder", files: map[string]string{
			"hugo.toml": "defaultContentLanguage = 'de'\n[languages.en]\ncontentDir = 'content/english'\n[languages.de]\n",
			"config/_default/module.toml": "[[mounts]]\nsource = 'content/en'\ntarget = 'content'\nlang = 'EN'\n" +
				"[[mounts]]\nsource = 'content/de'\ntarget = 'content/'\nlang = 'de'\n" +
				"[[mounts]]\nsource = 'README.md'\ntarget = 'content/repo/README.md'\n" +
				"[[mounts]]\nsource = '../outside'\ntarget = 'content'\n",
		}, check: func(t *testing.T, h *Preset) {
			if want := map[string]string{"en": "content/en", "de": "content/de"}; h.ContentDir != "content/de" || h.MountsFrom != "config/_default/module.toml" || !maps.Equal(h.LangContentDirs, want) {
				t.Errorf("ContentDir %q, MountsFrom %q, LangContentDirs %v", h.ContentDir, h.MountsFrom, h.LangContentDirs)
			}
		}},
		{name: "no content mount read", files: map[string]string{"hugo.toml": "contentDir = 'src'\n[[module.mounts]]\nsource = 'blog'\ntarget = 'content/blog'\n[[module.mounts]]\nsource = 'static'\ntarget = 'static'\n"},
			check: func(t *testing.T, h *Preset) {
				if h.ContentDir != "src" || h.MountsFrom != "" {
					t.Errorf("ContentDir %q, MountsFrom %q", h.ContentDir, h.MountsFrom)
				}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeSite(t, dir, tt.files)
			h, err := Load(dir, limits.Default)
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, h)
		})
	}
}

func TestLoadHugoContentFS(t *testing.T) {
	dir := t.TempDir()
	writeSite(t, dir, map[string]string{
		"hugo.toml":               `contentDir = "src"`,
		"src/posts/trip/index.md": "---\ntitle: x\n---\n",
	})
	h, err := Load(dir, limits.Default)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := h.URLPath(generator.Page{Path: "posts/trip/notes.md"}); ok {
		t.Error("Load's Content does not show the bundle in src/")
	}
}

// TestLoadHugoSitemap reads [sitemap]: changefreq in any case, priority,
// and Hugo's -1 for none, filename.
func TestLoadHugoSitemap(t *testing.T) {
	for _, tt := range []struct{ config, changefreq, priority string }{
		{"[sitemap]\nchangefreq = \"Weekly\"\npriority = 0.5\n", "weekly", "0.5"},
		{"[sitemap]\npriority = -1\nfilename = \"map.xml\"\n", "", ""},
		{"[sitemap]\npriority = 1\n", "", "1.0"},
		{"title = \"no sitemap table\"\n", "", ""},
	} {
		dir := t.TempDir()
		writeSite(t, dir, map[string]string{"hugo.toml": tt.config})
		h, err := Load(dir, limits.Default)
		if err != nil {
			t.Fatalf("%q: %v", tt.config, err)
		}
		pr := ""
		if h.SitemapPriority.IsSet() {
			pr = h.SitemapPriority.String()
		}
		if cf := h.SitemapChangeFreq; cf.String() != tt.changefreq && !(cf == 0 && tt.changefreq == "") || pr != tt.priority {
			t.Errorf("%q: changefreq %q priority %q, want %q %q", tt.config, h.SitemapChangeFreq, pr, tt.changefreq, tt.priority)
		}
		if want := map[bool]string{true: "map.xml"}[strings.Contains(tt.config, "map.xml")]; h.SitemapFilename != want {
			t.Errorf("%q: filename %q, want %q", tt.config, h.SitemapFilename, want)
		}
	}
}

func TestLoadHugoErrors(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  string // the error message
	}{
		{name: "toml syntax", files: map[string]string{"hugo.toml": "baseURL = \"x\"\nuglyURLs = = true\n"}, want: "hugo.toml:2: "},
		{name: "yaml syntax", files: map[string]string{"hugo.yaml": "baseURL: x\npermalinks:\n  posts: [\n"}, want: "hugo.yaml:3: "},
		{name: "yaml type", files: map[string]string{"hugo.yaml": "- a\n- b\n"}, want: "hugo.yaml: the file is a list, not a mapping of keys to values"},
		{name: "json syntax", files: map[string]string{"hugo.json": "{\n\"baseURL\": \"x\",\n}\n"}, want: "hugo.json:3: "},
		{name: "unknown attribute", files: map[string]string{"hugo.toml": "[permalinks]\nposts = \"/:yeer/:title/\"\n"}, want: `hugo.toml: permalinks.posts: permalink attribute :yeer not recognised in "/:yeer/:title/"`},
		{name: "sectionslug", files: map[string]string{"hugo.toml": "[permalinks]\nposts = \"/:sectionslug/\"\n"}, want: "permalinks.posts: permalink attribute :sectionslug is not supported"},
		{name: "pattern not a string", files: map[string]string{"hugo.toml": "[permalinks]\nposts = 3\n"}, want: "hugo.toml: permalinks.posts: want a pattern string, got a number"},
		{name: "list form", files: map[string]string{"hugo.toml": "[[permalinks]]\npattern = \"/:slug/\"\n"}, want: "hugo.toml: permalinks: want a table of section = pattern, got a list"},
		{name: "unknown kind", files: map[string]string{"hugo.toml": "[permalinks.blog]\nposts = \"/:slug/\"\n"}, want: `permalinks.blog: permalinks for kind "blog" are not supported`},
		{name: "bad uglyURLs", files: map[string]string{"hugo.toml": "uglyURLs = \"maybe\"\n"}, want: "hugo.toml: uglyurls: want true or false, got a string"},
		{name: "bad sitemap changefreq", files: map[string]string{"hugo.toml": "[sitemap]\nchangefreq = \"often\"\n"}, want: "hugo.toml: sitemap.changefreq: "},
		{name: "bad sitemap priority", files: map[string]string{"hugo.toml": "[sitemap]\npriority = 2.5\n"}, want: "hugo.toml: sitemap.priority: "},
		{name: "sitemap filename in a folder", files: map[string]string{"hugo.toml": "[sitemap]\nfilename = \"a/map.xml\"\n"}, want: `hugo.toml: sitemap.filename: "a/map.xml" is not a file name`},
		{name: "sitemap filename not a string", files: map[string]string{"hugo.toml": "[sitemap]\nfilename = [\"a\"]\n"}, want: "hugo.toml: sitemap.filename: want a string, got a list"},
		{name: "error in config folder", files: map[string]string{
			"hugo.toml":                       "",
			"config/_default/permalinks.toml": "posts = \"/:nope/\"\n",
		}, want: "config/_default/permalinks.toml: permalinks.posts: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeSite(t, dir, tt.files)
			_, err := Load(dir, limits.Default)
			if err == nil {
				t.Fatalf("no error; want %q", tt.want)
			}
			var ce *diag.Diagnostic
			if !errors.As(err, &ce) {
				t.Errorf("error %v is not a *diag.Diagnostic", err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q; want it to contain %q", err, tt.want)
			}
		})
	}
}

// TestLoadHugoErrorsHostile: a key or a value of hugo.toml that a
// message names is escaped and bounded: a line break in a quoted key
// cannot begin a line of its own, a key of a megabyte is an excerpt.
func TestLoadHugoErrorsHostile(t *testing.T) {
	huge := strings.Repeat("k", 1<<20)
	for name, config := range map[string]string{
		"permalinks key":      "[permalinks]\n\"a\\n::error::x\" = 3\n",
		"permalinks kind":     "[permalinks.\"b\\r\\u001b[2J\"]\nposts = \"/:slug/\"\n",
		"permalinks huge key": "[permalinks]\n\"" + huge + "\" = 3\n",
		"uglyurls section":    "[uglyURLs]\n\"c\\n::add-mask::y\" = \"maybe\"\n",
		"attribute":           "[permalinks]\nposts = \"/:" + huge + "/\"\n",
		"sitemap filename":    "[sitemap]\nfilename = \"a/" + huge + "\"\n",
	} {
		dir := t.TempDir()
		writeSite(t, dir, map[string]string{"hugo.toml": config})
		_, err := Load(dir, limits.Default)
		if err == nil {
			t.Errorf("%s: no error", name)
			continue
		}
		if msg := err.Error(); strings.ContainsFunc(msg, unicode.IsControl) || len(msg) > 600 {
			t.Errorf("%s: %d bytes, or a control character: %.300q", name, len(msg), msg)
		}
	}
}

// TestHugoURLize compares urlize (less its percent-encoding) with
// Hugo's own urlize template function.
func TestHugoURLize(t *testing.T) {
	inputs := []string{
		"a - b", "a--b", "a -- b", "a - - b", "user@host", "Hello, World!", "Ünïcödé Title",
		"50% off", "a%20b", "C++ and C", "x/y", "  lead", "tail  ", "a_b.c~d", "It's a “quote”",
		"中文 标题", "tab\tsep", "Ⅻ roman", "Ça va? Très bien.", "emoji 🎉 party", "new\nline",
		"under_score and-dash", "MiXeD CaSe", "dots...and.more", "ß and ǅ", "a & b", "-lead-",
	}
	hugo := testtool.Program(t, "hugo", "apt-get install hugo") // compares urlize with Hugo's
	quoted := make([]string, len(inputs))
	var tmpl strings.Builder
	for i, in := range inputs {
		quoted[i] = strconv.Quote(in)
		fmt.Fprintf(&tmpl, "{{ urlize (index .Site.Params.inputs %d) }}\n", i)
	}
	dir := t.TempDir()
	writeSite(t, dir, map[string]string{
		"hugo.toml": "baseURL = \"https://example.com/\"\ndisableKinds = [\"taxonomy\", \"term\", \"RSS\", \"sitemap\"]\n" +
			"[params]\ninputs = [" + strings.Join(quoted, ", ") + "]\n",
		"layouts/index.html": tmpl.String(),
	})
	if out, err := exec.Command(hugo, "--quiet", "--source", dir, "--destination", filepath.Join(dir, "public")).CombinedOutput(); err != nil {
		t.Fatalf("hugo: %v\n%s", err, out)
	}
	data, err := os.ReadFile(filepath.Join(dir, "public", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	if len(lines) < len(inputs) {
		t.Fatalf("Hugo wrote %d lines for %d inputs:\n%s", len(lines), len(inputs), data)
	}
	for i, in := range inputs {
		want := unescape(t, html.UnescapeString(lines[i]))
		if got := (&Preset{}).urlize(in); got != want {
			t.Errorf("urlize(%q) = %q; Hugo %q", in, got, want)
		}
	}
}

func TestDetectHugo(t *testing.T) {
	testDetect(t, []detectTest{
		{
			name:  "hugo defaults",
			files: map[string]string{"hugo.toml": "title = 'x'\n"},
			want:  []generator.Detected{{File: "hugo.toml", PublishDir: "public"}},
		},
		{
			name:  "hugo baseURL and publishDir",
			files: map[string]string{"hugo.toml": "baseURL = 'https://example.org/docs'\npublishDir = './build/'\n"},
			want: []generator.Detected{{File: "hugo.toml", PublishDir: "build",
				BaseURL: "https://example.org/docs/", BaseURLFrom: "hugo.toml baseURL"}},
		},
		{
			name:  "hugo baseURL slash is none",
			files: map[string]string{"config.yaml": "baseURL: /\n"},
			want:  []generator.Detected{{File: "config.yaml", PublishDir: "public"}},
		},
		{
			name:  "hugo baseURL without scheme",
			files: map[string]string{"hugo.json": "{\n  \"title\": \"x\",\n  \"baseURL\": \"example.org\"\n}\n"},
			want: []generator.Detected{{File: "hugo.json", PublishDir: "public",
				Notes: []string{`hugo.json:3: baseURL "example.org" is not an absolute http(s) URL; give --base-url`}}},
		},
		{
			name: "hugo config/_default with a production override",
			files: map[string]string{
				"config/_default/hugo.toml":    "baseURL = 'http://localhost/'\npublishDir = 'www'\n",
				"config/_default/params.toml":  "baseURL = 'https://not-a-setting.example/'\n",
				"config/production/hugo.toml":  "baseURL = 'https://example.org/'\n",
				"config/development/hugo.toml": "baseURL = 'https://dev.example.org/'\n",
			},
			want: []generator.Detected{{File: "config/_default/hugo.toml", PublishDir: "www",
				BaseURL: "https://example.org/", BaseURLFrom: "config/production/hugo.toml baseURL"}},
		},
		{
			name:  "hugo languages",
			files: map[string]string{"hugo.toml": "[languages.en]\n[languages.DE]\n"},
			want:  []generator.Detected{{File: "hugo.toml", PublishDir: "public", Languages: []string{"de", "en"}, Translated: true}},
		},
		{
			name:  "hugo configuration Load rejects",
			files: map[string]string{"hugo.toml": "baseURL = 'https://example.org/'\npublishDir = 'out'\n[permalinks]\nposts = 3\n"},
			want: []generator.Detected{{File: "hugo.toml", PublishDir: "out",
				BaseURL: "https://example.org/", BaseURLFrom: "hugo.toml baseURL",
				Notes: []string{"hugo.toml: permalinks.posts: want a pattern string, got a number; only baseURL and publishDir are read"}}},
		},
	})
}

// TestDetectHugoSharedNames checks the rule for config.*, the names Hugo
// shares with other tools: such a file tells Hugo only when it sets one of
// Hugo's own keys or one of Hugo's folders is beside it; hugo.* always does.
func TestDetectHugoSharedNames(t *testing.T) {
	const docsearch = `{
  "index_name": "docs",
  "start_urls": ["https://d.example/"],
  "sitemap_urls": ["https://d.example/sitemap.xml"],
  "selectors": {"lvl0": "header h1", "text": "article p"}
}
`
	testDetect(t, []detectTest{
		{
			name:  "a title alone is no Hugo's",
			files: map[string]string{"config.yaml": "title: x\n"},
		},
		{
			name:  "Hugo with only a config.json",
			files: map[string]string{"config.json": `{"baseURL": "https://h.example/", "title": "x"}`},
			want:  []generator.Detected{{File: "config.json", PublishDir: "public", BaseURL: "https://h.example/", BaseURLFrom: "config.json baseURL"}},
		},
		{
			name:  "Hugo's keys in any case",
			files: map[string]string{"config.yaml": "Title: x\nTheme: ananke\n"},
			want:  []generator.Detected{{File: "config.yaml", PublishDir: "public"}},
		},
		{
			name:  "a title beside Hugo's content folder",
			files: map[string]string{"config.toml": "title = 'x'\n", "content/_index.md": "# x\n"},
			want:  []generator.Detected{{File: "config.toml", PublishDir: "public"}},
		},
		{
			name:  "hugo.json is Hugo's whatever it holds",
			files: map[string]string{"hugo.json": docsearch},
			want:  []generator.Detected{{File: "hugo.json", PublishDir: "public"}},
		},
		{
			name:  "a config folder makes the config.json Hugo's",
			files: map[string]string{"config.json": docsearch, "config/_default/params.toml": "a = 1\n"},
			want:  []generator.Detected{{File: "config.json", PublishDir: "public"}},
		},
	})
}

// TestLoadHugoForeignConfig checks that Load does not read another
// tool's config.json as Hugo's: the defaults apply, File is "".
func TestLoadHugoForeignConfig(t *testing.T) {
	dir := buildtest.TempSite(t, map[string]string{"config.json": `{"index_name": "x", "publishdirectory": "y"}`})
	h, err := Load(dir, limits.Default)
	if err != nil {
		t.Fatal(err)
	}
	if h.File != "" || len(h.Files) != 0 || h.PublishDir != "public" {
		t.Errorf("File %q, Files %q, PublishDir %q; want none and the default", h.File, h.Files, h.PublishDir)
	}
}
