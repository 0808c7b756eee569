package conffile

import (
	"errors"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/diag"
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
