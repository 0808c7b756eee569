package hugo

import (
	"fmt"
	"io/fs"
	"maps"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// cascadeSite is a content folder whose _index files cascade: the
// nearer one over the farther, the configuration's last.
var cascadeSite = fstest.MapFS{
	"_index.md":              {Data: []byte("---\ntitle: Home\ncascade:\n  sitemap:\n    changefreq: yearly\n  draft: false\n---\n")},
	"docs/_index.md":         {Data: []byte("---\ncascade:\n- sitemap:\n    changefreq: weekly\n- _build:\n    list: never\n  _target:\n    path: /docs/priv/**\n- draft: true\n  _target:\n    kind: section\n    path: /docs/*/_index.md\n---\n")},
	"long/_index.md":         {Data: []byte("---\ncascade:\n  draft: true\n---\n" + strings.Repeat("A long body.\n", 1<<17))},
	"long/g.md":              {Data: []byte("---\ntitle: G\n---\n")},
	"docs/a.md":              {Data: []byte("---\ntitle: A\n---\n")},
	"docs/priv/_index.md":    {Data: []byte("+++\n[[cascade]]\n[cascade.sitemap]\nchangefreq = 'daily'\n+++\n")},
	"docs/priv/b.md":         {Data: []byte("---\ntitle: B\n---\n")},
	"docs/priv/deep/c.md":    {Data: []byte("---\ntitle: C\n---\n")},
	"docs/fr/_index.fr.md":   {Data: []byte("---\ncascade:\n  build:\n    list: never\n---\n")},
	"docs/fr/d.fr.md":        {Data: []byte("---\ntitle: D\n---\n")},
	"docs/fr/d.md":           {Data: []byte("---\ntitle: D\n---\n")},
	"blog/e.md":              {Data: []byte("---\ntitle: E\n---\n")},
	"blog/staging/_index.md": {Data: []byte("---\ncascade:\n  _build:\n    list: never\n  _target:\n    environment: staging\n---\n")},
	"news/_index.md":         {Data: []byte("---\ncascade:\n  draft: true\n  target:\n    path: \"{/news,/news/old}\"\n---\n")},
	"news/old.md":            {Data: []byte("---\ntitle: Old\n---\n")},
	"news/new.md":            {Data: []byte("---\ntitle: New\n---\n")},
	"blog/staging/f.md":      {Data: []byte("---\ntitle: F\n---\n")},
}

// TestCascadeDefaults: what the cascades above a page give it, key by
// key, the nearest first: the file's own _index (a cascade applies to
// its own page), its folders', the content root's, the configuration's;
// a _target's path (the file's path, as Hugo 0.111 matches it), kind,
// language and environment.
func TestCascadeDefaults(t *testing.T) {
	h := &Preset{Content: cascadeSite, DefaultContentLanguage: "en", Languages: []string{"en", "fr"}, Taxonomies: []string{"categories", "tags"},
		ConfigCascade: []cascade{{Values: map[string]any{"sitemap": map[string]any{"priority": 0.3}, "draft": true, "_build": map[string]any{"list": "never"}}, Path: "/blog/**"}}}
	never := map[string]any{"list": "never"}
	for _, tc := range []struct {
		rel  string
		want map[string]any
	}{
		{"_index.md", map[string]any{"sitemap": map[string]any{"changefreq": "yearly"}, "draft": false}},
		// docs/'s sitemap is nearer than the home page's.
		{"docs/a.md", map[string]any{"sitemap": map[string]any{"changefreq": "weekly"}, "draft": false}},
		// docs/priv/'s own, over docs/'s; the list of docs/'s target.
		{"docs/priv/_index.md", map[string]any{"sitemap": map[string]any{"changefreq": "daily"}, "_build": never, "draft": true}},
		{"docs/priv/b.md", map[string]any{"sitemap": map[string]any{"changefreq": "daily"}, "_build": never, "draft": false}},
		{"docs/priv/deep/c.md", map[string]any{"sitemap": map[string]any{"changefreq": "daily"}, "_build": never, "draft": false}},
		// The French _index cascades to French pages only, and the
		// others (of the default language) not to them; build is _build.
		{"docs/fr/d.fr.md", map[string]any{"_build": never}},
		{"docs/fr/d.md", map[string]any{"sitemap": map[string]any{"changefreq": "weekly"}, "draft": false}},
		// The configuration's, the farthest: the home page's draft wins.
		{"blog/e.md", map[string]any{"sitemap": map[string]any{"changefreq": "yearly"}, "draft": false, "_build": never}},
		// newer Hugo's target, and its logical paths.
		{"news/_index.md", map[string]any{"sitemap": map[string]any{"changefreq": "yearly"}, "draft": true}},
		{"news/old.md", map[string]any{"sitemap": map[string]any{"changefreq": "yearly"}, "draft": true}},
		{"news/new.md", map[string]any{"sitemap": map[string]any{"changefreq": "yearly"}, "draft": false}},
		// An _index file longer than the front matter's bound.
		{"long/g.md", map[string]any{"sitemap": map[string]any{"changefreq": "yearly"}, "draft": true}},
		// A target of another environment than production.
		{"blog/staging/f.md", map[string]any{"sitemap": map[string]any{"changefreq": "yearly"}, "draft": false, "_build": never}},
	} {
		if got := h.cascadeDefaults(tc.rel); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("cascadeDefaults(%q) = %v, want %v", tc.rel, got, tc.want)
		}
	}
	if w := h.cascadeWarnings(); len(w) != 0 {
		t.Errorf("warnings: %v", w)
	}
	h.environment = "staging" // as LoadDir reads it from HUGO_ENVIRONMENT
	h.ConfigCascade = nil
	if got := h.cascadeDefaults("blog/staging/f.md"); !reflect.DeepEqual(got["_build"], never) {
		t.Errorf("in staging: cascadeDefaults = %v, want _build list never", got)
	}
}

