package sitemap

import (
	"math"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/sitemapgen/sitemapgen/internal/diag"
)

func TestParseChangeFreq(t *testing.T) {
	for i, name := range ChangeFreqNames {
		cf, err := ParseChangeFreq(name)
		if err != nil || cf != ChangeFreq(i+1) || cf.String() != name {
			t.Errorf("ParseChangeFreq(%q) = %v (%q), %v", name, cf, cf, err)
		}
	}
	for _, bad := range []string{"", "sometimes", "Daily", " daily", "weekly\n"} {
		if _, err := ParseChangeFreq(bad); err == nil {
			t.Errorf("ParseChangeFreq(%q): no error", bad)
		}
	}
	var unset ChangeFreq
	if unset.String() != "" || ChangeFreq(200).String() != "" {
		t.Errorf("unset or out-of-range ChangeFreq has a name")
	}
}

// TestParseErrorsBounded: the error of a value a megabyte long, or
// holding a line break, quotes an excerpt of it on one line.
func TestParseErrorsBounded(t *testing.T) {
	for _, v := range []string{strings.Repeat("x", 1<<20), "x\n::error::PWNED\r\x1b[2J\a\x00"} {
		_, err1 := ParseChangeFreq(v)
		_, err2 := ParsePriority(v)
		for _, err := range []error{err1, err2} {
			if err == nil || len(err.Error()) > 200 || strings.ContainsFunc(err.Error(), unicode.IsControl) {
				t.Errorf("error of %d bytes, or with a control character: %.200q", len(err.Error()), err)
			}
		}
	}
}

func TestPriority(t *testing.T) {
	tests := []struct {
		in   float64
		want string
	}{
		{0, "0.0"},
		{1, "1.0"},
		{0.5, "0.5"},
		{0.8, "0.8"},
		{0.25, "0.25"},
		{0.125, "0.125"},
		{0.3333, "0.333"},
		{0.9999, "1.0"},
		{0.05, "0.05"},
		{0.001, "0.001"},
	}
	for _, tt := range tests {
		p, err := PriorityOf(tt.in)
		if err != nil {
			t.Errorf("PriorityOf(%v): %v", tt.in, err)
			continue
		}
		if got := p.String(); got != tt.want || !p.IsSet() {
			t.Errorf("PriorityOf(%v) = %q (set %v), want %q", tt.in, got, p.IsSet(), tt.want)
		}
	}
	for _, bad := range []float64{-0.1, 1.0001, 1.5, math.NaN(), math.Inf(1)} {
		if _, err := PriorityOf(bad); err == nil {
			t.Errorf("PriorityOf(%v): no error", bad)
		}
	}
	if _, err := ParsePriority("high"); err == nil {
		t.Error(`ParsePriority("high"): no error`)
	}
	if p, err := ParsePriority("0.7"); err != nil || p.String() != "0.7" || p.Float() != 0.7 {
		t.Errorf(`ParsePriority("0.7") = %v, %v`, p, err)
	}
	var unset Priority
	if unset.IsSet() || unset.String() != "" {
		t.Error("zero Priority is set")
	}
	if p, _ := PriorityOf(0.5); p != DefaultPriority {
		t.Errorf("PriorityOf(0.5) = %#v, want DefaultPriority", p)
	}
}

func TestAppendLastMod(t *testing.T) {
	utc := time.Date(2024, 5, 1, 9, 30, 15, 999, time.UTC)
	plus := time.Date(2024, 5, 1, 23, 30, 0, 0, time.FixedZone("", 2*3600))
	tests := []struct {
		name string
		t    time.Time
		f    DateFormat
		want string
	}{
		{"utc datetime", utc, DateTime, "2024-05-01T09:30:15Z"},
		{"utc date", utc, Date, "2024-05-01"},
		{"offset kept", plus, DateTime, "2024-05-01T23:30:00+02:00"},
		{"date in own zone", plus, Date, "2024-05-01"},
		{"zero", time.Time{}, DateTime, ""},
		{"year 10000", time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), DateTime, ""},
		{"year 0", time.Date(0, 6, 1, 0, 0, 0, 0, time.UTC), Date, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(AppendLastMod([]byte("x"), tt.t, tt.f)); got != "x"+tt.want {
				t.Errorf("got %q, want %q", got, "x"+tt.want)
			}
		})
	}
}

func TestParseDateFormat(t *testing.T) {
	for _, s := range []string{"date", "datetime"} {
		f, err := ParseDateFormat(s)
		if err != nil || f.String() != s {
			t.Errorf("ParseDateFormat(%q) = %v, %v", s, f, err)
		}
	}
	if _, err := ParseDateFormat("iso"); err == nil {
		t.Error(`ParseDateFormat("iso"): no error`)
	}
}

func TestCheckLoc(t *testing.T) {
	long := "https://example.com/" + strings.Repeat("a", MaxLocLength-len("https://example.com/"))
	tests := []struct {
		loc string
		ok  bool
	}{
		{"https://example.com/", true},
		{"http://example.com/a%20b", true},
		{long[:MaxLocLength-1], true},
		{long, false}, // exactly 2,048: the protocol wants fewer
		{"/relative/", false},
		{"example.com/", false},
		{"https:///path", false},
		{"ftp://example.com/", false},
		{"https://example.com/a b", false},
		{"https://example.com/café", false},
	}
	for _, tt := range tests {
		if err := CheckLoc(tt.loc); (err == nil) != tt.ok {
			t.Errorf("CheckLoc(%.40q) = %v, want ok=%v", tt.loc, err, tt.ok)
		}
	}
}

func TestLastMods(t *testing.T) {
	day := time.Date(2024, 5, 1, 9, 30, 0, 0, time.UTC)
	urls := Slice{{Loc: "https://example.com/a", LastMod: day}, {Loc: "https://example.com/b"}}
	for _, tt := range []struct {
		f    DateFormat
		want string
	}{{DateTime, "2024-05-01T09:30:00Z"}, {Date, "2024-05-01"}} {
		got := LastMods(urls, tt.f)
		if len(got) != 2 || got["https://example.com/a"] != tt.want || got["https://example.com/b"] != "" {
			t.Errorf("%v: %q", tt.f, got)
		}
	}
}

// TestURLBytesIsLoc: a message shows whole (diag.URL) every URL a
// sitemap may list.
func TestURLBytesIsLoc(t *testing.T) {
	if diag.URLBytes != MaxLocLength {
		t.Errorf("diag.URLBytes = %d, want MaxLocLength, %d", diag.URLBytes, MaxLocLength)
	}
}
