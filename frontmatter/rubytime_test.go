package frontmatter

import (
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// rubyDates are dates of front matter as Jekyll sites write them, and
// others Time.parse reads or refuses: TestRubyTime holds rubyTime to
// Ruby's own reading of each.
var rubyDates = []string{
	// Issue 97, item 17: a year and a zone after the time, which
	// Time.parse passes over, the zone with it.
	"2023-01-29 18:30:22 2023 -0800",
	"2023-01-29 18:30:22 2024 -0800",
	"2023-01-29T18:30:22 2023 -0800",
	"2023-01-29 18:30 2023 -0800",
	"2023-01-29 2023 -0800",
	// A zone right after the time: numbers, Time's names, the site's own
	// zone's name, and those it does not know (the site's zone then).
	"2023-01-29 18:30:22 -0800", "2023-01-29 18:30:22 -08:00", "2023-01-29 18:30:22 -08",
	"2023-01-29 18:30:22 -8", "2023-01-29 18:30:22 +05:30", "2023-01-29 18:30:22 +01:00:30",
	"2023-01-29 18:30:22 +0100 2023", "2023-01-29 18:30:22 PST 2023", "2023-01-29 18:30:22 pdt",
	"2023-01-29 18:30:22 utc", "2023-01-29 18:30:22 Z", "2023-01-29T18:30:22Z", "2023-01-29 18:30:22 J",
	"2023-01-29 18:30:22 CET", "2023-07-29 18:30:22 CEST", "2023-01-29 18:30:22 GMT+0200", "2023-01-29 18:30:22 UTC+1",
	"2023-01-29 18:30:22 Pacific Standard Time", "2023-01-29 00:30:22 +0100", "2023-12-31 23:30:00 -0800",
	"2023-01-29 18:30:22 foo", "2023-01-29 18:30:22 Foo Bar",
	// Words and numbers around the date.
	"2023-01-29 foo", "Sun 2023-01-29 10:00", "Sun 2023-01-29 6pm", "Sunday, 2023-01-29 10:00", "2023-01-29 (updated)",
	"2023-01-29 5", "2023-01-29 25", "2023-1-9", "  2023-01-29  ", "2023-01-29,10:00",
	// Times of other forms.
	"2023-01-29 6pm", "2023-01-29 6 pm", "2023-01-29 12am", "2023-01-29 12:30 p.m.", "2023-01-29 18h30",
	"2023-01-29 18h30m15s", "2023-01-29 10:00:00.123456789 +05:30", "2023-01-29 10:00:00,5",
	"2023-01-29 24:00", "2023-01-29 10:59:60",
	// What Ruby's Time refuses, and Jekyll with it.
	"2023-13-01", "2023-00-10", "2023-01-32", "2023-01-00", "2023-01-29 24:30", "2023-01-29 25:00",
	"2023-01-29 10:60", "2023-01-29 10:59:61", "hello",
	// Read another way, which rubyTime leaves to ParseDate.
	"2023-02-30", "2023-02-30 10:00 -0800", "2023-01-29 decent", "2023-01-29 march", "2023-01-29 bc", "'23-01-29",
	"Jan 29 2023", "29/01/2023", "10:00", "2023-01-29 10:00 Déc",
}

// TestRubyTime reads rubyDates with Ruby's Time.parse, in three zones
// (a site's timezone, which Jekyll sets as the process's), and holds
// rubyTime to it: each date it reads is Ruby's instant, each it refuses
// Ruby refuses. The dates it leaves to ParseDate are counted, and the
// issue's date is read.
func TestRubyTime(t *testing.T) {
	ruby := testtool.Program(t, "ruby", "apt-get install ruby (jekyll depends on it)")
	const script = `require "time"; require "json"
JSON.parse(STDIN.read).each do |s|
  begin
    puts Time.parse(s).utc.iso8601(9)
  rescue ArgumentError
    puts "refused"
  end
end`
	input, err := json.Marshal(rubyDates)
	if err != nil {
		t.Fatal(err)
	}
	for _, zone := range []string{"UTC", "America/Los_Angeles", "Europe/Berlin"} {
		loc, err := time.LoadLocation(zone)
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(ruby, "-e", script)
		cmd.Env = append(os.Environ(), "TZ="+zone)
		cmd.Stdin = strings.NewReader(string(input))
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("ruby: %v", err)
		}
		theirs := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
		if len(theirs) != len(rubyDates) {
			t.Fatalf("ruby answered %d lines for %d dates", len(theirs), len(rubyDates))
		}
		read := 0
		for i, s := range rubyDates {
			got, _, v := rubyTime(s, loc)
			switch {
			case v == rubyRead && theirs[i] == "refused":
				t.Errorf("%s: %q read as %v; Ruby refuses it", zone, s, got)
			case v == rubyRead && got.UTC().Format("2006-01-02T15:04:05.000000000Z") != theirs[i]:
				t.Errorf("%s: %q read as %v; Ruby reads %s", zone, s, got.UTC(), theirs[i])
			case v == rubyRefused && theirs[i] != "refused":
				t.Errorf("%s: %q refused; Ruby reads %s", zone, s, theirs[i])
			}
			if v == rubyRead {
				read++
			}
		}
		if got, _, v := rubyTime(rubyDates[0], loc); v != rubyRead || got.Format("15:04:05") != "18:30:22" || got.Location() != loc {
			t.Errorf("%s: %q: %v, %d; want 18:30:22 in the site's zone", zone, rubyDates[0], got, v)
		}
		t.Logf("%s: %d of %d dates read as Ruby reads them", zone, read, len(rubyDates))
		if read < len(rubyDates)*2/3 {
			t.Errorf("%s: %d of %d dates read; the others left to ParseDate", zone, read, len(rubyDates))
		}
	}
}

// FuzzRubyTime: rubyTime never panics, reads a string the same way
// each time, and a date it reads is of a year ParseDate takes, in the
// zone given where the string gives none Time knows; spaces around the
// string change nothing.
func FuzzRubyTime(f *testing.F) {
	for _, s := range rubyDates {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		defer fuzzbound.Check(t)()
		got, zoned, v := rubyTime(s, losAngeles)
		again, zonedAgain, vAgain := rubyTime(" "+s+"\t", losAngeles)
		if v != vAgain || !got.Equal(again) || zoned != zonedAgain {
			t.Fatalf("rubyTime(%q) = %v %v %d; with spaces around it %v %v %d", s, got, zoned, v, again, zonedAgain, vAgain)
		}
		switch {
		case v != rubyRead && !got.IsZero():
			t.Fatalf("rubyTime(%q) = %v, but says %d", s, got, v)
		case v == rubyRead && (got.Year() < 1 || got.Year() > 9999):
			t.Fatalf("rubyTime(%q) = %v: year out of range", s, got)
		case v == rubyRead && !zoned && got.Location() != losAngeles:
			t.Fatalf("rubyTime(%q) = %v: no zone, but not in the zone given", s, got)
		}
	})
}
