package config

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/internal/generator/astro"
	"github.com/sitemapgen/sitemapgen/internal/generator/registry"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

func TestParse(t *testing.T) {
	src := `# a full configuration
base_url: https://example.org/docs/
root: public
out: staging
include: ["**/*.html", "**/*.pdf"]
exclude:
  - drafts/**
gzip: true
text: true
robots: true
max_urls: 1000
max_bytes: 5000000
clean_urls: true
trailing_slash: false
follow_symlinks: true
lastmod_format: date
skip:
  error_pages: false
  noindex: false
  redirects: false
  non_canonical: false
  x_robots_tag: false
head:
  read: false
  max_bytes: 4096
lastmod:
  sources: [mtime, none]
rules:
  - match: "blog/**"
    changefreq: weekly
    priority: 0.7
  - match: "**"
    priority: 0.3
`
	file, err := Parse("sitemap.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	f := &file.Values
	want := Values{
		BaseURL: "https://example.org/docs/", Root: "public", Out: "staging",
		Include: []string{"**/*.html", "**/*.pdf"}, Exclude: []string{"drafts/**"},
		Gzip: true, Text: true, Robots: true, MaxURLs: 1000, MaxBytes: 5000000,
		CleanURLs: true, TrailingSlash: false, FollowSymlinks: true, LastModFormat: "date",
		Skip: Skip{},
	}
	if f.Head != (Head{Read: false, MaxBytes: 4096}) || !slices.Equal(f.LastMod.Sources, []string{"mtime", "none"}) {
		t.Errorf("head %+v, lastmod %+v", f.Head, f.LastMod)
	}
	rules := f.Rules
	f.Rules = nil
	if !equalFiles(*f, want) {
		t.Errorf("got %+v\nwant %+v", *f, want)
	}
	if len(rules) != 2 || rules[0].Match != "blog/**" || rules[0].ChangeFreq != "weekly" || *rules[0].Priority != 0.7 || rules[1].ChangeFreq != "" {
		t.Errorf("rules = %+v", rules)
	}
}

func equalFiles(a, b Values) bool {
	return slices.Equal(a.Include, b.Include) && slices.Equal(a.Exclude, b.Exclude) &&
		a.BaseURL == b.BaseURL && a.Root == b.Root && a.Out == b.Out && a.Gzip == b.Gzip &&
		a.Text == b.Text && a.Robots == b.Robots && a.MaxURLs == b.MaxURLs && a.MaxBytes == b.MaxBytes &&
		a.CleanURLs == b.CleanURLs && a.TrailingSlash == b.TrailingSlash && a.FollowSymlinks == b.FollowSymlinks &&
		a.LastModFormat == b.LastModFormat && a.Skip == b.Skip && a.DryRun == b.DryRun && a.Quiet == b.Quiet && a.Verbose == b.Verbose
}

func TestParseEmpty(t *testing.T) {
	for _, src := range []string{"", "# nothing yet\n", "\n\n"} {
		f, err := Parse("sitemap.yaml", []byte(src))
		if err != nil {
			t.Errorf("%q: %v", src, err)
			continue
		}
		if !equalFiles(f.Values, Settings.Defaults()) {
			t.Errorf("%q: got %+v, want the defaults", src, f.Values)
		}
	}
}

// feed: true is short for feed: {enabled: true}, as --feed's name says.
func TestParseShortKey(t *testing.T) {
	for src, want := range map[string]bool{
		"feed: true\n":                         true,
		"feed: false\n":                        false,
		"feed:\n  enabled: true\n  limit: 5\n": true,
		"feed:\n":                              false,
	} {
		f, err := Parse("sitemap.yaml", []byte(src))
		if err != nil {
			t.Errorf("%q: %v", src, err)
			continue
		}
		if f.Values.Feed.Enabled != want {
			t.Errorf("%q: feed enabled %v, want %v", src, f.Values.Feed.Enabled, want)
		}
		if line, ok := f.Sets("feed.enabled"); want && (!ok || line == 0) {
			t.Errorf("%q: feed.enabled set at %d, %v", src, line, ok)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"unknown key", "base_url: https://example.com/\ngzipp: true\n", `sitemap.yaml:2: unknown key "gzipp" (did you mean "gzip"?)`},
		{"unknown key in a rule", "rules:\n  - match: a\n    chanegfreq: daily\n", `sitemap.yaml:3: unknown key "chanegfreq" (did you mean "changefreq"?)`},
		{"unknown key far from any", "colour: blue\n", `sitemap.yaml:1: unknown key "colour"`},
		{"priority too high", "rules:\n  - match: a\n    priority: 1.5\n", "sitemap.yaml:3: rules[0].priority: priority 1.5 is outside 0.0–1.0"},
		{"priority negative", "rules:\n  - match: a\n  - match: b\n    priority: -0.1\n", "sitemap.yaml:4: rules[1].priority: priority -0.1 is outside 0.0–1.0"},
		{"priority not a number", "rules:\n  - match: a\n    priority: high\n", "sitemap.yaml:3: rules[0].priority: want a number, got \"high\""},
		{"bad changefreq", "rules:\n  - match: a\n    changefreq: sometimes\n", `sitemap.yaml:3: rules[0].changefreq: changefreq "sometimes" is not one of always, hourly, daily, weekly, monthly, yearly, never`},
		{"rule without match", "rules:\n  - priority: 0.5\n", "sitemap.yaml:2: rules[0]: rule has no match glob"},
		{"bad rule glob", "rules:\n  - match: \"[a-\"\n", `sitemap.yaml:2: rules[0].match: invalid glob "[a-"`},
		{"bad include glob", "include:\n  - \"**/*.html\"\n  - \"{a,b\"\n", `sitemap.yaml:3: include[1]: invalid glob "{a,b"`},
		{"bad exclude glob", "exclude: [\"[z\"]\n", `sitemap.yaml:1: exclude[0]: invalid glob "[z"`},
		{"base URL without scheme", "# comment\nbase_url: example.com\n", `sitemap.yaml:2: base_url: base URL "example.com": want an absolute http:// or https:// URL`},
		{"base URL without host", "base_url: https:///docs\n", `sitemap.yaml:1: base_url: base URL "https:///docs": no host`},
		{"max_urls too big", "max_urls: 50001\n", "sitemap.yaml:1: max_urls: 50001 is outside 1–50000"},
		{"max_urls zero", "max_urls: 0\n", "sitemap.yaml:1: max_urls: 0 is outside 1–50000"},
		{"max_urls not a number", "max_urls: lots\n", `sitemap.yaml:1: max_urls: want a whole number, got "lots"`},
		{"max_bytes too big", "max_bytes: 52428801\n", "sitemap.yaml:1: max_bytes: 52428801 is outside 1–52428800"},
		{"gzip not a bool", "gzip: 1\n", `sitemap.yaml:1: gzip: want true or false, got "1"`},
		{"include not a list", "include: \"*.html\"\n", `sitemap.yaml:1: include: want a list, got "*.html"`},
		{"rules not a list", "rules:\n  match: a\n", "sitemap.yaml:2: rules: want a list, got a mapping"},
		{"bad lastmod format", "lastmod_format: iso\n", `sitemap.yaml:1: lastmod_format: lastmod format "iso" is not "datetime" or "date"`},
		{"quiet and verbose", "quiet: true\nverbose: true\n", "sitemap.yaml:2: verbose: quiet and verbose are both set"},
		{"unknown lastmod source", "lastmod:\n  sources: [meta, sha]\n", `sitemap.yaml:2: lastmod.sources[1]: lastmod source "sha" is not one of frontmatter, meta, git, hash, sitemap, mtime, none`},
		{"lastmod source twice", "lastmod:\n  sources:\n    - mtime\n    - mtime\n", `sitemap.yaml:4: lastmod.sources[1]: lastmod source "mtime" is listed twice`},
		{"no lastmod source", "lastmod:\n  sources: []\n", "sitemap.yaml:2: lastmod.sources: no lastmod source; give at least one, or [none]"},
		{"head limit too small", "head:\n  max_bytes: 100\n", "sitemap.yaml:2: head.max_bytes: 100 is outside 1024–16777216"},
		{"unknown skip key", "skip:\n  noindx: false\n", `sitemap.yaml:2: unknown key "noindx" (did you mean "noindex"?)`},
		{"syntax error", "include: [a\n", "sitemap.yaml:1: did not find expected ',' or ']'"},
		{"tab indentation", "rules:\n\t- match: a\n", "sitemap.yaml:2: found character that cannot start any token"},
		{"duplicate key", "gzip: true\ngzip: false\n", `sitemap.yaml:2: mapping key "gzip" already defined at line 1`},
		{"two documents", "gzip: true\n---\ntext: true\n", "sitemap.yaml:2: more than one YAML document; sitemap.yaml holds one"},
		{"not a mapping", "- a\n- b\n", "sitemap.yaml:1: want a mapping of keys, got a list"},
		{"feed neither a switch nor a mapping", "gzip: true\nfeed: yes please\n", `sitemap.yaml:2: feed: want true or false, got "yes please"`},
		{"control character", "gzip: true\ntext: true\nbase\x00url: x\n", "sitemap.yaml:3:5: not a YAML file: control character U+0000"},
		{"not UTF-8", "gzip: true\n# é\n\xff\xfe junk\n", "sitemap.yaml:3:1: not a YAML file: byte 0xff is not UTF-8"},
		{"control character after others", "text: \"é\x01\"\n", "sitemap.yaml:1:9: not a YAML file: control character U+0001"},
		{"empty rule", "rules:\n  - match: a\n  -\n  - match: b\n", "sitemap.yaml:3: rules[1]: empty entry: give its keys, or remove the -"},
		{"empty rule alone", "rules:\n  - ~\n", "sitemap.yaml:2: rules[0]: empty entry: give its keys, or remove the -"},
		{"feed a list", "feed: [a]\n", `sitemap.yaml:1: feed: want a mapping of keys, got a list`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("sitemap.yaml", []byte(tt.src))
			var ce *diag.Diagnostic
			if !errors.As(err, &ce) || ce.File != "sitemap.yaml" {
				t.Fatalf("err = %v (%T), want a *diag.Diagnostic of sitemap.yaml", err, err)
			}
			if err.Error() != tt.want {
				t.Errorf("got  %s\nwant %s", err, tt.want)
			}
		})
	}
}

