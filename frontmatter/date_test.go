package frontmatter

import (
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
)

func TestParseDate(t *testing.T) {
	for s, want := range map[string]string{
		"2024-05-01":                      "2024-05-01T00:00:00Z",
		"2024-05-01T10:00:00Z":            "2024-05-01T10:00:00Z",
		"2024-05-01T10:00:00.123+02:00":   "2024-05-01T08:00:00.123Z",
		"2024-05-01T10:00+02:00":          "2024-05-01T08:00:00Z",
		"2024-05-01T10:00:00":             "2024-05-01T10:00:00Z",
		"2024-05-01 10:00:00":             "2024-05-01T10:00:00Z",
		"2024-05-01 10:00:00 +0200":       "2024-05-01T08:00:00Z",
		"2024-05-01T10:00:00+0200":        "2024-05-01T08:00:00Z",
		"2024-05-01 10:00:00 PDT":         "2024-05-01T17:00:00Z",
		"2024-05-01 10:00:00 UTC":         "2024-05-01T10:00:00Z",
		"2024/5/1":                        "2024-05-01T00:00:00Z",
		"Wed, 01 May 2024 10:00:00 GMT":   "2024-05-01T10:00:00Z",
		"Wed, 01 May 2024 10:00:00 -0500": "2024-05-01T15:00:00Z",
		" 2024-05-01 ":                    "2024-05-01T00:00:00Z",
		// Astro's blog starter, and what people write for Date to read.
		"Jul 08 2022":                   "2022-07-08T00:00:00Z",
		"Jul 8 2022":                    "2022-07-08T00:00:00Z",
		"jul 8, 2022":                   "2022-07-08T00:00:00Z",
		"July 8, 2022":                  "2022-07-08T00:00:00Z",
		"8 July 2022":                   "2022-07-08T00:00:00Z",
		"8 July, 2022":                  "2022-07-08T00:00:00Z",
		"Sept 30 2022":                  "2022-09-30T00:00:00Z",
		"Fri Jul 08 2022":               "2022-07-08T00:00:00Z",
		"Friday, July 8, 2022 9:05":     "2022-07-08T09:05:00Z",
		"Jul 08 2022 23:59:59 +05:30":   "2022-07-08T18:29:59Z",
		"Jul 08 2022 10:00:00 UTC+0100": "2022-07-08T09:00:00Z",
		"Fri Jul 08 2022 10:00:00 GMT+0200 (Central European Summer Time)": "2022-07-08T08:00:00Z",
		"Friday, 08-Jul-22 10:00:00 GMT":                                   "2022-07-08T10:00:00Z",
		"Fri Jul  8 10:00:00 2022":                                         "2022-07-08T10:00:00Z",
		// A leap second is the second before it: Go's time has no 61st.
		"2016-12-31T23:59:60Z":       "2016-12-31T23:59:59Z",
		"2016-12-31T23:59:60.5Z":     "2016-12-31T23:59:59.5Z",
		"2017-01-01T08:59:60+09:00":  "2016-12-31T23:59:59Z",
		"2016-12-31 23:59:60":        "2016-12-31T23:59:59Z",
		"Sat Dec 31 2016 23:59:60 Z": "2016-12-31T23:59:59Z",
		// YAML's timestamps allow an offset's hour of one digit, which
		// js-yaml reads (box-bm/devfolio's guides).
		"2026-02-01T00:00:00-6:00": "2026-02-01T06:00:00Z",
		"2026-02-01 00:00:00.5 +5": "2026-01-31T19:00:00.5Z",
		"2026-02-01T00:00:00+5:30": "2026-01-31T18:30:00Z",
	} {
		got, ok := ParseDate(s)
		if w, _ := time.Parse(time.RFC3339Nano, want); !ok || !got.Equal(w) {
			t.Errorf("ParseDate(%q) = %v, %v; want %s", s, got, ok, want)
		}
	}
	for _, s := range []string{
		"", "yesterday", "2024-13-01", "01/05/2024", "0000-01-01", "2024", "05.01.2024", "24-05-01",
		"Jul 08 22", "Jul 32 2022", "Jun 31 2022", "Feb 29 2023", "July 2022", "8 2022 July",
		"Jul, 08 2022", "8, July 2022", "Jul 08 2022 24:00", "Jul 08 2022 10:60", "Jul 08 2022 10",
		"Jul 08 2022 10:00 CEST", "2024-05-01 10:00:00 CEST", "Jul 08 2022 10:00 +2", "2026-02-01T00:00:00-6:0", "2026-02-01T00:00:00-6:000", "Jul 08 2022 10:00 GMT (a) (b)",
		"(comment)", "Jul 08 2022 10:00 GMT extra", "Jul 08 02022", "Jul 008 2022", "Mon Tue Jul 08 2022",
		"2016-12-31T23:59:61Z", "2016-12-31T23:60:60Z", "2016-12-31T23:59:600Z", "2016-12-31T24:59:60Z",
	} {
		if d, ok := ParseDate(s); ok {
			t.Errorf("ParseDate(%q) = %v, want no date", s, d)
		}
	}
}