// TestCascadeOwnWins: a page's own front matter wins over what a
// cascade gives it, key by key; _build: list: never (or local) leaves
// a page out, as Hugo's sitemap does.
func TestCascadeOwnWins(t *testing.T) {
	h := &Preset{Content: cascadeSite}
	for _, tc := range []struct {
		rel, text       string
		unlisted, draft bool
		changefreq      string
	}{
		{"docs/priv/b.md", "---\ntitle: B\n---\n", true, false, "daily"},
		{"docs/priv/b.md", "---\n_build:\n  list: always\n---\n", false, false, "daily"},
		{"docs/priv/b.md", "---\nbuild:\n  list: always\n---\n", false, false, "daily"},
		{"docs/priv/b.md", "---\nsitemap:\n  changefreq: never\n---\n", true, false, "never"},
		{"docs/priv/_index.md", "---\ndraft: false\n---\n", true, false, "daily"},
		{"docs/a.md", "---\n_build:\n  list: local\n---\n", true, false, "weekly"},
	} {
		src, err := frontmatter.ReadSourceOptions(strings.NewReader(tc.text), frontmatter.Options{Defaults: h.FileRules(tc.rel).Defaults})
		if err != nil {
			t.Fatal(err)
		}
		if src.Unlisted != tc.unlisted || src.Draft != tc.draft || src.Sitemap.ChangeFreq.String() != tc.changefreq || len(src.Problems) > 0 {
			t.Errorf("%s %q: unlisted %v, draft %v, changefreq %q, problems %v; want %v, %v, %q", tc.rel, tc.text, src.Unlisted, src.Draft, src.Sitemap.ChangeFreq, src.Problems, tc.unlisted, tc.draft, tc.changefreq)
		}
	}
}