func TestLoadMissing(t *testing.T) {
	_, err := Load(filepath.Join(t.TempDir(), "nope.yaml"))
	if err == nil || !strings.Contains(err.Error(), "nope.yaml: no such file or directory") {
		t.Errorf("err = %v", err)
	}
}

func TestResolvePrecedence(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	cfg := "base_url: https://file.example/\nroot: site\nmax_urls: 100\ngzip: true\ninclude: [\"**/*.htm\"]\nrules:\n  - match: \"**\"\n    changefreq: daily\n"
	if err := os.WriteFile(DefaultFile, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	// The file alone.
	s, err := Resolve(cmdline(t), getenv)
	if err != nil {
		t.Fatal(err)
	}
	if s.Build.Map.BaseURL != "https://file.example/" || s.BaseURLFrom != DefaultFile || s.Build.Root != "site" ||
		s.Build.Write.MaxURLs != 100 || !s.Build.Write.Gzip || s.Build.Write.Dir != "site" ||
		!slices.Equal(s.Build.Walk.Include, []string{"**/*.htm"}) || len(s.Build.Map.Rules) != 1 ||
		s.Build.Map.Rules[0].ChangeFreq != sitemap.Daily || s.Build.Map.TrailingSlash != mapping.SlashAlways || s.Build.Map.KeepErrorPages {
		t.Errorf("file: %+v", s)
	}

	// The environment beats the file.
	env[BaseURLEnv] = "https://env.example/"
	s, err = Resolve(cmdline(t), getenv)
	if err != nil || s.Build.Map.BaseURL != "https://env.example/" || s.BaseURLFrom != BaseURLEnv {
		t.Errorf("env: %+v, %v", s, err)
	}

	// Flags beat both.
	s, err = Resolve(cmdline(t, "--base-url", "https://flag.example/", "--out", "out", "--max-urls", "5", "--gzip=false", "--include", "**/*.pdf", "--trailing-slash=false", "--lastmod-format", "date", "other"), getenv)
	if err != nil {
		t.Fatal(err)
	}
	if s.Build.Map.BaseURL != "https://flag.example/" || s.BaseURLFrom != "--base-url" || s.Build.Root != "other" ||
		s.Build.Write.Dir != "out" || s.Build.Write.MaxURLs != 5 || s.Build.Write.Gzip ||
		!slices.Equal(s.Build.Walk.Include, []string{"**/*.pdf"}) || s.Build.Map.TrailingSlash != mapping.SlashNever ||
		s.Build.Write.LastModFormat != sitemap.Date {
		t.Errorf("flags: %+v", s)
	}
}

// TestResolvePathsRelativeToConfig: a path of the file is relative to
// its folder; an absolute one is kept. Both stay in the project's tree,
// here the git work tree the file's folder is in (a monorepo's docs/
// publishing into ../public).
func TestResolvePathsRelativeToConfig(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(t.TempDir())
	os.Mkdir(filepath.Join(dir, ".git"), 0o755)
	cfg := filepath.Join(dir, "conf", "sitemap.yaml")
	os.MkdirAll(filepath.Dir(cfg), 0o755)
	abs := filepath.Join(dir, "abs", "out")
	os.WriteFile(cfg, []byte("base_url: https://example.com/\nroot: ../public\nout: "+abs+"\n"), 0o644)
	s, err := Resolve(cmdline(t, "--config", cfg), func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(dir, "public"); s.Build.Root != want {
		t.Errorf("root = %s, want %s", s.Build.Root, want)
	}
	if s.Build.Write.Dir != abs {
		t.Errorf("out = %s", s.Build.Write.Dir)
	}
}

func TestResolveErrors(t *testing.T) {
	t.Chdir(t.TempDir())
	none := func(string) string { return "" }
	tests := []struct {
		name string
		fl   *Line[Values]
		env  string
		want string
	}{
		{"no base URL", cmdline(t, "public"), "", ErrNoBaseURL.Error() + "\n  or a CNAME file holding the domain alone, in the site folder (GitHub Pages' custom domain)\nnote: the project's configuration is read from the project folder, the working directory ($PWD): no generator's configuration there"},
		{"no root", cmdline(t, "--base-url", "https://example.com/"), "", ErrNoRoot.Error() + "\n(no " + registry.Titles("or") + " project found in the working directory)"},
		{"bad env base URL", cmdline(t, "p"), "ftp://x/", `SITEMAP_BASE_URL: base URL "ftp://x/": want an absolute http:// or https:// URL`},
		{"quiet and verbose", cmdline(t, "--base-url", "https://e.x/", "--quiet", "--verbose", "p"), "", "--quiet and --verbose: choose one"},
		{"missing --config", cmdline(t, "--config", "missing.yaml"), "", "missing.yaml: no such file or directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Resolve(tt.fl, func(k string) string {
				if k == BaseURLEnv {
					return tt.env
				}
				return none(k)
			})
			wd, _ := os.Getwd()
			if want := strings.ReplaceAll(tt.want, "$PWD", wd); err == nil || err.Error() != want {
				t.Errorf("got  %v\nwant %s", err, want)
			}
		})
	}
}

