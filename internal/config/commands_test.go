package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/extraurls"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/pipeline"
	"github.com/sitemapgen/sitemapgen/internal/project"
)

// TestCommandsAllowed: a command sitemap.yaml names (a file a pull
// request can change) runs only when the caller allows it, by a flag or
// a variable the file cannot set; else the build fails, saying how to
// allow it. A command the command line gives runs.
func TestCommandsAllowed(t *testing.T) {
	project := t.TempDir()
	if err := os.MkdirAll(filepath.Join(project, "public"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(project)
	const file = "base_url: https://example.com/\nroot: public\nextra_urls_command: ./urls.sh\n"
	for _, tc := range []struct {
		name, file string
		args       []string
		env        map[string]string
		want       string // "": resolves with the command
		hint       string
	}{
		{name: "the file's, not allowed", file: file,
			want: "sitemap.yaml:3: extra_urls_command: './urls.sh' not run: a command the settings file names runs only when the caller allows it, since a pull request can change this file",
			hint: "give --allow-commands (or set SITEMAPGEN_ALLOW_COMMANDS=1"},
		{name: "allowed by the flag", file: file, args: []string{"--allow-commands"}},
		{name: "allowed by the environment", file: file, env: map[string]string{AllowCommandsEnv: "1"}},
		{name: "not by =0", file: file, env: map[string]string{AllowCommandsEnv: "0"}, want: "sitemap.yaml:3: extra_urls_command"},
		{name: "the command line's", file: "base_url: https://example.com/\nroot: public\n", args: []string{"--extra-urls-command", "./urls.sh"}},
		{name: "the command line's over the file's", file: file, args: []string{"--extra-urls-command", "./urls.sh"}},
		{name: "the file cannot allow itself", file: file + "allow_commands: true\n", want: "sitemap.yaml:4: unknown key \"allow_commands\" (--allow-commands is a flag only: it has no key)"},
		// The values given are checked before the project is read: here
		// it names no site folder, which is not what is said.
		{name: "refused before the project is read", file: "base_url: https://example.com/\nextra_urls_command: ./urls.sh\n",
			want: "sitemap.yaml:2: extra_urls_command: './urls.sh' not run"},
		{name: "robots_transform without robots, before the project", file: "base_url: https://example.com/\nrobots_transform: ./robots.sh\n", args: []string{"--allow-commands"},
			want: "sitemap.yaml:2: robots_transform rewrites the robots.txt that --robots writes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := os.WriteFile(DefaultFile, []byte(tc.file), 0o644); err != nil {
				t.Fatal(err)
			}
			c, err := Resolve(cmdline(t, tc.args...), func(k string) string { return tc.env[k] })
			if tc.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				if n := len(c.Build.Extra); n != 1 || !strings.Contains(c.Build.Extra[0].Name, "'./urls.sh'") {
					t.Errorf("extra sources %+v, want the command", c.Build.Extra)
				}
				return
			}
			if err == nil {
				t.Fatalf("resolved, want %s", tc.want)
			}
			if !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("got  %v\nwant %s…", err, tc.want)
			}
			if tc.hint != "" && (!errors.Is(err, ErrCommandNotAllowed) || !strings.Contains(err.Error(), tc.hint)) {
				t.Errorf("no hint %q in\n%v", tc.hint, err)
			}
		})
	}
}

