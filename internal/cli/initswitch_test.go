package cli

import (
	"io/fs"
	"os"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/config"
	"github.com/sitemapgen/sitemapgen/internal/peer"
	"github.com/sitemapgen/sitemapgen/internal/peer/nextsitemap"
)

// TestReplaceCommand: the command next-sitemap in a script of commands
// joined by && is replaced, with its arguments and its spaces around it
// as they were; any other shell syntax is left alone (issue 68).
func TestReplaceCommand(t *testing.T) {
	for _, tt := range []struct {
		in, want string
		ok       bool
	}{
		{"next-sitemap", "sitemapgen", true},
		{"next build && next-sitemap --config x.js", "next build && sitemapgen", true},
		{"next build&&npx next-sitemap", "next build&&sitemapgen", true},
		{"next-sitemap && echo done", "sitemapgen && echo done", true},
		{"node_modules/.bin/next-sitemap", "sitemapgen", true},
		{"next build", "", false},
		{"next build || next-sitemap", "", false},
		{"next build; next-sitemap", "", false},
		{"next build & next-sitemap", "", false},
		{"next-sitemap && next-sitemap", "", false},
		{"next-sitemap --config 'my config.js'", "sitemapgen", true},
		{"echo 'a && b' && next-sitemap", "echo 'a && b' && sitemapgen", true},
		{`next-sitemap --config "my config.js"`, "sitemapgen", true},
		{`next-sitemap --config "$CONFIG"`, "", false},
		{"next-sitemap --config 'x.js", "", false},
		{"next build # && next-sitemap", "", false},
		{"NODE_ENV=$X next-sitemap", "", false},
		{"next-sitemap-extra", "", false},
		{"next build &&  && next-sitemap", "", false},
	} {
		got, ok := replaceCommand(tt.in, "next-sitemap", "sitemapgen")
		if ok != tt.ok || got != tt.want {
			t.Errorf("replaceCommand(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// TestRunAfter: sitemapgen joined by && after the build's command, in
// the script that runs it, its other commands as they were; a script of
// other shell syntax, or that runs no build, left alone (issue 98, item
// 8: the steps left this edit to the user).
func TestRunAfter(t *testing.T) {
	builds := []string{"hexo generate", "hexo g"}
	for _, tt := range []struct {
		in, want string
		ok       bool
	}{
		{"hexo generate", "hexo generate && sitemapgen", true},
		{"hexo clean && hexo g && echo done", "hexo clean && hexo g && sitemapgen && echo done", true},
		{"npx hexo generate --silent&&echo x", "npx hexo generate --silent && sitemapgen&&echo x", true},
		{"node_modules/.bin/hexo generate", "node_modules/.bin/hexo generate && sitemapgen", true},
		{"hexo server", "", false},
		{"hexo", "", false},
		{"hexo generate; echo", "", false},
		{"hexo generate || true", "", false},
	} {
		got, _, ok := runAfter(tt.in, builds, "sitemapgen")
		if ok != tt.ok || got != tt.want {
			t.Errorf("runAfter(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// TestPackageScripts: the scripts of package.json, each with the bytes
// of its string, escapes and all; none from a file where an edit of one
// string could be wrong (scripts twice, a script twice, one no string).
func TestPackageScripts(t *testing.T) {
	data := []byte("{\"a\": {\"scripts\": 1},\r\n \"scripts\" :\t{ \"build\" : \"next build \\u0026\\u0026 next-sitemap\", \"x\": \"\\\"q\\\"\" } }")
	got, ok := packageScripts(data)
	if !ok || len(got) != 2 {
		t.Fatalf("packageScripts = %+v, %v", got, ok)
	}
	if s := got[0]; s.name != "build" || s.value != "next build && next-sitemap" || string(data[s.start:s.end]) != `"next build \u0026\u0026 next-sitemap"` || s.line != 2 {
		t.Errorf("build: %+v, %q", s, data[s.start:s.end])
	}
	if s := got[1]; s.value != `"q"` || string(data[s.start:s.end]) != `"\"q\""` {
		t.Errorf("x: %+v, %q", s, data[s.start:s.end])
	}
	for _, bad := range []string{
		`{"scripts": {"a": "x"}, "scripts": {"b": "y"}}`,
		`{"scripts": {"a": "x", "a": "y"}}`,
		`{"scripts": {"a": 1}}`,
		`{"scripts": ["a"]}`,
		`["scripts"]`,
		`{"scripts": {"a": "x"`,
	} {
		if _, ok := packageScripts([]byte(bad)); ok {
			t.Errorf("packageScripts(%s) ok", bad)
		}
	}
}

// TestRunScriptLink: a package.json that is a link is not edited: the
// edit would put a file, with the link's mode (every permission), where
// the link was, and leave the file it points to as it was; the line to
// write is said instead (review, issue 68).
func TestRunScriptLink(t *testing.T) {
	t.Chdir(t.TempDir())
	const data = `{"scripts": {"build": "next build && next-sitemap"}}`
	if err := os.WriteFile("real.json", []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real.json", "package.json"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := runScript("sitemapgen", runBy{replace: []string{"next-sitemap"}}, true); err == nil {
		t.Errorf("runScript edited a package.json that is a link")
	}
	if fi, err := os.Lstat("package.json"); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("package.json is no longer the link: %v, %v", fi.Mode(), err)
	}
	if got, _ := os.ReadFile("real.json"); string(got) != data {
		t.Errorf("real.json: %s", got)
	}
}

// TestNextSwitchEscaped: a script's name and value, which package.json
// gives, are printed escaped and bounded, in the line that says the edit
// and in the step that says the line to write (review, issue 68).
func TestNextSwitchEscaped(t *testing.T) {
	t.Chdir(t.TempDir())
	name := "b\x1b[31m" + strings.Repeat("x", 200)
	data := `{"scripts": {` + jsonString(name) + `: "next-sitemap && echo ` + strings.Repeat("y", 200) + `"}}`
	if err := os.WriteFile("package.json", []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	pe := config.Peer{Config: peer.Config{Tool: nextsitemap.Tool, File: "next-sitemap.config.js"}}
	for _, edit := range []bool{false, true} {
		var b strings.Builder
		scriptSwitch(&b, pe, npmProject, edit)
		out := b.String()
		for _, line := range strings.Split(out, "\n") {
			if strings.ContainsRune(line, '\x1b') || len(line) > 400 {
				t.Errorf("edit %v: a line raw or unbounded: %q", edit, line)
			}
		}
		if !strings.Contains(out, "bytes)") {
			t.Errorf("edit %v: no excerpt:\n%s", edit, out)
		}
	}
}

// TestNextSwitchAgainEscaped: when a script runs sitemapgen already
// (init run again), the line that says so and the step that names the
// script still running next-sitemap show their names escaped too: raw, a
// name with a line break wrote a line of its own ("::error::", which a
// CI log reads as an error of its own), and ESC and BEL reached the
// terminal (issue 99).
func TestNextSwitchAgainEscaped(t *testing.T) {
	t.Chdir(t.TempDir())
	data := `{"scripts": {"post\n::error::forged\u0007": "next build && sitemapgen", "old\u001b[31m": "next-sitemap"}}`
	if err := os.WriteFile("package.json", []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	pe := config.Peer{Config: peer.Config{Tool: nextsitemap.Tool, File: "next-sitemap.config.js"}}
	var b strings.Builder
	scriptSwitch(&b, pe, npmProject, true)
	out := b.String()
	for _, line := range strings.Split(out, "\n") {
		if strings.ContainsAny(line, "\x1b\a") || strings.HasPrefix(line, "::") {
			t.Errorf("a line raw: %q", line)
		}
	}
	for _, want := range []string{`the post\n::error::forged\a script already runs sitemapgen`, `take next-sitemap out of the old\x1b[31m script`} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	if got, _ := os.ReadFile("package.json"); string(got) != data {
		t.Errorf("package.json edited: %s", got)
	}
}

// TestNextSwitchRobotsHook: next-sitemap's transformRobotsTxt, a
// function, is to become a robots_transform command, which a build runs
// only with --allow-commands: the script init edits gives the flag, and
// a step says to write the command (review, issue 68).
func TestNextSwitchRobotsHook(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("package.json", []byte(`{"scripts": {"postbuild": "next-sitemap"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	pe := config.Peer{Config: peer.Config{Tool: nextsitemap.Tool, File: "next-sitemap.config.js"},
		Result: peer.Map(nextsitemap.Tool, []peer.Given{{Name: "robotsTxtOptions", Line: 7, Value: map[string]any{"transformRobotsTxt": peer.Func{}}}}, peer.Context{})}
	var b strings.Builder
	scriptSwitch(&b, pe, npmProject, true)
	if data, _ := os.ReadFile("package.json"); string(data) != `{"scripts": {"postbuild": "sitemapgen --allow-commands"}}` {
		t.Errorf("package.json: %s\n%s", data, b.String())
	}
	if !strings.Contains(b.String(), "robots_transform: CMD") || !strings.Contains(b.String(), "next-sitemap.config.js:7") {
		t.Errorf("no step for transformRobotsTxt:\n%s", b.String())
	}
}

// npmProject is what init's survey says of an npm project that does not
// depend on sitemapgen yet.
var npmProject = &config.Findings{NPM: true, Depends: func(string) bool { return false }}