// FuzzParse checks that no input makes the decoder panic, and that every
// error names the file.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"", "base_url: https://example.com/\n", "rules:\n  - match: a\n    priority: 0.5\n",
		"include: [a\n", "max_urls: lots\n", "gzip: true\n---\nx: 1\n", "- a\n", "skip: {error_pages: false}\n",
		"rules: [{match: '**', changefreq: daily, priority: 2}]\n", "&a x: *a\n", "? [a]\n: b\n",
		// At the limit on nesting, and past it.
		"x: " + strings.Repeat("[", limits.MaxDepth-1) + strings.Repeat("]", limits.MaxDepth-1) + "\n",
		"x:\n" + strings.Repeat("- ", limits.MaxDepth) + "a\n", "a:\n  b: |\n    c: [[[\n  d: 'it''s [' # [\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		defer fuzzbound.Check(t)()
		cfg, err := Parse("sitemap.yaml", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "sitemap.yaml") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		// What Parse accepts, the stages accept.
		for _, r := range cfg.Values.Rules {
			if _, err := r.rule(); err != nil {
				t.Fatalf("accepted rule %+v fails: %v", r, err)
			}
		}
	})
}

func TestResolvePolicy(t *testing.T) {
	t.Chdir(t.TempDir())
	none := func(string) string { return "" }

	s, err := Resolve(cmdline(t, "--base-url", "https://example.com/", "public"), none)
	if err != nil {
		t.Fatal(err)
	}
	b := s.Build
	if !b.Heads.Read || b.Heads.Limit != 65536 || !slices.Equal(b.HostDirs, []string{"public", "."}) ||
		b.Map.KeepNoIndex || b.Map.KeepRedirects || b.Map.KeepNonCanonical || b.Map.KeepErrorPages ||
		!slices.Equal(b.Map.LastMod, []mapping.LastModSource{"frontmatter", "meta", "git", "hash", "sitemap", "mtime"}) {
		t.Errorf("defaults: %+v", b)
	}

	os.WriteFile(DefaultFile, []byte("skip: {noindex: false, redirects: false, non_canonical: false, x_robots_tag: false}\n"), 0o644)
	s, err = Resolve(cmdline(t, "--base-url", "https://example.com/", "--read-heads=false", "--lastmod-sources", "mtime", "--explain", "public/a.html", "public"), none)
	if err != nil {
		t.Fatal(err)
	}
	b = s.Build
	if b.Heads.Read || b.HostDirs != nil || !b.Map.KeepNoIndex || !b.Map.KeepRedirects || !b.Map.KeepNonCanonical ||
		!slices.Equal(b.Map.LastMod, []mapping.LastModSource{"mtime"}) || !slices.Equal(b.Explain, []string{"public/a.html"}) || !slices.Equal(s.Values.Explain, b.Explain) {
		t.Errorf("switched off: %+v", b)
	}
	if _, err := Settings.Parse(BuildCommand, []string{"--base-url", "https://example.com/", "--lastmod-sources", "sha", "p"}); err == nil ||
		err.Error() != `--lastmod-sources: lastmod source "sha" is not one of frontmatter, meta, git, hash, sitemap, mtime, none` {
		t.Errorf("bad --lastmod-sources: %v", err)
	}
}

