package pelican

// Pelican's URL rules: where it writes an article or a page
// (contents.py's url_format and save_as, utils.py's slugify).

import (
	"fmt"
	"html"
	"strconv"
	"strings"
	"time"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
)

// slugify is Pelican's slugify with its default SLUG_REGEX_SUBSTITUTIONS:
// the value NFKC-normalised and made ASCII (unidecode), every character
// but word characters, white space and hyphens dropped, trimmed, each
// run of hyphens and white space one hyphen, lower-cased unless
// preserveCase. ok is false where unidecode's transliteration is not
// known here: a letter that is not Latin with marks. With useUnicode
// (SLUGIFY_USE_UNICODE), letters and digits of every script are kept.
func slugify(s string, preserveCase, useUnicode bool) (string, bool) {
	s = stripTags(s)
	if useUnicode {
		var out strings.Builder
		for _, r := range norm.NFKC.String(s) {
			if r == '_' || r == '-' || unicode.IsSpace(r) || unicode.IsLetter(r) || unicode.IsNumber(r) {
				out.WriteRune(r)
			}
		}
		slug := slugRuns().ReplaceAllString(strings.TrimSpace(out.String()), "-")
		if !preserveCase {
			slug = strings.ToLower(slug)
		}
		return slug, true
	}
	var b strings.Builder
	for _, r := range norm.NFKD.String(norm.NFKC.String(s)) {
		switch {
		case r < 0x80:
			b.WriteRune(r)
		case unicode.Is(unicode.Mn, r):
			// a mark of a Latin letter: unidecode drops it (é → e)
		case unicode.IsSpace(r):
			b.WriteByte(' ')
		case unicode.IsLetter(r) || unicode.IsNumber(r):
			return "", false
		}
		// other symbols: unidecode gives punctuation, which goes
	}
	var out strings.Builder
	for _, r := range b.String() {
		if r == '_' || r == '-' || unicode.IsSpace(r) || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' {
			out.WriteRune(r)
		}
	}
	slug := slugRuns().ReplaceAllString(strings.TrimSpace(out.String()), "-")
	if !preserveCase {
		slug = strings.ToLower(slug)
	}
	return strings.TrimSpace(slug), true
}

// slugRuns are runs of hyphens and white space.
var slugRuns = lazyre.MustCompile(`[-\s]+`)

// tags are HTML tags, which Markup.striptags drops.
var tags = lazyre.MustCompile(`<[^>]*>`)

// stripTags is markupsafe's Markup.striptags: tags dropped, white space
// collapsed, entities unescaped.
func stripTags(s string) string {
	return html.UnescapeString(strings.Join(strings.Fields(tags().ReplaceAllString(s, "")), " "))
}

// format is Python's str.format of a URL setting with the fields of a
// page: {name}, {date:%Y/%m} (strftime) and {{ }}. ok is false for a
// field the page has not, or a form not known here, and for an
// expansion past generator.MaxURLBytes, which stops there: its first
// bytes are returned then, more than the bound.
func format(pattern string, fields map[string]string, date time.Time, hasDate bool) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(pattern); i++ {
		if b.Len() > generator.MaxURLBytes {
			return b.String(), false
		}
		c := pattern[i]
		switch {
		case c == '{' && strings.HasPrefix(pattern[i:], "{{"):
			b.WriteByte('{')
			i++
		case c == '}' && strings.HasPrefix(pattern[i:], "}}"):
			b.WriteByte('}')
			i++
		case c == '{':
			end := strings.IndexByte(pattern[i:], '}')
			if end < 0 {
				return "", false
			}
			field := pattern[i+1 : i+end]
			i += end
			name, spec, hasSpec := strings.Cut(field, ":")
			if name == "date" {
				if !hasDate {
					return "", false
				}
				if !hasSpec {
					spec = "%Y-%m-%d %H:%M:%S" // str(datetime)
				}
				s, ok := strftime(date, spec)
				if !ok {
					return "", false
				}
				b.WriteString(s)
				continue
			}
			v, ok := fields[name]
			if !ok || hasSpec && spec != "" || strings.ContainsAny(name, ".[!") {
				return "", false
			}
			b.WriteString(v)
		case c == '}':
			return "", false
		default:
			b.WriteByte(c)
		}
	}
	if b.Len() > generator.MaxURLBytes {
		return b.String(), false
	}
	return b.String(), true
}

// strftime is Python's, for the directives a URL takes.
func strftime(t time.Time, spec string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(spec); i++ {
		if spec[i] != '%' || i+1 == len(spec) {
			b.WriteByte(spec[i])
			continue
		}
		i++
		switch spec[i] {
		case 'Y':
			b.WriteString(strconv.Itoa(t.Year()))
		case 'y':
			fmt.Fprintf(&b, "%02d", t.Year()%100)
		case 'm':
			fmt.Fprintf(&b, "%02d", int(t.Month()))
		case 'd':
			fmt.Fprintf(&b, "%02d", t.Day())
		case 'H':
			fmt.Fprintf(&b, "%02d", t.Hour())
		case 'M':
			fmt.Fprintf(&b, "%02d", t.Minute())
		case 'S':
			fmt.Fprintf(&b, "%02d", t.Second())
		case 'j':
			fmt.Fprintf(&b, "%03d", t.YearDay())
		case 'b':
			b.WriteString(t.Format("Jan"))
		case 'B':
			b.WriteString(t.Format("January"))
		case 'a':
			b.WriteString(t.Format("Mon"))
		case 'A':
			b.WriteString(t.Format("Monday"))
		case '%':
			b.WriteByte('%')
		default:
			return "", false
		}
	}
	return b.String(), true
}
