package validate

// The values of a sitemap's elements: text, names, W3C Datetime dates,
// decimals, language codes.

import (
	"encoding/xml"
	"fmt"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/sitemapfile"
)

// value reads the text of a simple element, reporting child elements.
func (fc *fileCheck) value(t xml.StartElement) (string, error) {
	var b strings.Builder
	for {
		tok, err := fc.next()
		if err != nil {
			return "", err
		}
		switch c := tok.(type) {
		case xml.CharData:
			b.Write(c)
		case xml.StartElement:
			fc.addf(KindElement, fc.line, "<%s> holds element %s: it may hold only text", t.Name.Local, fc.name(c.Name))
			if err := fc.skip(); err != nil {
				return "", err
			}
		case xml.EndElement:
			return b.String(), nil
		}
	}
}

// text reports text other than white space in element-only content.
func (fc *fileCheck) text(t xml.CharData, in string) {
	s := trimSpace(string(t))
	if s == "" {
		return
	}
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	if in == "" {
		fc.addf(KindXML, fc.line, "text %q outside the root element", s)
	} else {
		fc.addf(KindElement, fc.line, "text %q is not allowed in <%s>: it holds only elements", s, in)
	}
}

// name shows an element or attribute name with its usual prefix, its
// parts quoted at most as diag.Excerpt bounds them.
func (fc *fileCheck) name(n xml.Name) string { return sitemapfile.ElementName(n, fc.ns) }

// trimSpace removes XML white space around s, as xsd's whiteSpace
// "collapse" does at the ends.
func trimSpace(s string) string { return sitemapfile.TrimSpace(s) }

// validDate reports whether s is an xsd:date or an xsd:dateTime, the union
// sitemap.xsd gives <lastmod>: YYYY-MM-DD and an optional zone, or
// YYYY-MM-DDThh:mm:ss with an optional fraction and zone (Z or ±hh:mm).
// Only the years 0001–9999 are accepted.
func validDate(s string) bool {
	if len(s) < 10 || !digits(s[0:4]) || s[4] != '-' || !digits(s[5:7]) || s[7] != '-' || !digits(s[8:10]) {
		return false
	}
	y, m, d := atoi(s[0:4]), atoi(s[5:7]), atoi(s[8:10])
	if y == 0 || m < 1 || m > 12 || d < 1 || d > time.Date(y, time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC).Day() {
		return false
	}
	rest, isTime := strings.CutPrefix(s[10:], "T")
	if isTime {
		if len(rest) < 8 || !digits(rest[0:2]) || rest[2] != ':' || !digits(rest[3:5]) || rest[5] != ':' || !digits(rest[6:8]) {
			return false
		}
		h, mi, sec := atoi(rest[0:2]), atoi(rest[3:5]), atoi(rest[6:8])
		rest = rest[8:]
		zeroFrac := true
		if frac, ok := strings.CutPrefix(rest, "."); ok {
			n := 0
			for n < len(frac) && '0' <= frac[n] && frac[n] <= '9' {
				zeroFrac = zeroFrac && frac[n] == '0'
				n++
			}
			if n == 0 {
				return false
			}
			rest = frac[n:]
		}
		if h == 24 && (mi != 0 || sec != 0 || !zeroFrac) || h > 24 || mi > 59 || sec > 59 {
			return false
		}
	}
	switch {
	case rest == "" || rest == "Z":
		return true
	case len(rest) == 6 && (rest[0] == '+' || rest[0] == '-') && digits(rest[1:3]) && rest[3] == ':' && digits(rest[4:6]):
		h, m := atoi(rest[1:3]), atoi(rest[4:6])
		return m <= 59 && (h < 14 || h == 14 && m == 0)
	}
	return false
}

// w3cDate reports whether s is a date both the sitemap schema's types
// and W3C Datetime, the profile of ISO 8601 the protocol names, take: a
// date validDate takes whose time, if it has one, has a zone.
func w3cDate(s string) bool { return validDate(s) && !zoneless(s) }