// TestCascadeWarnings: a cascade that cannot be read is one warning,
// naming its file and line; the configuration's [[cascade]] is read.
func TestCascadeWarnings(t *testing.T) {
	dir := buildtest.TempSite(t, map[string]string{
		"hugo.toml":           "baseURL = 'https://example.com/'\n[[cascade]]\n[cascade._build]\nlist = 'never'\n[cascade._target]\npath = '/x/**'\n",
		"content/a/_index.md": "---\ntitle: A\ncascade: everything\n---\n",
		"content/b/_index.md": "---\ntitle: B\ncascade:\n  draft: true\n  _target:\n    path: \"/b/[\"\n---\n",
		"content/c/_index.md": "---\ntitle: C\ncascade:\n  draft: true\n  _target: /c\n---\n",
		"content/l/_index.md": "---\ncascade:\n  draft: true\n---\n" + strings.Repeat("A long body.\n", 1<<17),
		"content/l/m.md":      "---\ntitle: M\n---\n",
		"content/x/y.md":      "---\ntitle: Y\n---\n",
	})
	projects, err := detectHere(dir, limits.Limits{})
	if err != nil || len(projects) != 1 {
		t.Fatalf("detect: %v, %v", projects, err)
	}
	var got []string
	for _, w := range projects[0].Warnings {
		got = append(got, w.Error())
	}
	want := []string{
		filepath.Join("content", "a", "_index.md") + ":3: cascade: want a table or a list of tables, got a string; this cascade is not read: the pages it would leave out of Hugo's sitemap are listed",
		filepath.Join("content", "b", "_index.md") + `:3: cascade[0]._target.path: "/b/[" is not a glob; this cascade is not read: the pages it would leave out of Hugo's sitemap are listed`,
		filepath.Join("content", "c", "_index.md") + ":3: cascade[0]._target: want a table, got a string; this cascade is not read: the pages it would leave out of Hugo's sitemap are listed",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	h, err := Load(dir, limits.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if got := h.FileRules("x/y.md").Defaults; !reflect.DeepEqual(got, map[string]any{"_build": map[string]any{"list": "never"}}) {
		t.Errorf("the configuration's cascade gives x/y.md %v", got)
	}
	// An _index file longer than the front matter's bound: its front
	// matter is read.
	if got := h.FileRules("l/m.md").Defaults; !reflect.DeepEqual(got, map[string]any{"draft": true}) {
		t.Errorf("a long _index file's cascade gives l/m.md %v", got)
	}
}

// TestCascadeChanged: an _index file that changes changes what its
// cascade gives the pages below: Changed names them, and forgets the
// cascade read.
func TestCascadeChanged(t *testing.T) {
	content := fstest.MapFS{
		"docs/_index.md": {Data: []byte("---\ncascade:\n  draft: true\n---\n")},
		"docs/a.md":      {Data: []byte("---\ntitle: A\n---\n")},
		"blog/b.md":      {Data: []byte("---\ntitle: B\n---\n")},
	}
	h := &Preset{Content: content}
	if got := h.cascadeDefaults("docs/a.md"); got["draft"] != true {
		t.Fatalf("cascadeDefaults = %v, want draft", got)
	}
	content["docs/_index.md"] = &fstest.MapFile{Data: []byte("---\ntitle: Docs\n---\n")}
	if again := h.Changed([]string{"docs/_index.md"}); !reflect.DeepEqual(again, []string{"docs/a.md"}) {
		t.Errorf("Changed = %q, want docs/a.md", again)
	}
	if got := h.cascadeDefaults("docs/a.md"); got != nil {
		t.Errorf("after Changed, cascadeDefaults = %v, want none", got)
	}
}

// listCounter is a content folder that counts how often each of its
// folders is listed.
type listCounter struct {
	fstest.MapFS
	mu    sync.Mutex
	lists map[string]int
}

func (c *listCounter) ReadDir(name string) ([]fs.DirEntry, error) {
	c.mu.Lock()
	c.lists[name]++
	c.mu.Unlock()
	return c.MapFS.ReadDir(name)
}

// TestCascadeListsOnce: the cascades of a page's folders are found
// from what telling its sections from its bundles listed: each folder
// is listed once, whatever its pages and languages ask.
func TestCascadeListsOnce(t *testing.T) {
	c := &listCounter{MapFS: cascadeSite, lists: map[string]int{}}
	askPages(t, &Preset{Content: c, DefaultContentLanguage: "en", Languages: []string{"en", "fr"}})
	listedOnce(t, c)
	if len(c.lists) == 0 {
		t.Error("no folder listed")
	}
}

// TestReadCascadesListsOnce: the walk that reads every _index file's
// cascade at the start keeps what each folder holds, so that the pages'
// URLs and cascades list no folder again: each is listed once in all.
func TestReadCascadesListsOnce(t *testing.T) {
	c := &listCounter{MapFS: cascadeSite, lists: map[string]int{}}
	h := &Preset{Content: c, DefaultContentLanguage: "en", Languages: []string{"en", "fr"}}
	h.readCascades()
	walked := len(c.lists)
	askPages(t, h)
	listedOnce(t, c)
	if len(c.lists) != walked {
		t.Errorf("%d folders listed after the walk, which listed %d", len(c.lists), walked)
	}
	for _, dir := range []string{".", "docs", "docs/priv", "docs/fr", "news"} {
		if c.lists[dir] == 0 {
			t.Errorf("%s not listed by the walk", dir)
		}
	}
}

// askPages asks h the cascades and URLs of cascadeSite's pages, and
// checks what one of them is given.
func askPages(t *testing.T, h *Preset) {
	t.Helper()
	for _, rel := range []string{"docs/a.md", "docs/priv/b.md", "docs/fr/d.fr.md", "docs/fr/d.md", "news/old.md"} {
		h.cascadeDefaults(rel)
		h.URLPath(generator.Page{Path: rel})
	}
	if got := h.cascadeDefaults("docs/fr/d.fr.md"); !reflect.DeepEqual(got, map[string]any{"_build": map[string]any{"list": "never"}}) {
		t.Errorf("cascadeDefaults(docs/fr/d.fr.md) = %v", got)
	}
}

// listedOnce fails t for each folder of c listed more than once.
func listedOnce(t *testing.T, c *listCounter) {
	t.Helper()
	for dir, n := range c.lists {
		if n != 1 {
			t.Errorf("%s listed %d times, want once", dir, n)
		}
	}
}

// TestReadFolderForgetsDetection: the folder read for the sources may
// not be the contentDir the walk at detection listed (sitemapgen DIR):
// what that walk kept of a folder is not the sources' folder's.
func TestReadFolderForgetsDetection(t *testing.T) {
	h := &Preset{Content: fstest.MapFS{"posts/a.md": {}, "docs/_index.md": {}}}
	h.readCascades()
	h.ReadFolder(generator.Folder{Content: fstest.MapFS{"posts/index.md": {}, "docs/b.md": {}}})
	if !h.dir("posts").leaf {
		t.Error("posts: not a leaf bundle in the folder read")
	}
	if h.dir("docs").branch {
		t.Error("docs: a section by the _index file of the contentDir")
	}
}

// TestReadFolderKeepsDetection: when the folder read is the contentDir
// the walk at detection listed, no folder is listed again.
func TestReadFolderKeepsDetection(t *testing.T) {
	c := &listCounter{MapFS: cascadeSite, lists: map[string]int{}}
	h := &Preset{Content: c, DefaultContentLanguage: "en", Languages: []string{"en", "fr"}}
	h.readCascades()
	h.ReadFolder(generator.Folder{Content: c})
	askPages(t, h)
	listedOnce(t, c)
}

// TestCascadeIndex: the entries a page tries, from the index of a long
// cascade, are every entry that matches it, in the list's order: the
// same as trying each (issue 89).
func TestCascadeIndex(t *testing.T) {
	targets := []string{"", "**", "/blog/**", "/blog", "/blog/*.md", "/blog/a", "/blogs/**", "{/a/**,/b/**}", "/a/{x,y}/**",
		"/docs/*/_index.md", "/docs/**/c.md", "/docs/priv/**", `/x\*y`, "/news", "/news/old", "*/a.md", "/[ab]/**", "/b/", "/fr/**"}
	var list []cascade
	for i, p := range targets {
		list = append(list, cascade{Values: map[string]any{"draft": i}, Path: p})
		list = append(list, cascade{Values: map[string]any{"draft": -i}, Path: p, Kind: "section"})
	}
	x := newCascadeIndex(list)
	if x.all {
		t.Fatalf("a list of %d entries is tried whole", len(list))
	}
	for _, rel := range []string{"blog/a.md", "blog/_index.md", "blogs/x.md", "a/b.md", "a/x/c.md", "b/c.md", "docs/priv/_index.md", "docs/z/_index.md",
		"docs/q/c.md", "x*y.md", "news/old.md", "news/_index.md", "a.md", "fr/a.fr.md", "_index.md", "c.md"} {
		logical := "/" + strings.TrimSuffix(strings.TrimSuffix(rel, ".md"), "/_index")
		if strings.HasSuffix(rel, "_index.md") {
			logical = "/" + strings.TrimSuffix(strings.TrimSuffix(rel, "_index.md"), "/")
		}
		var want, got []any
		for _, c := range list {
			if c.matches(rel, logical, "page", "en", "production") {
				want = append(want, c.Values["draft"])
			}
		}
		for c := range x.candidates("/"+rel, logical) {
			if c.matches(rel, logical, "page", "en", "production") {
				got = append(got, c.Values["draft"])
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s (%s): the index gives %v, trying each %v", rel, logical, got, want)
		}
	}
}

// TestCascadeBound: a cascade of more entries than maxCascadeEntries
// reads the first ones, and a warning names the file and says so.
func TestCascadeBound(t *testing.T) {
	var entries []any
	for i := range maxCascadeEntries + 5 {
		entries = append(entries, map[string]any{"draft": true, "_target": map[string]any{"path": "/p" + strconv.Itoa(i) + "/**"}})
	}
	list, warn := cascadeOf(entries, "hugo.toml", 7, nil)
	if len(list) != maxCascadeEntries {
		t.Errorf("read %d entries, want %d", len(list), maxCascadeEntries)
	}
	if warn == nil || warn.Place() != "hugo.toml:7" || !strings.Contains(warn.Msg, "1005 entries, of which the first 1000 are read") {
		t.Errorf("warning %v", warn)
	}
}

// BenchmarkCascades asks what the configuration's cascade gives each of
// 2,000 pages, with 200 and 20,000 entries each of its own section
// (the bound keeps the first 1,000 of the second), and with 20,000
// entries whose paths begin with a glob, which every page tries (the
// first 1,000 of them).
func BenchmarkCascades(b *testing.B) {
	for _, tc := range []struct {
		name string
		n    int
		glob string
	}{{"200", 200, "/s%d/**"}, {"20000", 20_000, "/s%d/**"}, {"20000-anywhere", 20_000, "**/s%d/**"}} {
		var entries []any
		for i := range tc.n {
			entries = append(entries, map[string]any{"draft": true, "_target": map[string]any{"path": fmt.Sprintf(tc.glob, i)}})
		}
		list, _ := cascadeOf(entries, "hugo.toml", 1, nil)
		n := tc.n
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				h := &Preset{ConfigCascade: list}
				for i := range 2_000 {
					h.cascadeDefaults("s" + strconv.Itoa(i%n) + "/p" + strconv.Itoa(i) + ".md")
				}
			}
		})
	}
}

