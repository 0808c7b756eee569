package conffile

import (
	"errors"
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
