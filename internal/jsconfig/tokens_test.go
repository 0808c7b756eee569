package jsconfig

import (
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// A configuration of limits.settings_bytes, a token a byte or two, is
// read to limits.js_tokens within fuzzbound's bounds: the slice of tokens
// grown by append's quarter at a time allocated 257 MB.
func TestTokensBounded(t *testing.T) {
	for _, s := range []string{"a.", ")}]", "/a/ / "} {
		src := []byte(strings.Repeat(s, limits.Default.SettingsBytes/len(s)-1))
		t.Run(s, func(t *testing.T) {
			defer fuzzbound.Check(t)()
			if _, err := parse(src, limits.Default); err == nil || !strings.Contains(err.Error(), "limits.js_tokens") {
				t.Errorf("error %v, want one naming limits.js_tokens", err)
			}
		})
	}
}

// TestTokens: comments skipped, literals whole, a template with ${} one
// token, lines counted; past limits.js_tokens the tokens read so far and
// the error that names the key.
func TestTokens(t *testing.T) {
	src := "// a route\nconst dir = path.join(process.cwd(), 'posts') /* x */\nconst re = /\\.md$/, t = `${a}/b`\n"
	toks, err := Tokens([]byte(src), limits.Default)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, tk := range toks {
		got = append(got, tk.Text)
	}
	want := "const dir = path . join ( process . cwd ( ) , posts ) const re = /\\.md$/ , t = "
	if s := strings.Join(got, " "); s != want {
		t.Errorf("tokens %q, want %q", s, want)
	}
	if last := toks[len(toks)-1]; last.Kind != Template || last.Line != 3 || src[last.Pos:last.End] != "`${a}/b`" {
		t.Errorf("last token %+v, want the template on line 3", last)
	}
	if !toks[4].Is(".") || !toks[3].IsIdent("path") || toks[13].Kind != String || toks[13].Text != "posts" {
		t.Errorf("kinds: %+v", toks[:14])
	}
	lim := limits.Default
	lim.JSTokens = 3
	toks, err = Tokens([]byte(src), lim)
	if err == nil || !strings.Contains(err.Error(), "limits.js_tokens") || len(toks) > lim.JSTokens+1 {
		t.Errorf("past the limit: %d tokens, error %v", len(toks), err)
	}
}
