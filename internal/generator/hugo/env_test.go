package hugo

import (
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// hostEnv is an environment whose variables a hosting platform's file
// sets, each said to be set there, as project discovery gives it.
func hostEnv(vars map[string]string) generator.Env {
	return func(key string) (string, string, bool) {
		v, ok := vars[key]
		if !ok {
			return "", "", false
		}
		return v, key + " in netlify.toml:5 [build.environment]", true
	}
}

// TestLoadDirEnv: Hugo's settings from the environment its build runs
// with, whatever sets it (here a hosting platform's file): the variables
// of the settings sitemapgen reads over the files, each said with where
// it is set; the environment `hugo` builds in from HUGO_ENVIRONMENT,
// else HUGO_ENV.
func TestLoadDirEnv(t *testing.T) {
	for _, tt := range []struct {
		name  string
		env   map[string]string
		files map[string]string
		check func(t *testing.T, h *Preset)
	}{
		{name: "enableGitInfo", env: map[string]string{"HUGO_ENABLEGITINFO": "true"},
			files: map[string]string{"hugo.toml": "title = 'x'\n"},
			check: func(t *testing.T, h *Preset) {
				o := h.LastModOrder()
				if got := o.Describe(); !strings.HasPrefix(got, "git, then") {
					t.Errorf("order %q, want git first", got)
				}
				if want := "Hugo enableGitInfo, HUGO_ENABLEGITINFO in netlify.toml:5 [build.environment]"; o.From != want {
					t.Errorf("from %q, want %q", o.From, want)
				}
			}},
		{name: "over the file", env: map[string]string{"HUGO_ENABLEGITINFO": " false "},
			files: map[string]string{"hugo.toml": "enableGitInfo = true\n"},
			check: func(t *testing.T, h *Preset) {
				if h.EnableGitInfo {
					t.Error("the file's enableGitInfo over the variable's false")
				}
			}},
		// buildDrafts, in the file or the variable: a draft is built as
		// any other page.
		{name: "buildDrafts", env: map[string]string{"HUGO_BUILDDRAFTS": "true"},
			files: map[string]string{"hugo.toml": "title = 'x'\n"},
			check: func(t *testing.T, h *Preset) {
				if !h.BuildDrafts || h.FileRules("posts/a.md").Drafts {
					t.Errorf("buildDrafts %v; a draft is still one", h.BuildDrafts)
				}
			}},
		{name: "buildDrafts in the file", files: map[string]string{"hugo.toml": "buildDrafts = true\n"},
			check: func(t *testing.T, h *Preset) {
				if h.FileRules("posts/a.md").Drafts {
					t.Error("buildDrafts = true: a draft is still one")
				}
			}},
		{name: "drafts", files: map[string]string{"hugo.toml": "title = 'x'\n"},
			check: func(t *testing.T, h *Preset) {
				if !h.FileRules("posts/a.md").Drafts {
					t.Error("without buildDrafts, a draft is built")
				}
			}},
		// Hugo leaves out a value that does not read as the setting's
		// kind.
		{name: "not a boolean", env: map[string]string{"HUGO_ENABLEGITINFO": "yes"},
			files: map[string]string{"hugo.toml": "enableGitInfo = true\n"},
			check: func(t *testing.T, h *Preset) {
				if !h.EnableGitInfo || h.EnableGitInfoFrom != "hugo.toml" {
					t.Errorf("enableGitInfo %v from %q, want the file's", h.EnableGitInfo, h.EnableGitInfoFrom)
				}
			}},
		{name: "HUGO_ENV", env: map[string]string{"HUGO_ENV": "staging"},
			files: map[string]string{"hugo.toml": "title = 'x'\n", "config/staging/hugo.toml": "enableGitInfo = true\n"},
			check: func(t *testing.T, h *Preset) {
				if !h.EnableGitInfo || h.EnableGitInfoFrom != "config/staging/hugo.toml" {
					t.Errorf("enableGitInfo %v from %q, want config/staging's", h.EnableGitInfo, h.EnableGitInfoFrom)
				}
			}},
		{name: "HUGO_ENVIRONMENT over HUGO_ENV", env: map[string]string{"HUGO_ENV": "staging", "HUGO_ENVIRONMENT": "production"},
			files: map[string]string{"hugo.toml": "title = 'x'\n", "config/staging/hugo.toml": "enableGitInfo = true\n"},
			check: func(t *testing.T, h *Preset) {
				if h.EnableGitInfo {
					t.Error("config/staging read in production")
				}
			}},
		{name: "folders and URLs", env: map[string]string{"HUGO_PUBLISHDIR": "dist", "HUGO_CONTENTDIR": "pages", "HUGO_UGLYURLS": "true"},
			files: map[string]string{"hugo.toml": "publishDir = 'public'\n"},
			check: func(t *testing.T, h *Preset) {
				if h.PublishDir != "dist" || h.ContentDir != "pages" || !h.UglyURLs {
					t.Errorf("publishDir %q, contentDir %q, uglyURLs %v", h.PublishDir, h.ContentDir, h.UglyURLs)
				}
			}},
		// A variable sets one value: uglyURLs by section stays.
		{name: "uglyURLs table", env: map[string]string{"HUGO_UGLYURLS": "true"},
			files: map[string]string{"hugo.toml": "[uglyURLs]\nposts = true\n"},
			check: func(t *testing.T, h *Preset) {
				if h.UglyURLs || !h.UglySections["posts"] {
					t.Errorf("uglyURLs %v, sections %v", h.UglyURLs, h.UglySections)
				}
			}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeSite(t, dir, tt.files)
			h, err := LoadDir(generator.NewDir(dir, hostEnv(tt.env), limits.Default))
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, h)
		})
	}
}

// TestDetectEnvBaseURL: HUGO_BASEURL is the site's base URL, said to
// come from the variable and where it is set.
func TestDetectEnvBaseURL(t *testing.T) {
	dir := t.TempDir()
	writeSite(t, dir, map[string]string{"hugo.toml": "baseURL = 'https://file.example/'\n"})
	d, err := generator.OpenDir(dir, hostEnv(map[string]string{"HUGO_BASEURL": "https://env.example/docs/"}), limits.Default)
	if err != nil {
		t.Fatal(err)
	}
	found, err := generator.Detect(d, []generator.Generator{Generator{}})
	if err != nil || len(found) != 1 {
		t.Fatalf("detect: %v, %v", found, err)
	}
	p := found[0]
	if want := "HUGO_BASEURL in netlify.toml:5 [build.environment]"; p.BaseURL != "https://env.example/docs/" || p.BaseURLFrom != want {
		t.Errorf("base URL %q from %q, want https://env.example/docs/ from %q", p.BaseURL, p.BaseURLFrom, want)
	}
}
