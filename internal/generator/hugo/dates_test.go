package hugo

import (
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/generator"

	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// TestHugoLastModOrder reads enableGitInfo and [frontmatter] from every
// place Hugo reads them, and the order Hugo dates a page in.
func TestHugoLastModOrder(t *testing.T) {
	for _, tt := range []struct {
		name  string
		env   map[string]string
		files map[string]string
		want  string // Describe
		from  string
	}{
		{name: "default", files: map[string]string{"hugo.toml": "title = 'x'\n"},
			want: "front matter lastmod, modified, date, publishdate, pubdate, published", from: "Hugo's default [frontmatter] lastmod"},
		{name: "hugo.toml", files: map[string]string{"hugo.toml": "enableGitInfo = true\n"},
			want: "git, then front matter lastmod, modified, date, publishdate, pubdate, published", from: "Hugo enableGitInfo, hugo.toml"},
		{name: "production", files: map[string]string{"hugo.toml": "title = 'x'\n", "config/production/hugo.toml": "enableGitInfo = true\n"},
			want: "git, then front matter lastmod", from: "Hugo enableGitInfo, config/production/hugo.toml"},
		{name: "another environment", env: map[string]string{"HUGO_ENVIRONMENT": "staging"},
			files: map[string]string{"hugo.toml": "title = 'x'\n", "config/production/hugo.toml": "enableGitInfo = true\n"},
			want:  "front matter lastmod", from: "Hugo's default"},
		{name: "_default yaml", files: map[string]string{"config/_default/hugo.yaml": "enableGitInfo: true\n"},
			want: "git, then", from: "config/_default/hugo.yaml"},
		{name: "json", files: map[string]string{"config.json": `{"enableGitInfo": true}`}, want: "git, then", from: "config.json"},
		{name: "variable over the file", env: map[string]string{"HUGO_ENABLEGITINFO": "false"},
			files: map[string]string{"hugo.toml": "enableGitInfo = true\n"}, want: "front matter lastmod", from: "Hugo's default"},
		{name: "variable", env: map[string]string{"HUGO_ENABLEGITINFO": "true"},
			files: map[string]string{"hugo.toml": "title = 'x'\n"}, want: "git, then", from: "HUGO_ENABLEGITINFO"},
		{name: "front matter first", files: map[string]string{"hugo.toml": "enableGitInfo = true\n[frontmatter]\nlastmod = ['lastmod', ':git', 'date']\n"},
			want: "front matter lastmod, modified, then git, then front matter date", from: "Hugo [frontmatter] lastmod, hugo.toml"},
		{name: ":default expanded", files: map[string]string{"config/_default/frontmatter.toml": "lastmod = ['lastmod', ':default']\n", "hugo.toml": "enableGitInfo = true\n"},
			want: "front matter lastmod, modified, then git, then front matter date, publishdate, pubdate, published", from: "config/_default/frontmatter.toml"},
		{name: ":fileModTime", files: map[string]string{"hugo.toml": "[frontmatter]\nlastmod = [':fileModTime', 'lastmod']\n"},
			want: "git, then front matter lastmod, modified", from: "Hugo :fileModTime read as git, hugo.toml"},
		{name: ":filename", files: map[string]string{"hugo.toml": "[frontmatter]\nlastmod = [':filename', ':default']\n"},
			want: "the file name's date, then front matter lastmod", from: "hugo.toml"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("HUGO_ENVIRONMENT", tt.env["HUGO_ENVIRONMENT"])
			t.Setenv("HUGO_ENABLEGITINFO", tt.env["HUGO_ENABLEGITINFO"])
			dir := t.TempDir()
			writeSite(t, dir, tt.files)
			h, err := Load(dir, limits.Default)
			if err != nil {
				t.Fatal(err)
			}
			o := h.LastModOrder()
			if got := o.Describe(); !strings.HasPrefix(got, tt.want) {
				t.Errorf("order %q, want %q…", got, tt.want)
			}
			if !strings.Contains(o.From, tt.from) {
				t.Errorf("from %q, want %q in it", o.From, tt.from)
			}
		})
	}
}

// TestDateOrderPick picks the step that dates a page as Hugo does.
func TestDateOrderPick(t *testing.T) {
	h := &Preset{EnableGitInfo: true, EnableGitInfoFrom: "hugo.toml",
		FrontMatterDates: map[string][]string{"lastmod": {"lastmod", ":git", "date"}}}
	o := h.LastModOrder()
	for _, tt := range []struct {
		key      string
		git      bool
		wantGit  bool
		wantNone bool
	}{
		{key: "lastmod", git: true},             // before git
		{key: "modified", git: true},            // lastmod's alias
		{key: "date", git: true, wantGit: true}, // after git
		{key: "date", git: false},               // git has none
		{key: "updated", git: false, wantNone: true},
		{key: "", git: true, wantGit: true},
	} {
		i := o.Pick(tt.key, tt.git, false)
		switch {
		case tt.wantNone && i >= 0, !tt.wantNone && i < 0:
			t.Errorf("%q git %v: step %d", tt.key, tt.git, i)
		case i >= 0 && o.Steps[i].Git != tt.wantGit:
			t.Errorf("%q git %v: step %+v", tt.key, tt.git, o.Steps[i])
		}
	}
}

// TestHugoFileName reads the date and slug of :filename.
func TestHugoFileName(t *testing.T) {
	h := &Preset{FrontMatterDates: map[string][]string{"date": {":filename", ":default"}}}
	d := h.FileRules("posts/2023-01-02-hello.md").FileDate
	if !d.Equal(time.Date(2023, 1, 2, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("FileDate = %v", d)
	}
	if d := h.FileRules("posts/2023-01-02-trip/index.md").FileDate; d.Day() != 2 {
		t.Errorf("a bundle's folder: FileDate = %v", d)
	}
	if got, ok := h.URLPath(generator.Page{Path: "posts/2023-01-02-hello.md", HasFrontMatter: true}); !ok || got != "/posts/hello/" {
		t.Errorf("URLPath = %q, want /posts/hello/ (Hugo's slug from :filename)", got)
	}
	if d := (&Preset{}).FileRules("posts/2023-01-02-hello.md").FileDate; !d.IsZero() {
		t.Error("a date in the name without :filename")
	}
}
