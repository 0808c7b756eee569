package htmlhead

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"golang.org/x/net/html"
)

// lexTokens returns the tokens the lexer finds in data, in the form
// xnetTokens gives: "<name k=v ...>" (values decoded), "</name>", and the
// text between tags as one "text" token; comments are left out.
func lexTokens(data []byte) []string {
	var (
		l    lexer
		out  []string
		text []byte
	)
	l.reset(bytes.Clone(data))
	flush := func() {
		if len(text) > 0 {
			out = append(out, fmt.Sprintf("text %q", normalize(text)))
			text = text[:0]
		}
	}
	for {
		switch l.next() {
		case tokEOF:
			flush()
			return out
		case tokStartTag:
			flush()
			var b strings.Builder
			fmt.Fprintf(&b, "<%s", normalize(l.name))
			for _, a := range l.attrs {
				fmt.Fprintf(&b, " %s=%q", normalize(a.key), normalize(decode(a.val)))
			}
			out = append(out, b.String()+">")
		case tokEndTag:
			flush()
			out = append(out, fmt.Sprintf("</%s>", normalize(l.name)))
		case tokText, tokRawText:
			text = append(text, l.text...)
		}
	}
}

// xnetTokens returns the tokens golang.org/x/net/html's tokenizer finds in
// data, duplicate attributes dropped as its parser drops them.
func xnetTokens(data []byte) []string {
	z := html.NewTokenizer(bytes.NewReader(data))
	var (
		out  []string
		text []byte
	)
	flush := func() {
		if len(text) > 0 {
			out = append(out, fmt.Sprintf("text %q", normalize(text)))
			text = text[:0]
		}
	}
	for {
		switch z.Next() {
		case html.ErrorToken:
			flush()
			return out
		case html.StartTagToken, html.SelfClosingTagToken:
			flush()
			name, more := z.TagName()
			var b strings.Builder
			fmt.Fprintf(&b, "<%s", normalize(name))
			seen := map[string]bool{}
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				if !seen[string(k)] {
					seen[string(k)] = true
					fmt.Fprintf(&b, " %s=%q", normalize(k), normalize(v))
				}
			}
			out = append(out, b.String()+">")
		case html.EndTagToken:
			flush()
			name, _ := z.TagName()
			out = append(out, fmt.Sprintf("</%s>", normalize(name)))
		case html.TextToken:
			text = append(text, z.Raw()...)
		}
	}
}

// normalize does what the HTML standard's input preprocessing and the
// x/net/html tokenizer do and the lexer leaves to its users: CRLF and CR
// become LF, and NUL becomes U+FFFD.
func normalize(b []byte) string {
	s := strings.ReplaceAll(string(b), "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return strings.ReplaceAll(s, "\x00", "\uFFFD")
}

var lexSeeds = []string{
	`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>A &amp; B</title>` +
		`<link rel="canonical" href="https://example.com/a?x=1&amp;y=2"></head><body><p>x</p>`,
	`<a b=c d='e' f="g" h i=j/>`, `<a/b/c=d>`, `<a =b>`, `<a b = "c">`, `<a b="c"d=e>`, `<A B=C B=D>`,
	// Past 16 attributes keep looks names up in a map: duplicates on either side of it.
	`<a b=1 c d e f g h i j k l m n o p q B=2 r s t u v w x y b=3 s=4 Z z>`,
	`<!-- c --><!----><!---><!--><!--a--!><!--a--!-->x`, `<!x><?y><!DOCTYPE a "b>c">`, `</><//a></ x></a b=">">`,
	`<script>if (a<b) { x = "</scr" + "ipt>" }</script>z`, `<script><!-- <script> </script> --></script>z`,
	`<script><!-- a --> </script>z`, `<script><!--<script>--></script>x</script>y`, `<script><!--<script/></script --></script>y`,
	`<script><!----></script>`, `<script><!--<SCRIPT\n>-</scrip></script>x-->y</script>`, `<script><!-</script>`, `<SCRIPT>x</SCRIPT >z`, `<script>x</scripty></script/>z`,
	`<title>a<b>c</title>d`, `<textarea></textarea x="</textarea>">`, `<noscript><meta></noscript>z`,
	`<style>a>b{}</style>`, `<plaintext></plaintext><a>`, `<xmp><a></xmp>`, `<iframe><a></iframe>`,
	`< a <1 <`, `</`, `<`, `a&b`, `<a href="?a=1&section=2&amp;c=3&copy;&copy=4&copy&#65&#x42;&#;&notin;&notit;&ampx;">`,
	"<a\x00b c\x00=d\x00>\r\n", `<a b='c`, `<a b=`, `<a b`, `<title>x</title`, `<script>x</script`,
}

// FuzzLexer checks the lexer against golang.org/x/net/html's tokenizer:
// the same tags with the same attributes, and the same text between them.
//
// One difference is x/net/html's, not the lexer's: in a script's escaped
// text (after "<!--"), a "<" followed by anything but a letter or "/"
// sends x/net/html back to plain script data, where the HTML standard's
// "script data escaped less-than sign state" stays in the escaped state
// (TestLexerEscapedLessThan). An input on which the two differ is
// compared again with such "<"s written "&lt;" (withoutBareLessThan),
// which both read as text in every state: they must then agree.
func FuzzLexer(f *testing.F) {
	for _, s := range lexSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		defer fuzzbound.Check(t)()
		got, want := lexTokens(data), xnetTokens(data)
		if strings.Join(got, "\n") == strings.Join(want, "\n") {
			return
		}
		if alt, ok := withoutBareLessThan(data); ok {
			got2, want2 := lexTokens(alt), xnetTokens(alt)
			if strings.Join(got2, "\n") == strings.Join(want2, "\n") {
				return // x/net/html's difference, and only that
			}
		}
		t.Fatalf("input %q\nlexer:      %q\nx/net/html: %q", data, got, want)
	})
}