// TestDateFormsDoc holds ParseDate to the table of docs/lastmod.md: each
// example is read as the page says, and each refused form is refused.
func TestDateFormsDoc(t *testing.T) {
	data, err := os.ReadFile("../docs/lastmod.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "\n## Date forms\n")
	if !ok {
		t.Fatal("docs/lastmod.md has no Date forms section")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	row := regexp.MustCompile("(?m)^\\| [^|]+ \\| `([^`]+)` \\| `([^`]+)` \\|$")
	rows := row.FindAllStringSubmatch(section, -1)
	if len(rows) < 15 {
		t.Fatalf("the Date forms table has %d rows", len(rows))
	}
	for _, r := range rows {
		want, err := time.Parse(time.RFC3339, r[2])
		if err != nil {
			t.Fatalf("%q: %v", r[2], err)
		}
		if got, ok := ParseDate(r[1]); !ok || !got.Equal(want) {
			t.Errorf("docs/lastmod.md: %q is read as %s; ParseDate says %v, %v", r[1], r[2], got, ok)
		}
	}
	refused := regexp.MustCompile("(?m)^\\| `([^`]+)` \\| [^|]+ \\|$").FindAllStringSubmatch(section, -1)
	if len(refused) < 4 {
		t.Fatalf("the refused table has %d rows", len(refused))
	}
	for _, r := range refused {
		if d, ok := ParseDate(r[1]); ok {
			t.Errorf("docs/lastmod.md: %q is refused; ParseDate reads %v", r[1], d)
		}
	}
}

// writtenForms are Go layouts of the forms of docs/lastmod.md's table,
// for FuzzParseDate to write a date it read in each and read it back.
// timed is true for the forms that carry the time and zone.
var writtenForms = []struct {
	layout string
	timed  bool
}{
	{"2006-01-02", false},
	{time.RFC3339, true},
	{"2006-01-02T15:04-07:00", false},
	{"2006-01-02T15:04:05", false},
	{"2006-01-02 15:04:05 -0700", true},
	{"2006/01/02", false},
	{"Jan 02 2006", false},
	{"January 2, 2006", false},
	{"2 January 2006", false},
	{"Monday, January 2, 2006 15:04", false},
	{"Mon, 02 Jan 2006 15:04:05 -0700", true},
	{"Mon, 2 Jan 2006 15:04:05 -07:00", true},
	{"Mon Jan 02 2006 15:04:05 GMT-0700 (a zone)", true},
}

// monthWord matches an English month's name or its first three letters.
var monthWord = regexp.MustCompile(`(?i)(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)`)

// firstNumber is the first run of digits.
var firstNumber = regexp.MustCompile(`[0-9]+`)

// isoDay is a day as DateAdvice writes it.
var isoDay = regexp.MustCompile(`\d{4}-\d\d-\d\d`)

func FuzzParseDate(f *testing.F) {
	for _, s := range []string{
		"03/18/2024", "03/04/2024 10:00", "18.03.2024", "02/30/2024",
		"2022-07-08", "2022-07-08T10:00:00+02:00", "2022-07-08T10:00:00.000Z", "2022-07-08 10:00",
		"2022/07/08", "Jul 08 2022", "July 8, 2022", "8 July 2022", "Friday, July 8, 2022",
		"Fri, 08 Jul 2022 10:00:00 GMT", "Fri, 8 Jul 2022 10:00:00 +0200", "Fri, 08 Jul 2022 10:00:00 PDT",
		"Fri Jul 08 2022 10:00:00 GMT+0200 (Central European Summer Time)", "Friday, 08-Jul-22 10:00:00 GMT",
		"Fri Jul  8 10:00:00 2022", "07/08/2022", "08.07.2022", "22-07-08", "0001-01-01", "9999-12-31T23:59:59-23:59",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		defer fuzzbound.Check(t)()
		d, ok := ParseDate(s)
		advice := DateAdvice(s)
		if !ok {
			if !d.IsZero() {
				t.Fatalf("ParseDate(%q) refused it, with %v", s, d)
			}
			// Each form the advice gives is read.
			for _, iso := range isoDay.FindAllString(advice, -1) {
				if _, ok := ParseDate(iso); !ok {
					t.Fatalf("DateAdvice(%q) gives %s, which ParseDate refuses", s, iso)
				}
			}
			return
		}
		if advice != "" {
			t.Fatalf("DateAdvice(%q) advises on a date ParseDate reads", s)
		}
		if y := d.Year(); y < 1 || y > 9999 {
			t.Fatalf("ParseDate(%q) = %v: year out of range", s, d)
		}
		// In a zone: a date that gives its zone is the same instant, one
		// without is the same wall clock there.
		in, zoned, inOK := ParseDateIn(s, losAngeles)
		switch {
		case !inOK:
			t.Fatalf("ParseDateIn(%q) refused what ParseDate reads", s)
		case zoned && !in.Equal(d):
			t.Fatalf("ParseDateIn(%q) = %v, zoned, not ParseDate's %v", s, in, d)
		case !zoned && (in.Location() != losAngeles || in.Format("2006-01-02T15:04:05.999999999") != d.Format("2006-01-02T15:04:05.999999999") || d.Location() != time.UTC):
			t.Fatalf("ParseDateIn(%q) = %v, without a zone, not ParseDate's %v on the clock of Los Angeles", s, in, d)
		}
		// Nothing ambiguous: a month by name, or a four-digit year first.
		if n := firstNumber.FindString(s); len(n) != 4 && !monthWord.MatchString(s) {
			t.Fatalf("ParseDate(%q) = %v: no month name, and its first number is not a year", s, d)
		}
		// Each documented form writes the date so that it reads back.
		for _, form := range writtenForms {
			w := d.Format(form.layout)
			back, ok := ParseDate(w)
			switch {
			case !ok:
				t.Errorf("ParseDate(%q) = %v, written %q in the form %q, is refused", s, d, w, form.layout)
			case form.timed && !back.Equal(d.Truncate(time.Second)):
				t.Errorf("ParseDate(%q) = %v, written %q, reads back as %v", s, d, w, back)
			case !form.timed && back.Format(time.DateOnly) != d.Format(time.DateOnly):
				t.Errorf("ParseDate(%q) = %v, written %q, reads back as the day %v", s, d, w, back)
			}
		}
	})
}

var losAngeles = mustZone("America/Los_Angeles")

func mustZone(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return loc
}

// TestParseDateIn: a date without a zone is read in the zone given,
// one with a zone keeps it; the HTTP dates are GMT.
func TestParseDateIn(t *testing.T) {
	for _, tt := range []struct {
		in, want string
		zoned    bool
	}{
		{"2014-05-06", "2014-05-06T00:00:00-07:00", false},
		{"2014-12-06", "2014-12-06T00:00:00-08:00", false},
		{"2014-05-06 10:00", "2014-05-06T10:00:00-07:00", false},
		{"2014-05-06T10:00:00.5", "2014-05-06T10:00:00.5-07:00", false},
		{"2014/5/6", "2014-05-06T00:00:00-07:00", false},
		{"Jul 08 2022", "2022-07-08T00:00:00-07:00", false},
		{"July 8, 2022 10:30", "2022-07-08T10:30:00-07:00", false},
		{"2014-05-06T10:00:00Z", "2014-05-06T10:00:00Z", true},
		{"2014-05-06 10:00:00 +0200", "2014-05-06T10:00:00+02:00", true},
		{"2014-05-06 10:00:00 UTC", "2014-05-06T10:00:00Z", true},
		{"Jul 08 2022 10:00 EST", "2022-07-08T10:00:00-05:00", true},
		{"Wed, 07 May 2014 10:00:00 GMT", "2014-05-07T10:00:00Z", true},
		{"Wednesday, 07-May-14 10:00:00 GMT", "2014-05-07T10:00:00Z", true},
	} {
		got, zoned, ok := ParseDateIn(tt.in, losAngeles)
		want, err := time.Parse(time.RFC3339Nano, tt.want)
		if err != nil {
			t.Fatal(err)
		}
		if !ok || !got.Equal(want) || zoned != tt.zoned {
			t.Errorf("ParseDateIn(%q) = %v, zoned %v, %v; want %v, zoned %v", tt.in, got, zoned, ok, want, tt.zoned)
		}
	}
	if got, _, _ := ParseDateIn("2014-05-06", nil); !got.Equal(time.Date(2014, 5, 6, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("ParseDateIn(2014-05-06, nil) = %v, want midnight UTC", got)
	}
}

// TestDateAdvice: a date in numbers with its year last is told how to be
// written, with each day it can be; other values get no advice.
func TestDateAdvice(t *testing.T) {
	const why = ": with the year last, the day and the month come in either order (month first in the US, day first elsewhere), and sitemapgen reads neither form"
	for _, tc := range []struct{ in, want string }{
		{"03/18/2024", why + "; write it year first: 2024-03-18"},
		{"18.03.2024", why + "; write it year first: 2024-03-18"},
		{"03/04/2024 10:00", why + "; write it year first: 2024-03-04 (month first) or 2024-04-03 (day first)"},
		{"04-04-2024", why + "; write it year first: 2024-04-04"},
		{"02/30/2024", why + "; write it year first, as YYYY-MM-DD"},
		{"03/18-2024", ""},
		{"2024-03-18", ""},
		{"03/18/24", ""},
		{"yesterday", ""},
	} {
		if got := DateAdvice(tc.in); got != tc.want {
			t.Errorf("DateAdvice(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
