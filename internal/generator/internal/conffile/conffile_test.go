package conffile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"gopkg.in/yaml.v3"
)

// TestYAMLError: a yaml.v3 error's line becomes the diagnostic's, its
// message the rest; a TypeError's further messages follow the first.
func TestYAMLError(t *testing.T) {
	var te *yaml.TypeError
	typeErr := yaml.Unmarshal([]byte("a: [1]\nb: {}\n"), &struct{ A, B int }{})
	if !errors.As(typeErr, &te) {
		t.Fatalf("decoding lists into ints: %v, want a *yaml.TypeError", typeErr)
	}
	for _, tt := range []struct {
		err  error
		line int
		msg  string
	}{
		{errors.New("yaml: line 4: mapping values are not allowed in this context"), 4, "mapping values are not allowed in this context"},
		{errors.New("line 12: did not find expected key"), 12, "did not find expected key"},
		{errors.New("yaml: control characters are not allowed"), 0, "control characters are not allowed"},
		{typeErr, 1, "cannot unmarshal !!seq into int; line 2: cannot unmarshal !!map into int"},
	} {
		var d *diag.Diagnostic
		if !errors.As(YAMLError("site.yml", tt.err), &d) {
			t.Fatalf("YAMLError(%q) is no *diag.Diagnostic", tt.err)
		}
		if d.File != "site.yml" || d.Line != tt.line || d.Msg != tt.msg || !errors.Is(d, tt.err) {
			t.Errorf("YAMLError(%q) = %s:%d: %q, want site.yml:%d: %q, wrapping the error", tt.err, d.File, d.Line, d.Msg, tt.line, tt.msg)
		}
	}
}

// TestReadConfigFileBounded: a decoder's message that quotes a value of
// the file whole (an integer of a million digits, a string with a line
// break) is bounded and on one line, what the decoder says kept.
func TestReadConfigFileBounded(t *testing.T) {
	huge := strings.Repeat("9", 1_000_000)
	dir := t.TempDir()
	for _, tc := range []struct{ name, src, want string }{
		{"hugo.toml", "baseURL = \"https://example.com/\"\npaginate = " + huge + "\n", "hugo.toml:2: " + strings.Repeat("9", 60) + "… (1000000 bytes) is out of range for int64"},
		{"_config.yml", "a: !!int \"" + huge + "\"\n", "_config.yml: cannot decode !!str `" + strings.Repeat("9", 59) + "… (1000002 bytes) as a !!int"},
		{"x.toml", "a = \"b\x1b[2J\n::error::x\"\n", "x.toml:1: "},
		{"c.json", "{\"a\": 1, " + huge + "}", "c.json:1: invalid character"},
	} {
		if err := os.WriteFile(filepath.Join(dir, tc.name), []byte(tc.src), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ReadConfigFile(dir, tc.name, tc.name, limits.Default)
		if err == nil {
			t.Fatalf("%s: no error", tc.name)
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, tc.want) || len(msg) > 300 || strings.ContainsFunc(msg, unicode.IsControl) {
			t.Errorf("%s: %d bytes: %.300q, want one line under 300 bytes starting %q", tc.name, len(msg), msg, tc.want)
		}
	}
}

// TestUnmarshalYAMLLastKey: a key given twice takes its last value, at
// the top, in a nested mapping and in a list's, as Ruby's YAML, PyYAML
// and yaml.v2 read it; a file without one decodes as yaml.v3 decodes it;
// a merge key given twice is still refused.
func TestUnmarshalYAMLLastKey(t *testing.T) {
	for _, tc := range []struct{ src, want, err string }{
		{src: "markdown: kramdown\ntitle: x\nmarkdown: gfm\n", want: "map[markdown:gfm title:x]"},
		{src: "c:\n  docs:\n    output: false\n    permalink: /d/\n    output: true\n", want: "map[c:map[docs:map[output:true permalink:/d/]]]"},
		{src: "d:\n  - {a: 1, b: 2, a: 3}\n", want: "map[d:[map[a:3 b:2]]]"},
		{src: "a: 1\na: {b: 2}\n", want: "map[a:map[b:2]]"},
		{src: "x: &x {a: 1, a: 2}\ny: *x\n", want: "map[x:map[a:2] y:map[a:2]]"},
		{src: "a: 1\nb: 2\n", want: "map[a:1 b:2]"},
		{src: "", want: "map[]"},
		{src: "b: &b {c: 1}\nd: &d {e: 2}\na:\n  <<: *b\n  <<: *d\n", err: `mapping key "<<" already defined`},
	} {
		m := map[string]any{}
		err := UnmarshalYAML([]byte(tc.src), &m)
		switch {
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%q: error %v, want %q", tc.src, err, tc.err)
		case tc.err == "" && err != nil:
			t.Errorf("%q: %v", tc.src, err)
		case tc.err == "" && fmt.Sprint(m) != tc.want:
			t.Errorf("%q: %v, want %s", tc.src, m, tc.want)
		}
	}
}

// TestRepeatedKey: the first key given again, in the order of the file,
// whether nested or at the top, with the key it repeats; none for a
// merge key or a file without.
func TestRepeatedKey(t *testing.T) {
	for _, tc := range []struct {
		src         string
		again, line int
	}{
		{src: "a: 1\nb:\n  c: 1\n  c: 2\na: 2\n", again: 4, line: 3},
		{src: "a: 1\nb: [{c: 1}]\na: 2\n", again: 3, line: 1},
		{src: "b: &b {c: 1}\nd: {<<: *b, <<: *b}\n"},
		{src: "a: 1\nb: 2\n"},
	} {
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte(tc.src), &doc); err != nil {
			t.Fatal(err)
		}
		again, first := RepeatedKey(&doc)
		switch {
		case tc.again == 0 && again != nil:
			t.Errorf("%q: %q at line %d, want none", tc.src, again.Value, again.Line)
		case tc.again != 0 && (again == nil || again.Line != tc.again || first.Line != tc.line):
			t.Errorf("%q: %v %v, want lines %d and %d", tc.src, again, first, tc.again, tc.line)
		}
	}
}
