package diag

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestFormat(t *testing.T) {
	for _, tt := range []struct {
		name     string
		err      error
		severity string
		want     string
	}{
		{"line", At("sitemap.yaml", 3, `unknown key "x"`), "", `sitemap.yaml:3: unknown key "x"`},
		{"warning", At("vercel.json", 12, "a rule never matches"), Warning, "vercel.json:12: warning: a rule never matches"},
		{"file only", &Diagnostic{File: "missing.yaml", Msg: "no such file or directory"}, "", "missing.yaml: no such file or directory"},
		{"column", &Diagnostic{File: "state.json", Line: 3, Col: 9, Msg: "bad value"}, "", "state.json:3:9: bad value"},
		{"wrapped", fmt.Errorf("lastmod source hash: %w", &Diagnostic{File: "state.json", Line: 3, Col: 9, Msg: "bad value"}), Warning, "state.json:3:9: warning: lastmod source hash: bad value"},
		{"wrapped twice", fmt.Errorf("a: %w", fmt.Errorf("b: %w", At("f", 1, "c"))), "", "f:1: a: b: c"},
		{"wrapped after", fmt.Errorf("%w; using the defaults", At("f", 1, "c")), "", "f:1: c; using the defaults"},
		{"no place", errors.New("no base URL"), "", "sitemapgen: no base URL"},
		{"no place, warning", errors.New("shallow clone"), Warning, "sitemapgen: warning: shallow clone"},
		{"no file", &Diagnostic{Msg: "--max-urls: 0 is outside 1–50000"}, "", "sitemapgen: --max-urls: 0 is outside 1–50000"},
		{"error", &Diagnostic{File: "site/a.html", Msg: "cannot read the page"}, Error, "site/a.html: error: cannot read the page"},
		{"control character", At("new\nline.html", 0, "bad"), Warning, `"new\nline.html": warning: bad`},
		{"invalid UTF-8", At("a\xffb.html", 2, "bad"), "", `"a\xffb.html":2: bad`},
		{"pos", Pos{File: "_redirects", Line: 4}.Errorf("rule %d: bad", 2), Warning, "_redirects:4: warning: rule 2: bad"},
		{"hint", &Diagnostic{File: "x.toml", Line: 2, Msg: "two generators", Hint: "name the site\nor set root:"}, "", "x.toml:2: two generators\nhint: name the site\nhint: or set root:"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := Format(tt.err, tt.severity); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestErrorsAs(t *testing.T) {
	err := fmt.Errorf("read config: %w", At("sitemap.yaml", 4, "bad"))
	var d *Diagnostic
	if !errors.As(err, &d) || d.Line != 4 || d.File != "sitemap.yaml" {
		t.Fatalf("errors.As: %v %+v", err, d)
	}
}

func TestQuote(t *testing.T) {
	for _, p := range []string{"plain/é.html", "new\nline", "a\xffb", "esc\x1b[31m"} {
		q := Quote(p)
		if Quote(q) != q {
			t.Errorf("Quote(%q) = %q, which Quote changes again", p, q)
		}
		if strings.ContainsFunc(q, unicode.IsControl) || !utf8.ValidString(q) {
			t.Errorf("Quote(%q) = %q", p, q)
		}
	}
	if Quote("plain/é.html") != "plain/é.html" {
		t.Error("a plain path is quoted")
	}
}

func TestPos(t *testing.T) {
	if got := (Pos{File: "_headers", Line: 3}).String(); got != "_headers:3" {
		t.Errorf("got %q", got)
	}
	if got := (Pos{File: "vercel.json"}).String(); got != "vercel.json" {
		t.Errorf("got %q", got)
	}
}

func TestExcerpt(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"PT1M", "PT1M"},
		{strings.Repeat("a", 80), strings.Repeat("a", 80)},
		{strings.Repeat("a", 81), strings.Repeat("a", 60) + "… (81 bytes)"},
		{strings.Repeat("é", 1<<20), strings.Repeat("é", 30) + "… (2097152 bytes)"},
		{strings.Repeat("x", 59) + "é" + strings.Repeat("x", 40), strings.Repeat("x", 59) + "… (101 bytes)"},
		{"a\nb\x1b[31m\xffc", `a\nb\x1b[31m\xffc`},
		{"caf\xe9", "caf\xe9"}, // %q shows it: no control character to escape
		{"line\nforged: error: x" + strings.Repeat("y", 100), `line\nforged: error: x` + strings.Repeat("y", 38) + "… (121 bytes)"},
		// Escaped, a control character takes four bytes: the part kept is
		// at most 60 bytes as shown, not 60 of the value's (240 shown).
		{strings.Repeat("\x03", 100), strings.Repeat(`\x03`, 15) + "… (100 bytes)"},
	} {
		if got := Excerpt(tc.in); got != tc.want {
			t.Errorf("Excerpt(%.20q…) = %q, want %q", tc.in, got, tc.want)
		}
		if got := Excerpt(tc.in); len(got) > 2*ExcerptBytes || strings.ContainsFunc(got, unicode.IsControl) {
			t.Errorf("Excerpt is %d bytes, or holds a control character: %q", len(got), got)
		}
	}
}

func TestEscape(t *testing.T) {
	for in, want := range map[string]string{
		"https://example.com/a b": "https://example.com/a b",
		"x\n::error::PWNED":       `x\n::error::PWNED`,
		"a\rb\x1b[2Jc\x07\x00":    `a\rb\x1b[2Jc\a\x00`,
		"\u009b31m":               `\u009b31m`, // a C1 control: a terminal's CSI
		"caf\xe9":                 "caf\xe9",
	} {
		if got := Escape(in); got != want {
			t.Errorf("Escape(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestDecoderMessage: a decoder's message keeps its words, a value in it
// cut as Excerpt cuts one, on one line, within DecoderBytes.
func TestDecoderMessage(t *testing.T) {
	huge := strings.Repeat("9", 1_000_000)
	for _, tc := range []struct{ in, want string }{
		{"expected a top-level item to end with a newline, comment, or EOF, but got 'x' instead", "expected a top-level item to end with a newline, comment, or EOF, but got 'x' instead"},
		{huge + " is out of range for int64", strings.Repeat("9", 60) + "… (1000000 bytes) is out of range for int64"},
		{"bad value \"a\n::error::x\"", `bad value \"a\n::error::x\"`}, // the word escaped as Excerpt escapes it
		{strings.Repeat("word ", 200_000), strings.Repeat("word ", 40) + "… (a message of 1000000 bytes)"},
	} {
		got := DecoderMessage(tc.in)
		if got != tc.want {
			t.Errorf("DecoderMessage(%.40q…) = %q, want %q", tc.in, got, tc.want)
		}
		if len(got) > DecoderBytes || strings.ContainsFunc(got, unicode.IsControl) {
			t.Errorf("%d bytes, or a control character: %q", len(got), got)
		}
	}
}

// TestURLEscapes: a URL a message quotes whole keeps its control
// characters escaped, so that the message stays one line and no escape
// sequence reaches the terminal; a URL without one is as it is.
func TestURLEscapes(t *testing.T) {
	for in, want := range map[string]string{
		"https://example.com/a b?x=1":         "https://example.com/a b?x=1",
		"x\n::error::PWNED":                   `x\n::error::PWNED`,
		"https://example.com/\r\x1b[2J\a\x00": `https://example.com/\r\x1b[2J\a\x00`,
	} {
		if got := URL(in); got != want {
			t.Errorf("URL(%q) = %q, want %q", in, got, want)
		}
	}
	if got := URL("https://example.com/\n" + strings.Repeat("a", 1<<20)); len(got) > 2*ExcerptBytes || strings.ContainsRune(got, '\n') {
		t.Errorf("URL of a megabyte: %d bytes, %q", len(got), got)
	}
}

// TestURLHidesUserInfo: a URL's user information, a user name, a
// password or a token, is never shown, whether or not the URL parses
// (issue 89).
func TestURLHidesUserInfo(t *testing.T) {
	for in, want := range map[string]string{
		"https://user:TOKEN@example.com/a":     "https://xxxxx@example.com/a",
		"https://TOKEN@example.com":            "https://xxxxx@example.com",
		"https://u:p@ss:TOKEN@example.com/x@y": "https://xxxxx@example.com/x@y",
		"https://u:p%zz@example.com/":          "https://xxxxx@example.com/",
		"//TOKEN@example.com?q=a@b":            "//xxxxx@example.com?q=a@b",
		"https://example.com/a@b":              "https://example.com/a@b",
		"mailto:a@example.com":                 "mailto:a@example.com",
	} {
		if got := URL(in); got != want {
			t.Errorf("URL(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzURL: whatever a URL holds around it, its user information (the
// text between "//" and the last "@" of its authority: a token) is
// replaced whole in what URL shows, the line stays one line, and it is
// at most an excerpt past URLBytes.
func FuzzURL(f *testing.F) {
	for _, seed := range [][3]string{
		{"https:", "robot:TOKEN", "example.com/a"},
		{"https:", "TOKEN", "example.com:99x/"},
		{"http:", "[robot:TOKEN", "example.com/"},
		{"", "u:p%zz", "h?q=a@b#c"},
		{"https:", "a\nb", "h/\x1b"},
	} {
		f.Add(seed[0], seed[1], seed[2])
	}
	f.Fuzz(func(t *testing.T, scheme, user, rest string) {
		host, _, _ := strings.Cut(strings.NewReplacer("?", "/", "#", "/").Replace(rest), "/")
		if strings.Contains(scheme, "/") || strings.ContainsAny(user, "/?#") || strings.Contains(host, "@") {
			return // then the authority is not user@rest's
		}
		u := scheme + "//" + user + "@" + rest
		got, want := URL(u), URL(scheme+"//xxxxx@"+rest)
		if got != want {
			t.Errorf("URL(%q) = %q, want %q", u, got, want)
		}
		if strings.ContainsFunc(got, breaksLine) {
			t.Errorf("URL(%q) = %q holds a line break or a control character", u, got)
		}
		if hidden := len(scheme + "//xxxxx@" + rest); hidden >= URLBytes && len(got) > 2*ExcerptBytes {
			t.Errorf("URL of %d bytes (%d with its user information hidden): %d bytes shown", len(u), hidden, len(got))
		}
	})
}
