package frontmatter

import (
	"errors"
	"strings"
	"testing"
)

func TestCheckURLPath(t *testing.T) {
	tests := []struct {
		in   string
		want error
	}{
		{"/posts/hello/", nil},
		{"posts/hello", nil},
		{"/a/../b/", nil},
		{"a//b/./c/..", nil},
		{"/:categories/:year/:title:output_ext", nil},
		{"/mailto:a@b/", nil},
		{"javascript:alert(1)", nil}, // a path, at /javascript:alert(1)
		{"/a%20b/%2e%2ex/", nil},
		{"/.../x", nil},
		{"https://evil.example/x", ErrOtherHost},
		{"HTTP://evil.example/x", ErrOtherHost},
		{"ftp://evil.example/x", ErrOtherHost},
		{"  //evil.example/x", ErrOtherHost},
		{"//evil.example/x", ErrOtherHost},
		{`/\evil.example/x`, ErrOtherHost},
		{`\\evil.example\x`, ErrOtherHost},
		{"/\t/evil.example/x", ErrOtherHost},
		{"ht\ntps://evil.example/x", ErrOtherHost},
		{`https:\\evil.example`, ErrOtherHost},
		{`\..\..\z`, ErrBackslash},
		{`/a\b`, ErrBackslash},
		{"/%2e%2e/%2e%2e/etc/passwd", ErrEncodedDot},
		{"/a/%2E%2E/b", ErrEncodedDot},
		{"/a/.%2e/b", ErrEncodedDot},
		{"/a/%2e/b", ErrEncodedDot},
		{"/../../etc/passwd", ErrAboveTheRoot},
		{"a/../../b", ErrAboveTheRoot},
		{"..", ErrAboveTheRoot},
		{"/a/b/../../..", ErrAboveTheRoot},
	}
	for _, tt := range tests {
		if got := CheckURLPath(tt.in); !errors.Is(got, tt.want) {
			t.Errorf("CheckURLPath(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestReadSourceHostileURL: a url or permalink that is not a path on the
// site is a problem on its line, in every format, and is kept as written.
func TestReadSourceHostileURL(t *testing.T) {
	tests := []struct {
		name, file string
		line       int
		key, msg   string
	}{
		{"yaml url", "---\ntitle: x\nurl: https://evil.example/x\n---\n", 3, "url", `url: "https://evil.example/x" names a host; give a path on the site; no page is listed at it`},
		{"yaml permalink", "---\ntitle: x\n\npermalink: /../../etc/passwd\n---\n", 4, "permalink", `permalink: "/../../etc/passwd" climbs above the site's root with ".."; no page is listed at it`},
		{"toml", "+++\ntitle = 'x'\nURL = '//evil.example/x'\n+++\n", 3, "url", `URL: "//evil.example/x" names a host; give a path on the site; no page is listed at it`},
		{"json", "{\n  \"title\": \"x\",\n  \"url\": \"/%2e%2e/x\"\n}\n", 3, "url", `url: "/%2e%2e/x" has a percent-encoded dot segment ("%2e"), which browsers read as "." or ".."; no page is listed at it`},
		{"backslash", "---\nurl: '\\..\\..\\z'\n---\n", 2, "url", `url: "\\..\\..\\z" has a backslash, which browsers read as "/" and servers do not; no page is listed at it`},
		{"control characters quoted", "---\nurl: \"//evil.example/\\u0001\\n\"\n---\n", 2, "url", `url: "//evil.example/\x01" names a host; give a path on the site; no page is listed at it`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := readSource(t, strings.NewReader(tt.file))
			if len(s.Problems) != 1 || s.Problems[0].Line != tt.line || s.Problems[0].Msg != tt.msg {
				t.Errorf("problems %q; want line %d: %s", s.Problems, tt.line, tt.msg)
			}
			if got := map[string]string{"url": s.URL, "permalink": s.Permalink}[tt.key]; got == "" {
				t.Errorf("%s not kept", tt.key)
			}
		})
	}
	if s := readSource(t, strings.NewReader("---\nurl: /a/../b/\npermalink: /:year/:title/\n---\n")); len(s.Problems) > 0 {
		t.Errorf("paths on the site: problems %q", s.Problems)
	}
}
