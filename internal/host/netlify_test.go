package host

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// netlifyEnvFile sets variables for every build, for the production
// context, for deploy previews, for a branch and for branches by prefix.
const netlifyEnvFile = `[build]
  publish = "public"
  command = "hugo"

[build.environment]
  HUGO_VERSION = "0.111.3"
  HUGO_ENABLEGITINFO = "true"
  HUGO_ENV = "staging"
  NODE_OPTIONS = ["--max-old-space-size=4096"]

[context.production.environment]
  HUGO_ENV = "production"
  DEBUG = false
  WORKERS = 4

[context.deploy-preview]
  command = "hugo -b $DEPLOY_PRIME_URL"
  environment = { HUGO_ENABLEGITINFO = "false" }

[context."feat/*".environment]
  HUGO_ENV = "feature"

[context.docs.build.environment]
  HUGO_ENV = "docs"
`

// TestNetlifyBuildEnv: the variables netlify.toml sets for a build of
// each context, as Netlify merges [build.environment] and the
// contexts', each with its line and table.
func TestNetlifyBuildEnv(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "netlify.toml", netlifyEnvFile)
	file := filepath.Join(dir, "netlify.toml")
	for _, tt := range []struct {
		name string
		b    Build
		want []string // NAME=VALUE (line table)
	}{
		{name: "production, outside Netlify", want: []string{
			"HUGO_ENABLEGITINFO=true (7 [build.environment])",
			"HUGO_ENV=production (12 [context.production.environment])",
			"HUGO_VERSION=0.111.3 (6 [build.environment])",
			"DEBUG=false (13 [context.production.environment])",
			"WORKERS=4 (14 [context.production.environment])",
		}},
		{name: "deploy preview", b: Build{Context: "deploy-preview", Branch: "fix-1"}, want: []string{
			"HUGO_ENABLEGITINFO=false (18 [context.deploy-preview.environment])",
			"HUGO_ENV=staging (8 [build.environment])",
			"HUGO_VERSION=0.111.3 (6 [build.environment])",
		}},
		{name: "branch by prefix", b: Build{Context: "branch-deploy", Branch: "feat/x"}, want: []string{
			"HUGO_ENABLEGITINFO=true (7 [build.environment])",
			"HUGO_ENV=feature (21 [context.\"feat/*\".environment])",
			"HUGO_VERSION=0.111.3 (6 [build.environment])",
		}},
		{name: "branch's build.environment", b: Build{Context: "branch-deploy", Branch: "docs"}, want: []string{
			"HUGO_ENABLEGITINFO=true (7 [build.environment])",
			"HUGO_ENV=docs (24 [context.docs.build.environment])",
			"HUGO_VERSION=0.111.3 (6 [build.environment])",
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, warnings, err := ReadSettings(Netlify, tt.b, limits.Default, dir)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, v := range s.Env {
				from := strings.TrimPrefix(v.From, file+":")
				got = append(got, fmt.Sprintf("%s=%s (%s)", v.Name, v.Value, from))
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("env\n%q\nwant\n%q", got, tt.want)
			}
			// A list is no variable's value: said, at its line.
			if want := file + ":9: [build.environment] NODE_OPTIONS is not a string, a number or a boolean; it is not used"; len(warnings) != 1 || warnings[0].Error() != want {
				t.Errorf("warnings %q, want %q", warnings, want)
			}
			if s.Style.Publish != filepath.Join(dir, "public") {
				t.Errorf("publish %q: the style is read from the same file", s.Style.Publish)
			}
		})
	}
}

// TestNetlifyBuildEnvProblems: a netlify.toml whose environment cannot
// be read gives none, with a warning at its line; one that does not
// parse at all, one warning.
func TestNetlifyBuildEnvProblems(t *testing.T) {
	for _, tt := range []struct {
		name, toml, want string
	}{
		{"not a table", "[build]\nenvironment = \"HUGO_ENV=production\"\n", "netlify.toml:2: [build] environment is not a table; it is not used"},
		{"a context's not a table", "[context.production]\nenvironment = 3\n", "netlify.toml:2: [context.production] environment is not a table"},
		{"context not a table", "context = 3\n", "netlify.toml:1: context is not a table"},
		{"syntax", "[build.environment]\nA = \"b\n", "netlify.toml:2: "},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, dir, "netlify.toml", tt.toml)
			s, warnings, err := ReadSettings(Netlify, Build{}, limits.Default, dir)
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Env) != 0 {
				t.Errorf("env %v, want none", s.Env)
			}
			if len(warnings) != 1 || !strings.HasPrefix(warnings[0].Error(), filepath.Join(dir, tt.want)) {
				t.Errorf("warnings %q, want one starting %q", warnings, tt.want)
			}
		})
	}
}