// TestCascadeDefaultsIndexed: what the cascades above each page of a
// site give it, the configuration's and an _index file's both long
// enough to be indexed, is what trying every entry of each gives, in
// the same order (each entry sets the same key, the first that matches
// wins, and one of its own): targets without a literal beginning,
// with one, with a kind and a language.
func TestCascadeDefaultsIndexed(t *testing.T) {
	targets := []cascade{
		{Path: "/blog/**"}, {Path: "{/a/**,/b/**}"}, {}, {Path: "/blog/*.md"}, {Path: "/blog"},
		{Path: "/a/b/**"}, {Path: "/a/b"}, {Path: "/a/b.md"}, {Path: "*"}, {Path: "/b/[a-c]*.md"},
		{Path: `/a/\*`}, {Path: "/**/x*"}, {Path: "/docs/**/x*"}, {Path: "/caps/**"}, {Path: "/a"},
		{Path: "/a/**", Kind: "page"}, {Path: "/a/**", Lang: "fr"}, {Kind: "section"},
		{Kind: "{home,section}", Lang: "en"}, {Path: "/blo*"}, {Path: "blog/**"}, {Path: "/a/b/c/**"},
		{Path: "/a/b/c"}, {Path: "/_index.md"}, {Path: "/"}, {Path: "**"},
	}
	for i := range targets {
		targets[i].Values = map[string]any{"sitemap": i, fmt.Sprint("k", i): true}
	}
	// An _index file of a section whose cascade is indexed too.
	var section strings.Builder
	section.WriteString("---\ncascade:\n")
	for i, p := range []string{"/a/b/**", "{/a/x*,/a/b/c}", "", "/a/b/c/**", "/a/*.md", "**/e.md"} {
		for j := range 4 {
			// The first entry that matches gives draft; each a page
			// tries once.
			fmt.Fprintf(&section, "- draft: %d\n  _target:\n    path: '%s'\n", 100+i*10+j, p)
			if j%2 == 1 {
				section.WriteString("    kind: page\n")
			}
		}
	}
	section.WriteString("---\n")
	content := fstest.MapFS{"a/_index.md": {Data: []byte(section.String())}}
	pages := []string{"_index.md", "a/_index.md", "a/x.md", "a/b.md", "a/b/_index.md", "a/b/c.md",
		"a/b/c/index.md", "a/b/c/d/e.md", "blog/p.md", "blog/p.fr.md", "blog/_index.fr.md", "blogx/q.md",
		"b/a1.md", "b/d.md", "docs/x1.md", "docs/deep/x2.md", "Caps/Page.md", "a/*.md"}
	for _, rel := range pages {
		if content[rel] == nil {
			content[rel] = &fstest.MapFile{Data: []byte("---\ntitle: P\n---\n")}
		}
	}
	h := &Preset{Content: content, DefaultContentLanguage: "en", Languages: []string{"en", "fr"}, ConfigCascade: targets}
	if h.configCascades().all || h.sectionCascades("a", "en").all {
		t.Fatal("a cascade is tried whole: the index is not tested")
	}
	matched := 0
	for _, rel := range pages {
		want := plainDefaults(h, rel)
		if got := h.cascadeDefaults(rel); !reflect.DeepEqual(got, want) {
			t.Errorf("cascadeDefaults(%q) = %v, want %v", rel, got, want)
		}
		matched += len(want)
	}
	if matched < 3*len(pages) {
		t.Errorf("%d values given to %d pages: the targets match too little to test", matched, len(pages))
	}
}

// plainDefaults is what cascadeDefaults gives without an index: every
// entry of each cascade above the page tried on it, in order, the
// values of those that match it laid from the last to the first, so
// that the first's win.
func plainDefaults(h *Preset, rel string) map[string]any {
	dir, file := path.Split(rel)
	dir = strings.Trim(dir, "/")
	base, _ := srcpath.SplitExt(file)
	base, lang := h.splitLang(base)
	logical := "/" + path.Join(dir, base)
	if base == "_index" || base == "index" {
		logical = "/" + dir
	}
	lists := [][]cascade{}
	for d := dir; ; d = parent(d) {
		lists = append(lists, h.sectionCascades(d, lang).list)
		if d == "" {
			break
		}
	}
	var matched []map[string]any
	for _, list := range append(lists, h.ConfigCascade) {
		for _, c := range list {
			if c.matches(rel, logical, h.pageKind(rel), lang, hugoEnv(h.environment)) {
				matched = append(matched, c.Values)
			}
		}
	}
	var out map[string]any
	for _, v := range slices.Backward(matched) {
		if out == nil {
			out = map[string]any{}
		}
		maps.Copy(out, v)
	}
	return out
}