func TestResolveSources(t *testing.T) {
	t.Chdir(t.TempDir())
	none := func(string) string { return "" }
	base := new("https://example.com/")

	// Output mode without source: no sources.
	s, err := Resolve(cmdline(t, "--base-url", *base, "public"), none)
	if err != nil {
		t.Fatal(err)
	}
	if s.Build.Content != nil || s.Build.Join != nil {
		t.Errorf("no source: content %v, join %v", s.Build.Content, s.Build.Join)
	}

	// A Hugo project: content mode takes contentDir and publishDir from it.
	os.WriteFile("hugo.toml", []byte("baseURL = 'https://example.org/'\ncontentDir = 'src'\npublishDir = 'site'\n"), 0o644)
	s, err = Resolve(cmdline(t, "--mode", "content", "--base-url", *base), none)
	if err != nil {
		t.Fatal(err)
	}
	if c := s.Build.Content; c == nil || c.Dir != "src" || c.Preset.Rules().Name != "hugo" || s.Build.Write.Dir != "site" || s.Build.Root != "src" {
		t.Errorf("hugo content mode: %+v, root %q, out %q", s.Build.Content, s.Build.Root, s.Build.Write.Dir)
	}
	if !slices.Equal(s.Build.HostDirs, []string{"site", "."}) {
		t.Errorf("host files looked for in %q, want the built site's folder", s.Build.HostDirs)
	}

	// Output mode with source: a join, with the detected preset.
	s, err = Resolve(cmdline(t, "--source", "src", "--base-url", *base, "site"), none)
	if err != nil {
		t.Fatal(err)
	}
	if j := s.Build.Join; j == nil || j.Dir != "src" || j.Preset.Rules().Name != "hugo" || s.Build.Content != nil {
		t.Errorf("join: %+v", s.Build.Join)
	}
	os.Remove("hugo.toml")

	// A Jekyll project: its output folder is not walked for sources.
	os.WriteFile("_config.yml", []byte("destination: out\n"), 0o644)
	s, err = Resolve(cmdline(t, "--mode", "content", "--base-url", *base), none)
	if err != nil {
		t.Fatal(err)
	}
	if c := s.Build.Content; c == nil || c.Preset.Rules().Name != "jekyll" || s.Build.Write.Dir != "out" || !slices.Contains(c.Walk.Exclude, "out") {
		t.Errorf("jekyll content mode: %+v, out %q", s.Build.Content, s.Build.Write.Dir)
	}
	os.Remove("_config.yml")

	// Plain content mode needs out.
	if _, err := Resolve(cmdline(t, "--mode", "content", "--base-url", *base, "pages"), none); err == nil || !strings.Contains(err.Error(), "out:") {
		t.Errorf("plain content mode without out: %v", err)
	}
	s, err = Resolve(cmdline(t, "--out", "www", "--mode", "content", "--preset", "plain", "--base-url", *base, "--drafts", "--future", "--strict", "pages"), none)
	if err != nil {
		t.Fatal(err)
	}
	if c := s.Build.Content; c == nil || c.Preset.Rules().Name != "plain" || !s.Build.Map.KeepDrafts || !s.Build.Map.KeepFuture || !s.Build.Strict {
		t.Errorf("plain: %+v, map %+v, strict %v", s.Build.Content, s.Build.Map, s.Build.Strict)
	}

	// Bad values, from flags and from the file.
	for _, args := range [][]string{
		{"--mode", "source", "--base-url", *base, "p"},
		{"--preset", "gatsby", "--base-url", *base, "p"},
	} {
		if _, err := Settings.Parse(BuildCommand, args); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
	os.WriteFile(DefaultFile, []byte("root: p\nmode: contents\n"), 0o644)
	if _, err := Resolve(cmdline(t, "--base-url", *base), none); err == nil || err.Error() != `sitemap.yaml:2: mode: "contents" is not one of output, content` {
		t.Errorf("bad mode in the file: %v", err)
	}
	os.WriteFile(DefaultFile, []byte("root: p\npreset: gatsby\n"), 0o644)
	if _, err := Resolve(cmdline(t, "--base-url", *base), none); err == nil || err.Error() != `sitemap.yaml:2: preset: "gatsby" is not one of hugo, jekyll, mkdocs, plain` {
		t.Errorf("bad preset in the file: %v", err)
	}
}

// cmdline parses the command line args of build.
func cmdline(t *testing.T, args ...string) *Line[Values] {
	t.Helper()
	l, err := Settings.Parse(BuildCommand, args)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// A key of another mapping of the file says where it belongs; a typo, what
// it may be a typo of.
func TestUnknownKeyWhere(t *testing.T) {
	for src, want := range map[string]string{
		"match: blog/**\n":                           `sitemap.yaml:1: unknown key "match" (it belongs in an entry of rules:)`,
		"sources: [mtime]\n":                         `sitemap.yaml:1: unknown key "sources" (it belongs under lastmod:)`,
		"skip:\n  gzip: true\n":                      `sitemap.yaml:2: unknown key "gzip" (it belongs at the top of the file)`,
		"rules:\n  - match: a\n    noindex: false\n": `sitemap.yaml:3: unknown key "noindex" (it belongs under skip:)`,
		"head:\n  reed: true\n":                      `sitemap.yaml:2: unknown key "reed" (did you mean "read"?)`,
	} {
		if _, err := Parse("sitemap.yaml", []byte(src)); err == nil || err.Error() != want {
			t.Errorf("%q: %v\nwant %s", src, err, want)
		}
	}
}

// A flag's value is checked as the command line is parsed, by its field's
// check and its own.
func TestParseFlagErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--base-url", "example.com"}, `--base-url: base URL "example.com": want an absolute http:// or https:// URL`},
		{[]string{"--base-url", ""}, `--base-url: base URL is empty`},
		{[]string{"--config", ""}, `--config: give the configuration file to read`},
		{[]string{"--changes", ""}, `--changes: give the file to write the changes to`},
		{[]string{"--include", "[x"}, `--include: invalid glob "[x"`},
		{[]string{"--max-urls", "0"}, "--max-urls: 0 is outside 1–50000"},
		{[]string{"--max-bytes", "-1"}, "--max-bytes: -1 is outside 1–52428800"},
		{[]string{"--lastmod-format", "x"}, `--lastmod-format: lastmod format "x" is not "datetime" or "date"`},
		{[]string{"--lastmod-sources", "mtime,mtime"}, `--lastmod-sources: lastmod source "mtime" is listed twice`},
	} {
		if _, err := Settings.Parse(BuildCommand, tc.args); err == nil || err.Error() != tc.want {
			t.Errorf("%q: %v\nwant %s", tc.args, err, tc.want)
		}
	}
	if _, err := Settings.Parse(WatchCommand, []string{"--debounce", "0s"}); err == nil || err.Error() != "--debounce: 0s: must be more than 0" {
		t.Errorf("--debounce 0s: %v", err)
	}
}

