package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// TestMkDocsEnvNeverShown: a value MkDocs' !ENV reads from the
// environment, because mkdocs.yml names the variable, is never printed:
// a pull request may name any variable (GITHUB_TOKEN). Messages name the
// variable instead ("site_dir (!ENV GITHUB_TOKEN)"). Issue 99: the
// token was printed as the site folder ("site TOKEN", "TOKEN: no such
// folder"), and a site_url with a query or a fragment whole in its
// refusal. The project is testdata/mkdocs, built by MkDocs; its
// configuration is then given the variables.
func TestMkDocsEnvNeverShown(t *testing.T) {
	mkdocs := testtool.Program(t, "mkdocs", "apt-get install mkdocs")
	built := filepath.Join(t.TempDir(), "built")
	if err := os.CopyFS(built, os.DirFS(filepath.Join("testdata", "mkdocs"))); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(mkdocs, "build", "--quiet")
	cmd.Dir = built
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("mkdocs: %v\n%s", err, out)
	}
	const secret = "ghp_N0tPr1nted"
	for _, tc := range []struct {
		name, config, value string
		args                []string
		want                []string // lines, or parts of lines, the output holds
	}{
		{name: "site_dir", config: "site_dir: !ENV GITHUB_TOKEN\n", value: secret,
			want: []string{"site_dir (!ENV GITHUB_TOKEN)"}},
		{name: "site_dir of a path", config: "site_dir: !ENV GITHUB_TOKEN\n", value: "/" + secret + "/x",
			want: []string{"site_dir (!ENV GITHUB_TOKEN)"}},
		{name: "docs_dir", config: "docs_dir: !ENV GITHUB_TOKEN\n", value: secret, args: []string{"site"}},
		{name: "site_url with a query", config: "site_url: !ENV GITHUB_TOKEN\n", value: "https://example.com/?t=" + secret,
			want: []string{"site_url (!ENV GITHUB_TOKEN): query or fragment not allowed"}},
		{name: "site_url with a fragment", config: "site_url: !ENV GITHUB_TOKEN\n", value: "https://example.com/#" + secret,
			want: []string{"site_url (!ENV GITHUB_TOKEN): query or fragment not allowed"}},
		{name: "site_url with a port of letters", config: "site_url: !ENV GITHUB_TOKEN\n", value: "https://example.com:" + secret + "/"},
		{name: "site_url on a code host", config: "site_url: !ENV GITHUB_TOKEN\n", value: "https://github.com/" + secret + "/",
			want: []string{"site_url (!ENV GITHUB_TOKEN): a page of github.com, which serves no site"}},
		{name: "site_url not a URL", config: "site_url: !ENV GITHUB_TOKEN\n", value: secret},
		{name: "use_directory_urls", config: "use_directory_urls: !ENV GITHUB_TOKEN\n", value: secret},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := filepath.Join(t.TempDir(), "docs-site")
			if err := os.CopyFS(src, os.DirFS(built)); err != nil {
				t.Fatal(err)
			}
			config := "site_name: sitemapgen test docs\n" + tc.config
			if !strings.Contains(tc.config, "site_url") {
				config += "site_url: https://example.com/docs/\n"
			}
			write(t, filepath.Join(src, "mkdocs.yml"), config)
			for _, command := range [][]string{append([]string{"build"}, tc.args...), {"init", "--stdout"}} {
				r := run(t, src, []string{"GITHUB_TOKEN=" + tc.value}, command...)
				out := r.stdout + r.stderr
				if strings.Contains(out, secret) {
					t.Errorf("sitemapgen %s prints the variable's value:\n%s", strings.Join(command, " "), out)
				}
				if command[0] != "build" {
					continue
				}
				for _, want := range tc.want {
					if !strings.Contains(out, want) {
						t.Errorf("sitemapgen %s does not say %q:\n%s", strings.Join(command, " "), want, out)
					}
				}
			}
		})
	}

	// A folder the variable names inside the project is taken: its name
	// is the tree's own.
	src := filepath.Join(t.TempDir(), "docs-site")
	if err := os.CopyFS(src, os.DirFS(built)); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(src, "mkdocs.yml"), "site_name: x\nsite_url: https://example.com/docs/\nsite_dir: !ENV [SITE_DIR, out]\n")
	r := run(t, src, []string{"SITE_DIR=site"}, "build", "--dry-run")
	if r.code != 0 || !strings.Contains(r.stderr, "site site (MkDocs (mkdocs.yml))") {
		t.Errorf("site_dir (!ENV SITE_DIR) naming the built folder site: exit %d\n%s", r.code, r.stderr)
	}
}
