package frontmatter

import (
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/lazyre"
)

// Jekyll reads a date of front matter that its YAML reader leaves a
// string (a quoted date, or one that is no YAML timestamp, such as
// "2023-01-29 18:30:22 2023 -0800") with Ruby's Time.parse (its
// Utils.parse_date). Time.parse takes the pieces of a date and a time it
// finds in the text (Date._parse) and passes over the rest; a zone it
// does not know leaves the time in the machine's zone, which Jekyll sets
// to the site's timezone. rubyTime reads such a string as Time.parse
// does, for the dates whose date is written year first
// (YYYY-MM-DD), the forms site generators write: Date._parse's first
// steps (a weekday's name, then a time with its zone, then the date)
// ported from Ruby's date library (ext/date/date_parse.c), and
// Time.parse's making of the time (lib/time.rb, make_time and
// zone_offset). A string of another form (a month's name, a date
// without its year first, a year of other than four digits, before
// Christ, not ASCII) is not read here: ParseDateIn reads it as before.

// rubyVerdict is what rubyTime says of a string.
type rubyVerdict uint8

const (
	rubyOther   rubyVerdict = iota // a form rubyTime does not read: ParseDateIn's
	rubyRead                       // read as Time.parse reads it
	rubyRefused                    // Time.parse refuses it ("mon out of range"), and so does Jekyll
)

var (
	// rubyDayRE is Date._parse's parse_day: a weekday's name, which
	// Time.parse passes over once a date is given.
	rubyDayRE = lazyre.MustCompile(`(?i)^(?:sun|mon|tue|wed|thu|fri|sat)[^-/\d\s]*`)
	// rubyTimeRE is parse_time, anchored where a number starts: a time
	// (10:30, 10:30:22.5, 10h30m, 6pm) and the zone right after it
	// (-0800, GMT+2, PST, Pacific Standard Time).
	rubyTimeRE = lazyre.MustCompile(`(?i)^(\d+\s*(?:(?::\s*\d+(?:\s*:\s*\d+(?:[,.]\d*)?)?|h(?:\s*\d+m?(?:\s*\d+s?)?)?)(?:\s*[ap](?:m\b|\.m\.))?|[ap](?:m\b|\.m\.)))(?:\s*((?:gmt|utc?)?[-+]\d+(?:[,.:]\d+(?::\d+)?)?|[[:alpha:].\s]+(?:standard|daylight)\stime\b|[[:alpha:]]+(?:\sdst)?\b))?`)
	// rubyClockRE is parse_time_cb's reading of the time it found.
	rubyClockRE = lazyre.MustCompile(`(?i)^(\d+)h?(?:\s*:?\s*(\d+)m?(?:\s*:?\s*(\d+)(?:[,.](\d+))?s?)?)?(?:\s*([ap])(?:m\b|\.m\.))?`)
	// rubyISORE is parse_iso, anchored where it may start.
	rubyISORE = lazyre.MustCompile(`^('?[-+]?)(\d+)-(\d+)-('?-?\d+)`)
	// rubyMonthRE finds a month's name, which parse_eu and parse_us,
	// tried before parse_iso, read.
	rubyMonthRE = lazyre.MustCompile(`(?i)jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec`)
	// rubyBCRE is parse_bc.
	rubyBCRE = lazyre.MustCompile(`(?i)\b(?:bc\b|bce\b|b\.c\.|b\.c\.e\.)`)
	// rubyFragRE is parse_frag: a lone number left, an hour.
	rubyFragRE = lazyre.MustCompile(`^\s*(\d{1,2})\s*$`)
	// rubyOffsetRE and rubyHoursRE are zone_offset's numeric zones.
	rubyOffsetRE = lazyre.MustCompile(`^([+-])(\d\d)(:?)(\d\d)(?:(:?)(\d\d))?$`)
	rubyHoursRE  = lazyre.MustCompile(`^[+-]\d\d$`)
)

// rubyMaxLen is the longest string rubyTime reads.
const rubyMaxLen = 256