// TestExtraURLsSources: extra_urls: of the file are read inside the
// project's tree, --extra-urls where they point, each in the format of
// its name.
func TestExtraURLsSources(t *testing.T) {
	project := t.TempDir()
	if err := os.MkdirAll(filepath.Join(project, "public"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(project)
	if err := os.WriteFile("urls.txt", []byte("https://example.com/a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(DefaultFile, []byte("base_url: https://example.com/\nroot: public\nextra_urls: [urls.txt, data/p.jsonl]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Resolve(cmdline(t), func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Build.Extra) != 2 || c.Build.Extra[0].Name != "urls.txt" || c.Build.Extra[1].Format != "jsonl" || c.Build.Extra[1].File != filepath.Join("data", "p.jsonl") {
		t.Fatalf("extra sources %+v", c.Build.Extra)
	}
	f, err := c.Build.Extra[0].Records(t.Context(), c.Build.Limits)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if _, err := c.Build.Extra[1].Records(t.Context(), c.Build.Limits); err == nil || !strings.HasPrefix(err.Error(), filepath.Join("data", "p.jsonl")+": ") {
		t.Errorf("a missing file: %v, want an error naming it", err)
	}
}

// TestExtraURLsInline: extra_urls_inline's URLs are a source of extra
// URLs whose records are at their lines of the file; one that is no
// absolute URL is an error at its line.
func TestExtraURLsInline(t *testing.T) {
	project := t.TempDir()
	if err := os.MkdirAll(filepath.Join(project, "public"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(project)
	file := "base_url: https://example.com/\nroot: public\nextra_urls_inline:\n  - https://example.com/app/\n\n  # a comment\n  - https://example.com/shop/\n"
	if err := os.WriteFile(DefaultFile, []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Resolve(cmdline(t), func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Build.Extra) != 1 || c.Build.Extra[0].Name != DefaultFile {
		t.Fatalf("extra sources %+v", c.Build.Extra)
	}
	x := c.Build.Extra[0]
	r, err := x.Records(t.Context(), c.Build.Limits)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	if err := extraurls.Read(r, x.Name, x.Format, func(rec extraurls.Record) error {
		got = append(got, fmt.Sprintf("%d %s", rec.Line, rec.URL.Loc))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if want := []string{"4 https://example.com/app/", "7 https://example.com/shop/"}; !slices.Equal(got, want) {
		t.Errorf("records %q, want %q", got, want)
	}
	if err := os.WriteFile(DefaultFile, []byte("base_url: https://example.com/\nroot: public\nextra_urls_inline:\n  - /app/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Resolve(cmdline(t), func(string) string { return "" }); err == nil || !strings.HasPrefix(err.Error(), "sitemap.yaml:4: extra_urls_inline[0]: /app/: not an absolute http(s) URL") {
		t.Errorf("a relative URL: %v", err)
	}
}

// TestTransformAllowed: transform: of the settings file runs only when
// the caller allows commands, as extra_urls_command: does; --transform
// is the user's own; --transform-fds, the JS API's, takes two
// descriptors, and names the hook "the transform function".
func TestTransformAllowed(t *testing.T) {
	project := t.TempDir()
	if err := os.MkdirAll(filepath.Join(project, "public"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(project)
	const file = "base_url: https://example.com/\nroot: public\ntransform: ./edit.sh\n"
	for _, tc := range []struct {
		name, file string
		args       []string
		env        map[string]string
		want       string // an error; "" resolves
		hook       string // the hook's name when it resolves
	}{
		{name: "the file's, not allowed", file: file,
			want: "sitemap.yaml:3: transform: './edit.sh' not run: a command the settings file names runs only when the caller allows it"},
		{name: "allowed by the flag", file: file, args: []string{"--allow-commands"}, hook: "the transform './edit.sh'"},
		{name: "allowed by the environment", file: file, env: map[string]string{AllowCommandsEnv: "1"}, hook: "the transform './edit.sh'"},
		{name: "the command line's", file: "base_url: https://example.com/\nroot: public\n", args: []string{"--transform", "./edit.sh"}, hook: "the transform './edit.sh'"},
		{name: "the host's descriptors", file: "base_url: https://example.com/\nroot: public\n", args: []string{"--transform-fds", "3,4"}, hook: "the transform function"},
		{name: "bad descriptors", file: "base_url: https://example.com/\nroot: public\n", args: []string{"--transform-fds", "1,2"}, want: "--transform-fds: not two descriptors IN,OUT above 2"},
		{name: "none", file: "base_url: https://example.com/\nroot: public\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := os.WriteFile(DefaultFile, []byte(tc.file), 0o644); err != nil {
				t.Fatal(err)
			}
			line, err := Settings.Parse(BuildCommand, tc.args)
			if err != nil {
				if tc.want == "" || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("%v, want %q", err, tc.want)
				}
				return
			}
			c, err := Resolve(line, func(k string) string { return tc.env[k] })
			if tc.want != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tc.want) || !errors.Is(err, ErrCommandNotAllowed) {
					t.Fatalf("got %v, want %s…", err, tc.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			switch tr := c.Build.Transform; {
			case tc.hook == "" && tr != nil:
				t.Errorf("a hook %q, want none", tr.Name)
			case tc.hook != "" && (tr == nil || tr.Name != tc.hook):
				t.Errorf("hook %+v, want %q", tr, tc.hook)
			}
		})
	}
}

// TestServerRoutes: a server build's routes rendered on demand are
// listed under the base URL, each a path whatever it holds: "?", "#" or
// "<" in a route are encoded as a page file's path is, and the final
// slash of a folder's URL goes after the whole path, not into a query.
func TestServerRoutes(t *testing.T) {
	pr := &project.Project{ServerRoutes: []string{"/", "/account", "/q?x=<y>", "/a b#c", "/feed.xml", "/docs/"}, ServerRoutesFrom: "dist/server/manifest_1.mjs"}
	for _, tc := range []struct {
		slash bool
		want  []string
	}{
		{true, []string{"https://example.com/shop/", "https://example.com/shop/account/", "https://example.com/shop/q%3Fx=%3Cy%3E/", "https://example.com/shop/a%20b%23c/", "https://example.com/shop/feed.xml", "https://example.com/shop/docs/"}},
		{false, []string{"https://example.com/shop/", "https://example.com/shop/account", "https://example.com/shop/q%3Fx=%3Cy%3E", "https://example.com/shop/a%20b%23c", "https://example.com/shop/feed.xml", "https://example.com/shop/docs/"}},
	} {
		// The base URL as a user gives it: Astro's site is most often
		// written without its final slash.
		for _, base := range []string{"https://example.com/shop/", "https://example.com/shop", "https://Example.com/shop"} {
			got, err := extraLocs(t, serverRoutes(pr, base, tc.slash))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("base %s, slash %v: records\n%q\nwant\n%q", base, tc.slash, got, tc.want)
			}
		}
	}
}

// extraLocs returns the URLs of the records x gives, or the error
// reading them stopped at.
func extraLocs(t *testing.T, x pipeline.Extra) ([]string, error) {
	t.Helper()
	r, err := x.Records(t.Context(), limits.Default)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	err = extraurls.Read(r, x.Name, x.Format, func(rec extraurls.Record) error {
		got = append(got, rec.URL.Loc)
		return nil
	})
	return got, err
}

// TestExtraScopeSitemapsURL: with sitemaps_url, the index is served
// there: index.extra lists the other sitemaps under that folder, and
// one under the base URL, on the pages' host, which an index on another
// host cannot list, is an error at its line (review, issue 68).
func TestExtraScopeSitemapsURL(t *testing.T) {
	project := t.TempDir()
	if err := os.MkdirAll(filepath.Join(project, "public"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(project)
	const head = "base_url: https://example.com/\nroot: public\nsitemaps_url: https://cdn.example.com/maps/\nindex:\n  extra:\n"
	if err := os.WriteFile(DefaultFile, []byte(head+"    - https://cdn.example.com/maps/blog.xml\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Resolve(cmdline(t), func(string) string { return "" })
	if err != nil {
		t.Fatalf("an other sitemap beside the index at sitemaps_url: %v", err)
	}
	if got := c.Build.Write.Extra; !slices.Equal(got, []string{"https://cdn.example.com/maps/blog.xml"}) {
		t.Errorf("index.extra %q", got)
	}
	if err := os.WriteFile(DefaultFile, []byte(head+"    - https://example.com/blog.xml\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Resolve(cmdline(t), func(string) string { return "" })
	if err == nil || !strings.HasPrefix(err.Error(), "sitemap.yaml:6: index.extra[0]: https://example.com/blog.xml is not under the sitemaps URL https://cdn.example.com/maps/") {
		t.Errorf("an other sitemap outside sitemaps_url: %v", err)
	}
}