// An empty value is none: "base_url:" in the file leaves the base URL to
// the project, an empty DIR leaves the folder to root:.
func TestResolveEmptyValues(t *testing.T) {
	t.Chdir(t.TempDir())
	none := func(string) string { return "" }
	os.WriteFile("hugo.toml", []byte("baseURL = 'https://hugo.example/'\n"), 0o644)
	os.WriteFile(DefaultFile, []byte("base_url:\nroot: site\n"), 0o644)
	c, err := Resolve(cmdline(t, ""), none)
	if err != nil {
		t.Fatal(err)
	}
	if c.Build.Map.BaseURL != "https://hugo.example/" || c.Build.Root != "site" {
		t.Errorf("base URL %q from %q, root %q", c.Build.Map.BaseURL, c.BaseURLFrom, c.Build.Root)
	}
}

// TestResolveGeneratorDefaults: the built pages of a Hugo or Jekyll site
// are joined to their sources, and a generator's output is never dated
// by its files' times, unless the user says otherwise; a plain folder's
// times are used when they do not look like a build's.
func TestResolveGeneratorDefaults(t *testing.T) {
	t.Chdir(t.TempDir())
	none := func(string) string { return "" }
	os.WriteFile("hugo.toml", []byte("baseURL = 'https://example.org/'\ncontentDir = 'src'\n"), 0o644)
	os.MkdirAll("public", 0o755)
	os.MkdirAll("src", 0o755)
	hasMTime := func(c *Config) bool { return slices.Contains(c.Build.Map.LastMod, mapping.LastModMTime) }

	c, err := Resolve(cmdline(t), none)
	if err != nil {
		t.Fatal(err)
	}
	if j := c.Build.Join; j == nil || j.Dir != "src" || j.Preset.Rules().Name != "hugo" {
		t.Errorf("hugo: join %+v, want the contentDir src", c.Build.Join)
	}
	if hasMTime(c) || c.Build.GuardMTime || c.MTimeLeftOut != "from Hugo's build" {
		t.Errorf("hugo: lastmod sources %v, guard %v, left out for %q", c.Build.Map.LastMod, c.Build.GuardMTime, c.MTimeLeftOut)
	}
	if !strings.Contains(c.Detected, "sources src (Hugo's contentDir)") {
		t.Errorf("hugo: detected %q", c.Detected)
	}

	// source: none, by flag or file: no join; the times are still the build's.
	c, err = Resolve(cmdline(t, "--source", "none"), none)
	if err != nil {
		t.Fatal(err)
	}
	if c.Build.Join != nil || hasMTime(c) {
		t.Errorf("--source none: join %+v, sources %v", c.Build.Join, c.Build.Map.LastMod)
	}
	os.WriteFile(DefaultFile, []byte("source: none\n"), 0o644)
	c, err = Resolve(cmdline(t), none)
	if err != nil {
		t.Fatal(err)
	}
	if c.Build.Join != nil {
		t.Errorf("source: none in %s: join %+v", DefaultFile, c.Build.Join)
	}
	os.Remove(DefaultFile)

	// Sources the user lists are taken as they are.
	// A Hugo site of templates alone: no content folder, nothing to join.
	os.Remove("src")
	c, err = Resolve(cmdline(t), none)
	if err != nil {
		t.Fatal(err)
	}
	if c.Build.Join != nil || hasMTime(c) {
		t.Errorf("no content folder: join %+v, sources %v", c.Build.Join, c.Build.Map.LastMod)
	}

	c, err = Resolve(cmdline(t, "--lastmod-sources", "frontmatter,mtime"), none)
	if err != nil {
		t.Fatal(err)
	}
	if !hasMTime(c) || c.Build.GuardMTime || c.MTimeLeftOut != "" {
		t.Errorf("listed mtime: sources %v, guard %v", c.Build.Map.LastMod, c.Build.GuardMTime)
	}

	// A folder that is no generator's output: times used, guarded.
	os.MkdirAll("site", 0o755)
	c, err = Resolve(cmdline(t, "--base-url", "https://example.com/", "site"), none)
	if err != nil {
		t.Fatal(err)
	}
	if c.Build.Join != nil || !hasMTime(c) || !c.Build.GuardMTime {
		t.Errorf("plain folder: join %+v, sources %v, guard %v", c.Build.Join, c.Build.Map.LastMod, c.Build.GuardMTime)
	}
	os.Remove("hugo.toml")

	// Jekyll: the site's source folder, its output left out of the walk.
	os.WriteFile("_config.yml", []byte("url: https://example.net\n"), 0o644)
	os.MkdirAll("_site", 0o755)
	c, err = Resolve(cmdline(t), none)
	if err != nil {
		t.Fatal(err)
	}
	if j := c.Build.Join; j == nil || j.Dir != "." || j.Preset.Rules().Name != "jekyll" || !slices.Contains(j.Walk.Exclude, "_site") || hasMTime(c) {
		t.Errorf("jekyll: join %+v, sources %v", c.Build.Join, c.Build.Map.LastMod)
	}
	// Its documents are listed as jekyll-sitemap lists them, unless
	// include says otherwise.
	if !slices.Contains(c.Build.Walk.Include, "**/*.pdf") || !slices.Contains(c.Build.Walk.Include, "**/*.html") {
		t.Errorf("jekyll: include %q", c.Build.Walk.Include)
	}
	c, err = Resolve(cmdline(t, "--include", "**/*.html"), none)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(c.Build.Walk.Include, []string{"**/*.html"}) {
		t.Errorf("jekyll with --include: include %q", c.Build.Walk.Include)
	}
}