// TestVercelBuildEnv: vercel.json's build.env, each variable at its
// line; a value that is not a string is a warning.
func TestVercelBuildEnv(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "vercel.json", `{
  "env": {"HUGO_ENV": "runtime"},
  "build": {
    "env": {
      "HUGO_ENV": "production",
      "HUGO_ENABLEGITINFO": "true",
      "N": 3
    }
  }
}`)
	s, warnings, err := ReadSettings(Vercel, Build{}, limits.Default, dir)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "vercel.json")
	want := []Var{
		{Name: "HUGO_ENABLEGITINFO", Value: "true", From: file + ":6 build.env"},
		{Name: "HUGO_ENV", Value: "production", From: file + ":5 build.env"},
	}
	if !slices.Equal(s.Env, want) {
		t.Errorf("env %+v\nwant %+v", s.Env, want)
	}
	if len(warnings) != 1 || warnings[0].Error() != file+":7: build.env N is not a string; it is not used" {
		t.Errorf("warnings %q", warnings)
	}
}

// FuzzNetlifySettings feeds any bytes to ReadSettings as netlify.toml
// and vercel.json: problems are warnings naming the file, never a
// panic, and every variable says where it is set.
func FuzzNetlifySettings(f *testing.F) {
	f.Add([]byte(netlifyEnvFile), "branch-deploy", "feat/x")
	f.Add([]byte("[build]\nenvironment = 3\n[context.production]\nenvironment = { A = [1] }\n"), "", "")
	f.Add([]byte(`{"build": {"env": {"A": "b", "N": 3}}, "cleanUrls": true}`), "production", "main")
	f.Add([]byte("context = 3\n[context.\"*\".build.environment]\nX = 1.5\n"), "dev", "x")
	f.Fuzz(func(t *testing.T, data []byte, context, branch string) {
		defer fuzzbound.Check(t)()
		dir := t.TempDir()
		for _, tc := range []struct{ platform, name string }{{Netlify, "netlify.toml"}, {Vercel, "vercel.json"}} {
			if err := os.WriteFile(filepath.Join(dir, tc.name), data, 0o644); err != nil {
				t.Fatal(err)
			}
			s, warnings, err := ReadSettings(tc.platform, Build{Context: context, Branch: branch}, limits.Default, dir)
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(dir, tc.name)
			for _, w := range warnings {
				if !strings.HasPrefix(w.Error(), file) {
					t.Errorf("warning names no file: %v", w)
				}
			}
			for _, v := range s.Env {
				if !strings.HasPrefix(v.From, file) {
					t.Errorf("variable %+v", v)
				}
			}
		}
	})
}

// TestNetlifyReadOnce: the build's SiteFiles takes netlify.toml as
// ReadSettings read and parsed it, without reading it again, and a
// problem of the file is said once, by ReadSettings, for its settings
// and its rules both.
func TestNetlifyReadOnce(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "netlify.toml")
	write := func(body string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("[build]\npublish = \"public\"\n\n[[redirects]]\nfrom = \"/old\"\nto = \"/new\"\nforce = true\n")
	s, warnings, err := ReadSettings(Netlify, Build{}, limits.Default, dir)
	if err != nil || len(warnings) > 0 || s.File == nil {
		t.Fatalf("ReadSettings: %v, %v, file %v", err, warnings, s.File)
	}
	write("[[redirects]]\nfrom = \"/changed\"\nto = \"/x\"\nforce = true\n") // not read again
	r, warnings, err := NewSiteFiles(limits.Default, s.File).Redirects(false, dir)
	if err != nil || len(warnings) > 0 || r.Len() != 1 {
		t.Fatalf("Redirects: %d rules, %v, %v", r.Len(), warnings, err)
	}
	if fresh, _, _ := NewSiteFiles(limits.Default).Redirects(false, dir); fresh.Len() != 1 || fresh.rules[0].to == r.rules[0].to {
		t.Fatalf("a fresh SiteFiles reads the file as it is now: %d rules", fresh.Len())
	}

	write("[build]\npublish = \"public\"\n[[redirects]\n")
	s, warnings, err = ReadSettings(Netlify, Build{}, limits.Default, dir)
	if err != nil || len(warnings) != 1 || !strings.Contains(warnings[0].Error(), "its settings, headers and redirects are not used") {
		t.Fatalf("ReadSettings of a bad file: %v, %v", err, warnings)
	}
	files := NewSiteFiles(limits.Default, s.File)
	_, hw, _ := files.Headers(dir)
	_, rw, _ := files.Redirects(false, dir)
	if len(hw)+len(rw) > 0 {
		t.Errorf("the file's problem said again: %v %v", hw, rw)
	}
}