// rubyZones is Time::ZoneOffset: the zones Time.parse knows by name, in
// hours east of UTC, military letters included.
var rubyZones = map[string]int{
	"UTC": 0, "Z": 0, "UT": 0, "GMT": 0,
	"EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6, "PST": -8, "PDT": -7,
	"A": 1, "B": 2, "C": 3, "D": 4, "E": 5, "F": 6, "G": 7, "H": 8, "I": 9, "K": 10, "L": 11, "M": 12,
	"N": -1, "O": -2, "P": -3, "Q": -4, "R": -5, "S": -6, "T": -7, "U": -8, "V": -9, "W": -10, "X": -11, "Y": -12,
}

// rubyTime reads s as Ruby's Time.parse does, in the zone loc (nil is
// UTC) where s gives none Time.parse knows. zoned says s gave its zone.
// See the comment above rubyVerdict for the forms it reads.
func rubyTime(s string, loc *time.Location) (t time.Time, zoned bool, v rubyVerdict) {
	if len(s) > rubyMaxLen {
		return time.Time{}, false, rubyOther // no date is that long; read no further
	}
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return time.Time{}, false, rubyOther // Ruby's classes of letters are Unicode's
		}
	}
	b := []byte(rubyNormalize(s))
	// parse_day, then parse_time: each takes the first it finds, and
	// blanks it out for the next.
	c := rubyClock{hour: -1}
	rubyTake(b, rubyDayRE(), wordStart, nil)
	rubyTake(b, rubyTimeRE(), numberStart, func(m []string) { c.read(m[1], m[2]) })
	if rubyMonthRE().Match(b) {
		return time.Time{}, false, rubyOther // parse_eu or parse_us reads it
	}
	var date []string
	rubyTake(b, rubyISORE(), isoStart, func(m []string) { date = m })
	if date == nil || date[1] != "" || len(date[2]) != 4 || len(date[3]) > 2 || len(date[4]) > 2 || !isDigits(date[4]) {
		return time.Time{}, false, rubyOther // not the forms read here
	}
	if rubyBCRE().Match(b) {
		return time.Time{}, false, rubyOther
	}
	if m := rubyFragRE().FindSubmatch(b); m != nil && c.hour < 0 {
		if n, _ := strconv.Atoi(string(m[1])); n <= 24 {
			c.hour = n // parse_frag: a lone number beside a date is its hour
		}
	}
	year, _ := strconv.Atoi(date[2])
	if year < 1 {
		return time.Time{}, false, rubyOther // a year ParseDate refuses too
	}
	mon, _ := strconv.Atoi(date[3])
	day, _ := strconv.Atoi(date[4])
	return c.time(year, mon, day, loc)
}

// rubyNormalize is Date._parse's first step: each run of characters
// other than letters, digits and -+',./:@[] is one space.
func rubyNormalize(s string) string {
	var out strings.Builder
	space := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-+',./:@[]", c) >= 0 {
			out.WriteByte(c)
			space = false
		} else if !space {
			out.WriteByte(' ')
			space = true
		}
	}
	return out.String()
}

// rubyTake finds the first match of re, which is anchored, in b at a
// place where starts says Ruby's pattern may start, and blanks it out
// with spaces, as Ruby's subx puts one space in its place: the text
// around it is read the same. It gives the match's groups to take.
func rubyTake(b []byte, re *regexp.Regexp, starts func(b []byte, i int) bool, take func([]string)) {
	for i := range b {
		if !starts(b, i) {
			continue
		}
		loc := re.FindSubmatchIndex(b[i:])
		if loc == nil {
			continue
		}
		if take != nil {
			m := make([]string, len(loc)/2)
			for g := range m {
				if loc[2*g] >= 0 {
					m[g] = string(b[i+loc[2*g] : i+loc[2*g+1]])
				}
			}
			take(m)
		}
		for j := i + loc[0]; j < i+loc[1]; j++ {
			b[j] = ' '
		}
		return
	}
}

// wordStart says where parse_day's \b may start a match: not after a
// letter, digit or underscore.
func wordStart(b []byte, i int) bool { return i == 0 || !isWordByte(b[i-1]) }

// numberStart says where a pattern that opens with Ruby's (?<!\d)\d
// may start a match: at a digit not after one.
func numberStart(b []byte, i int) bool {
	return isDigitByte(b[i]) && (i == 0 || !isDigitByte(b[i-1]))
}