// TestResolveGeneratorStyle: with no platform, the URL form is the one
// the generator links its pages by; a platform, or a flag, wins.
func TestResolveGeneratorStyle(t *testing.T) {
	t.Chdir(t.TempDir())
	none := func(string) string { return "" }
	base := "https://example.com/"
	os.WriteFile("next.config.js", []byte("module.exports = { output: 'export' }\n"), 0o644)
	os.MkdirAll("out", 0o755)

	c, err := Resolve(cmdline(t, "--base-url", base), none)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Build.Map.CleanURLs || c.Build.Map.TrailingSlash != mapping.SlashNever {
		t.Errorf("Next.js export: clean URLs %v, slash %v; want /about for about.html and /blog for blog/index.html", c.Build.Map.CleanURLs, c.Build.Map.TrailingSlash)
	}
	if want := "Next.js URL style (clean URLs, folders without /; from next.config.js)"; !strings.Contains(c.Detected, want) {
		t.Errorf("detected %q, want it to say %q", c.Detected, want)
	}

	// A flag wins over the generator.
	c, err = Resolve(cmdline(t, "--base-url", base, "--trailing-slash"), none)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Build.Map.CleanURLs || c.Build.Map.TrailingSlash != mapping.SlashAlways {
		t.Errorf("--trailing-slash: clean URLs %v, slash %v", c.Build.Map.CleanURLs, c.Build.Map.TrailingSlash)
	}

	// So does a platform's style.
	os.WriteFile("netlify.toml", []byte("[build]\npublish = \"out\"\n"), 0o644)
	c, err = Resolve(cmdline(t, "--base-url", base), none)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(c.Detected, "Next.js URL style") || !strings.Contains(c.Detected, "Netlify URL style") {
		t.Errorf("with netlify.toml: detected %q", c.Detected)
	}
	os.Remove("netlify.toml")
	os.Remove("next.config.js")

	// Astro with trailingSlash: 'always': folders with /.
	os.WriteFile("astro.config.mjs", []byte("export default { site: 'https://example.org', trailingSlash: 'always' }\n"), 0o644)
	os.MkdirAll("dist", 0o755)
	c, err = Resolve(cmdline(t), none)
	if err != nil {
		t.Fatal(err)
	}
	if c.Build.Map.CleanURLs || c.Build.Map.TrailingSlash != mapping.SlashAlways || !strings.Contains(c.Detected, "Astro URL style (folders with /") {
		t.Errorf("Astro always: clean URLs %v, slash %v, detected %q", c.Build.Map.CleanURLs, c.Build.Map.TrailingSlash, c.Detected)
	}
}