// withoutBareLessThan returns data with every "<" that is not followed
// by a letter or "/" written "&lt;", but for the first "<!--" after the
// first "<script" (the one that makes a script's text escaped), and
// whether data has a script at all, the one place where x/net/html reads
// such a "<" differently. Both read "&lt;" as text in every state, so
// after the rewrite at most one escaped text is left, with no "<" in it
// that the two could read apart: the rewrite only takes away the inputs on
// which they may rightly differ.
func withoutBareLessThan(data []byte) ([]byte, bool) {
	if !bytes.Contains(bytes.ToLower(data), []byte("<script")) {
		return nil, false
	}
	var out []byte
	armed, kept := false, false // a "<script" came; the one "<!--" was kept
	for i := 0; i < len(data); i++ {
		c := data[i]
		if c == '<' {
			rest := data[i+1:]
			letter := len(rest) > 0 && ('a' <= rest[0] && rest[0] <= 'z' || 'A' <= rest[0] && rest[0] <= 'Z')
			switch {
			case letter:
				if len(rest) >= 6 && bytes.EqualFold(rest[:6], []byte("script")) {
					armed = true
				}
			case bytes.HasPrefix(rest, []byte("/")):
			case armed && !kept && bytes.HasPrefix(rest, []byte("!--")):
				kept = true
			default:
				out = append(out, "&lt;"...)
				continue
			}
		}
		out = append(out, c)
	}
	return out, true
}

// TestLexerEscapedLessThan pins the HTML standard's reading where
// x/net/html's differs: in escaped script text, "<<script " enters the
// double-escaped state, so the "</script>" after it does not end the
// script.
func TestLexerEscapedLessThan(t *testing.T) {
	got := lexTokens([]byte("<sCript><!--0<<sCript </script>"))
	want := []string{"<script>", `text "<!--0<<sCript </script>"`}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("lexer: %q, want %q", got, want)
	}
}

func TestLexerSeeds(t *testing.T) {
	for _, s := range lexSeeds {
		got, want := lexTokens([]byte(s)), xnetTokens([]byte(s))
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("input %q\nlexer:      %q\nx/net/html: %q", s, got, want)
		}
	}
}

func TestDecode(t *testing.T) {
	for in, want := range map[string]string{
		"plain":                    "plain",
		"a&amp;b":                  "a&b",
		"?a=1&section=2":           "?a=1&section=2", // "&sect" is a name, but "&section" is not
		"&copy=2":                  "&copy=2",        // a name without ";" before "=" stays
		"&copy 2":                  "© 2",
		"&copy":                    "©",
		"&notin;&notit;&notit":     "∉&notit;&notit",
		"&ampx;":                   "&ampx;",
		"&#65;&#x42&#X43;&#;&#xg":  "ABC&#;&#xg",
		"&#0;":                     "\uFFFD",
		"&semi;&fjlig;&unknown;&&": ";fj&unknown;&&",
	} {
		if got := string(decode([]byte(in))); got != want {
			t.Errorf("decode(%q) = %q, want %q", in, got, want)
		}
	}
}