// zoneless reports whether s, a date validDate takes, has a time and no
// zone: xsd:dateTime takes it, W3C Datetime does not, which needs a zone
// with a time (a time without one is no instant a search engine can
// place).
func zoneless(s string) bool {
	n := len(s)
	return n > 10 && s[10] == 'T' && s[n-1] != 'Z' && (n < 6 || s[n-6] != '+' && s[n-6] != '-')
}

// w3cOnly reports whether s is a W3C Datetime (the profile of ISO 8601
// the protocol names) that xsd:date and xsd:dateTime, the sitemap
// schema's types, do not take: a year (1997), a year and month
// (1997-07), or minutes without seconds (1997-07-16T19:20+01:00).
func w3cOnly(s string) bool {
	switch {
	case len(s) == 4:
		return digits(s) && s != "0000"
	case len(s) == 7:
		return digits(s[:4]) && s[4] == '-' && validDate(s+"-01")
	case len(s) > 16 && s[10] == 'T' && s[13] == ':' && s[16] != ':' && s[16] != '.':
		return validDate(s[:16] + ":00" + s[16:])
	}
	return false
}

// dateFormMsg says that s, a W3C Datetime, is in a form the schema does
// not take, and what form it does.
func dateFormMsg(s string) string {
	want := "a full date, YYYY-MM-DD"
	if len(s) > 16 {
		want = s[:16] + ":00" + s[16:]
	}
	return fmt.Sprintf("%q is a W3C Datetime, which the protocol names and search engines read, but the schema's xsd:date and xsd:dateTime do not take it; to satisfy both, write %s", diag.Excerpt(s), diag.Excerpt(want))
}

// dateHint says what is wrong with s, which is not a valid date: for a
// near miss, the fix; else the forms the schema takes.
func dateHint(s string) string {
	n := len(s)
	switch {
	case n >= 16 && s[10] == 'T' && s[13] == ':' && (n == 16 || s[16] != ':') && validDate(s[:16]+":00"+s[16:]):
		// W3C's profile allows hh:mm; xsd:dateTime, which the schema's
		// lastmod is, does not.
		if fixed := s[:16] + ":00" + s[16:]; zoneless(fixed) {
			return ": a time needs seconds and its zone (" + withZone(fixed) + ")"
		}
		return fmt.Sprintf(": a time needs seconds (%s)", diag.Excerpt(s[:16]+":00"+s[16:]))
	case validDate(s) && zoneless(s):
		return ": a time needs its zone (" + withZone(s) + ")"
	case n > 10 && s[10] == ' ' && validDate(s[:10]+"T"+s[11:]):
		return fmt.Sprintf(": a T joins the date and the time (%s)", diag.Excerpt(s[:10]+"T"+s[11:]))
	case n > 15 && (s[n-5] == '+' || s[n-5] == '-') && validDate(s[:n-2]+":"+s[n-2:]):
		return fmt.Sprintf(": a zone offset has a colon (%s)", diag.Excerpt(s[:n-2]+":"+s[n-2:]))
	}
	return ": a date (YYYY-MM-DD) or date-time (YYYY-MM-DDThh:mm:ss with an optional fraction and zone)"
}

// withZone says how the date-time s, which has no zone, is written with
// one.
func withZone(s string) string {
	s = diag.Excerpt(s)
	return s + "Z if it is UTC, else its offset from UTC, as in " + s + "+02:00"
}

// isDecimal reports whether s is an xsd:decimal: an optional sign, digits,
// an optional point and more digits, at least one digit in all.
func isDecimal(s string) bool {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	whole, frac, _ := strings.Cut(s, ".")
	return whole+frac != "" && digits(whole) && digits(frac)
}

// isLanguage reports whether s is an xsd:language tag, such as en, de-AT
// or x-default.
func isLanguage(s string) bool {
	for i, part := range strings.Split(s, "-") {
		if len(part) < 1 || len(part) > 8 {
			return false
		}
		for _, c := range []byte(part) {
			if !('a' <= c|0x20 && c|0x20 <= 'z') && (i == 0 || c < '0' || c > '9') {
				return false
			}
		}
	}
	return true
}

// digits reports whether s holds only ASCII digits.
func digits(s string) bool {
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// atoi converts a string of digits.
func atoi(s string) int {
	n := 0
	for _, c := range []byte(s) {
		n = n*10 + int(c-'0')
	}
	return n
}