// isoStart says where parse_iso may start a match: where a number
// starts, or at the apostrophe or sign its year may have, which stands
// before the year's first digit in place of the digit (?<!\d) rules out.
func isoStart(b []byte, i int) bool {
	return numberStart(b, i) || strings.IndexByte("'-+", b[i]) >= 0
}

func isDigitByte(c byte) bool { return '0' <= c && c <= '9' }

func isWordByte(c byte) bool {
	return isDigitByte(c) || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_'
}

// rubyClock is the time of day Date._parse found (hour -1 where it
// found none), and its zone as written.
type rubyClock struct {
	hour, min, sec, nsec int
	zone                 string
}

// read takes the time text and the zone zone that parse_time found, as
// parse_time_cb reads them: an hour of am or pm is of 12.
func (c *rubyClock) read(text, zone string) {
	c.zone = zone
	m := rubyClockRE().FindStringSubmatch(text)
	if m == nil {
		return // parse_time's match is always of this form
	}
	c.hour, _ = strconv.Atoi(m[1])
	switch m[5] {
	case "a", "A":
		c.hour %= 12
	case "p", "P":
		c.hour = c.hour%12 + 12
	}
	if m[2] != "" {
		c.min, _ = strconv.Atoi(m[2])
	}
	if m[3] != "" {
		c.sec, _ = strconv.Atoi(m[3])
	}
	if f := m[4]; f != "" {
		f = (f + "000000000")[:9]
		c.nsec, _ = strconv.Atoi(f)
	}
}

// time makes the time Time.parse makes of the date and c: at its zone's
// offset where Time.parse knows it, else in loc. It refuses what Ruby's
// Time refuses (a month past 12, an hour past 24, a minute past 59).
func (c *rubyClock) time(year, mon, day int, loc *time.Location) (time.Time, bool, rubyVerdict) {
	hour := max(c.hour, 0)
	switch {
	case mon < 1 || mon > 12 || day < 1 || day > 31 || hour > 24 || c.min > 59 || c.sec > 60:
		return time.Time{}, false, rubyRefused
	case hour == 24 && (c.min > 0 || c.sec > 0):
		return time.Time{}, false, rubyRefused
	case hour == 24 && c.nsec > 0:
		return time.Time{}, false, rubyOther
	}
	if loc == nil {
		loc = time.UTC
	}
	off, known := rubyZoneOffset(c.zone, year, loc)
	if !known {
		return time.Date(year, time.Month(mon), day, hour, c.min, c.sec, c.nsec, loc), false, rubyRead
	}
	if day > daysIn(year, time.Month(mon)) {
		return time.Time{}, false, rubyOther // its apply_offset turns such a day otherwise
	}
	t := time.Date(year, time.Month(mon), day, hour, c.min, c.sec, c.nsec, time.UTC).Add(-time.Duration(off) * time.Second)
	return t.In(time.FixedZone("", off)), true, rubyRead
}

// daysIn returns the number of days of the month m of year.
func daysIn(year int, m time.Month) int {
	return time.Date(year, m+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// rubyZoneOffset is Time.zone_offset: the offset, in seconds east of
// UTC, of the zone as written: a numeric one (+0100, -08:00, +05), one
// of Time's names, or the name of loc's zone on January 1 or July 1 of
// year. known is false for another (GMT+2, CET in another zone), and for
// none.
func rubyZoneOffset(zone string, year int, loc *time.Location) (off int, known bool) {
	if zone == "" {
		return 0, false
	}
	zone = strings.ToUpper(zone)
	if m := rubyOffsetRE().FindStringSubmatch(zone); m != nil && (m[6] == "" || m[5] == m[3]) {
		h, _ := strconv.Atoi(m[2])
		mi, _ := strconv.Atoi(m[4])
		sec, _ := strconv.Atoi(m[6])
		off = (h*60+mi)*60 + sec
		if m[1] == "-" {
			off = -off
		}
		return off, true
	}
	if rubyHoursRE().MatchString(zone) {
		h, _ := strconv.Atoi(zone)
		return h * 3600, true
	}
	if h, ok := rubyZones[zone]; ok {
		return h * 3600, true
	}
	for _, m := range []time.Month{time.January, time.July} {
		if name, off := time.Date(year, m, 1, 0, 0, 0, 0, loc).Zone(); strings.ToUpper(name) == zone {
			return off, true
		}
	}
	return 0, false
}