// TestResolveJoinPreset: the default join takes the rules of the
// generator whose output the site folder is, whatever other
// configuration files the project holds.
func TestResolveJoinPreset(t *testing.T) {
	t.Chdir(t.TempDir())
	os.WriteFile("mkdocs.yml", []byte("site_name: x\nsite_url: https://docs.example/\n"), 0o644)
	os.WriteFile("_config.yml", []byte("title: left over\n"), 0o644)
	os.MkdirAll("docs", 0o755)
	os.MkdirAll("site", 0o755)
	c, err := Resolve(cmdline(t, "site"), func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	if j := c.Build.Join; j == nil || j.Preset.Rules().Name != "mkdocs" || j.Dir != "docs" {
		t.Errorf("join %+v, want docs/ with the mkdocs preset", c.Build.Join)
	}
}

// TestResolveRoutedJoin: the build of a generator that routes files is
// joined to its sources with no flag; an Astro site's collection route
// and content configuration are inputs (watch mode starts again when they
// change); --source none turns the join off.
func TestResolveRoutedJoin(t *testing.T) {
	t.Chdir(t.TempDir())
	none := func(string) string { return "" }
	for _, f := range []struct{ name, data string }{
		{"astro.config.mjs", "export default { site: 'https://example.org' }\n"},
		{"src/content.config.ts", "const blog = defineCollection({ loader: glob({ base: './src/content/blog' }) });\n"},
		{"src/pages/blog/[...slug].astro", "---\nconst posts = await getCollection('blog'); posts.map((post) => ({ params: { slug: post.id } }))\n---\n"},
		{"src/content/blog/a.md", "---\ntitle: a\n---\n"},
		{"dist/index.html", "<title>x</title>"},
	} {
		os.MkdirAll(filepath.Dir(f.name), 0o755)
		os.WriteFile(f.name, []byte(f.data), 0o644)
	}
	c, err := Resolve(cmdline(t), none)
	if err != nil {
		t.Fatal(err)
	}
	a, ok := c.Build.Join.Preset.(*astro.Preset)
	if !ok || c.Build.Join.Dir != "src" || len(a.Collections) != 1 || a.Collections[0].Base != "content/blog" {
		t.Fatalf("join %+v", c.Build.Join)
	}
	for _, want := range []string{filepath.Join("src", "content.config.ts"), filepath.Join("src", "pages", "blog", "[...slug].astro")} {
		if !slices.Contains(c.Inputs, want) {
			t.Errorf("inputs %q lack %s", c.Inputs, want)
		}
	}
	if !strings.Contains(c.Detected, "sources "+filepath.Join("src", "pages")+", "+filepath.Join("src", "content", "blog")+" (Astro)") {
		t.Errorf("detected %q", c.Detected)
	}
	if c, err = Resolve(cmdline(t, "--source", "none"), none); err != nil || c.Build.Join != nil {
		t.Errorf("--source none: join %+v, err %v", c.Build.Join, err)
	}
	// --source DIR: Astro's rules in that folder.
	os.MkdirAll("other/pages", 0o755)
	c, err = Resolve(cmdline(t, "--source", "other"), none)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := c.Build.Join.Preset.(*astro.Preset); !ok || c.Build.Join.Dir != "other" {
		t.Errorf("--source other: join %+v", c.Build.Join)
	}
}

// TestStyleGiven: the URL style counts as given, and a canonical link in
// another form is then reported, when a flag, a platform that serves one
// form, or the generator's configuration sets it; not by default.
func TestStyleGiven(t *testing.T) {
	t.Chdir(t.TempDir())
	none := func(string) string { return "" }
	os.MkdirAll("site", 0o755)
	for _, tt := range []struct {
		name string
		args []string
		want bool
	}{
		{"default", nil, false},
		{"--trailing-slash", []string{"--trailing-slash=false"}, true},
		{"--clean-urls", []string{"--clean-urls"}, true},
		{"Cloudflare Pages", []string{"--host", "cloudflare-pages"}, true},
		{"GitHub Pages", []string{"--host", "github-pages"}, true},
	} {
		c, err := Resolve(cmdline(t, append([]string{"--base-url", "https://example.com/", "site"}, tt.args...)...), none)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if c.Build.Map.StyleGiven != tt.want {
			t.Errorf("%s: StyleGiven %v, want %v", tt.name, c.Build.Map.StyleGiven, tt.want)
		}
	}
}

// TestCacheDir: --cache-dir's folder as given, none for off; by default
// a folder sitemapgen in the build environment's cache, else the user's,
// else none.
func TestCacheDir(t *testing.T) {
	user := func() (string, error) { return "/home/u/.cache", nil }
	noUser := func() (string, error) { return "", errors.New("$HOME is not defined") }
	relUser := func() (string, error) { return "rel/.cache", nil }
	for _, tc := range []struct {
		given, build string
		user         func() (string, error)
		want         string
	}{
		{"", "", user, filepath.Join("/home/u/.cache", "sitemapgen")},
		{"", "/opt/build/cache", user, filepath.Join("/opt/build/cache", "sitemapgen")},
		{"off", "/opt/build/cache", user, ""},
		{"mine", "/opt/build/cache", user, "mine"},
		{"", "", noUser, ""},
		{"", "", relUser, ""},
	} {
		if got := cacheDir(tc.given, tc.build, tc.user); got != tc.want {
			t.Errorf("cacheDir(%q, %q) = %q, want %q", tc.given, tc.build, got, tc.want)
		}
	}
}
