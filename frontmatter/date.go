package frontmatter

import (
	"strconv"
	"strings"
	"time"
)

// dateLayouts are the numeric forms of dates pages and front matter
// carry: ISO 8601 and its near kin. Each starts with a four-digit year,
// so none is ambiguous.
var dateLayouts = []string{
	time.RFC3339Nano,
	"2006-01-02T15:04:05Z0700",
	"2006-01-02T15:04Z07:00",
	"2006-01-02T15:04:05",
	"2006-01-02T15:04",
	"2006-01-02 15:04:05Z07:00",
	"2006-01-02 15:04:05 -0700",
	"2006-01-02 15:04:05 -07:00",
	"2006-01-02 15:04:05 MST",
	"2006-01-02 15:04:05",
	"2006-01-02 15:04",
	time.DateOnly,
	"2006/1/2",
	time.RFC850,
	time.ANSIC,
}

// ParseDate parses a date in the forms site generators, pages and the
// ecosystems around them write (docs/lastmod.md has the table):
//
//   - ISO 8601 as RFC 3339 has it, with or without seconds, fraction or
//     zone, a space for the T, or a date alone (2022-07-08); a year-first
//     date with slashes (2022/07/08);
//   - dates with an English month name, as JavaScript's Date, Ruby's
//     Time.parse and Go's time read them: Jul 08 2022, July 8, 2022,
//     8 July 2022, each with an optional weekday before it and an
//     optional time (15:04 or 15:04:05) and zone after it; RFC 2822 and
//     1123 (Fri, 08 Jul 2022 10:00:00 GMT, +0200) are of these, and so is
//     what Date's toString() writes (Fri Jul 08 2022 10:00:00 GMT+0200
//     (Central European Summer Time));
//   - the HTTP dates of RFC 850 and asctime.
//
// A zone is Z, UT, UTC or GMT, an offset (+0200, +02:00, GMT+0200), or one
// of RFC 2822's North American names (EST … PDT); any other name is
// refused, since its offset is unknown. A time without a zone is taken
// as UTC: JavaScript and Ruby would take the build machine's zone, which
// is nothing a sitemap can know (on CI it is UTC). A date alone is that
// day at midnight UTC, as Date reads an ISO date alone. Where the
// generator's configuration names the zone of such dates, [ParseDateIn]
// reads them in it.
//
// Nothing is guessed: a date of numbers alone must start with its
// four-digit year (07/08/2022 is refused: July 8 in the US, 7 August
// elsewhere), and a year has four digits but in RFC 850's dates.
func ParseDate(s string) (time.Time, bool) {
	t, _, ok := parseDate(s)
	return t, ok
}

// ParseDateIn is ParseDate with a date written without a zone read in
// loc, as a generator with a time zone setting reads it (Jekyll's
// timezone, Hugo's timeZone); nil is UTC. zoned reports whether s gave
// its zone; the HTTP dates of RFC 850 and asctime are GMT by definition.
func ParseDateIn(s string, loc *time.Location) (t time.Time, zoned, ok bool) {
	t, zoned, ok = parseDate(s)
	if ok && !zoned {
		t = inZone(t, loc)
	}
	return t, zoned, ok
}

// inZone returns the wall clock of t, a time read without a zone (and so
// in UTC), in loc instead; nil is UTC.
func inZone(t time.Time, loc *time.Location) time.Time {
	if loc == nil || loc == time.UTC {
		return t
	}
	return time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), loc)
}

// parseDate is ParseDate, also reporting whether s gave its zone.
func parseDate(s string) (t time.Time, zoned, ok bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, false, false
	}
	if c := s[0]; c >= '0' && c <= '9' {
		t, zoned, ok = parseLayouts(s)
		if !ok {
			t, zoned, ok = parseWritten(s)
		}
	} else {
		t, zoned, ok = parseWritten(s)
		if !ok {
			t, zoned, ok = parseLayouts(s)
		}
	}
	if !ok {
		if before, ok := leapSecond(s); ok {
			return parseDate(before)
		}
		if padded, ok := shortOffset(s); ok {
			return parseDate(padded)
		}
		return time.Time{}, false, false
	}
	if y := t.Year(); y < 1 || y > 9999 {
		return time.Time{}, false, false
	}
	return t, zoned, true
}

// leapSecond returns s with the seconds of a leap second, "hh:mm:60",
// written as the second before it, ":59": Go's time, like Unix time,
// has no 61st second, and a lastmod one second early is true enough.
// ok is false when s has no such seconds.
func leapSecond(s string) (before string, ok bool) {
	for i := 5; i+3 <= len(s); i++ {
		if s[i:i+3] != ":60" || s[i-3] != ':' || !isDigits(s[i-5:i-3]) || !isDigits(s[i-2:i]) {
			continue
		}
		if j := i + 3; j < len(s) && s[j] >= '0' && s[j] <= '9' {
			continue
		}
		return s[:i] + ":59" + s[i+3:], true
	}
	return "", false
}

// shortOffset returns s, a date and time whose zone offset has an hour
// of one digit (2026-02-01T00:00:00-6:00, -6), with that hour of two
// digits: YAML's timestamps allow it, and js-yaml and Ruby read such a
// front matter date as that instant. ok is false for any other s.
func shortOffset(s string) (string, bool) {
	i := strings.LastIndexAny(s, "+-")
	if i < len("2006-01-02T15:04") || !isDigits(s[:4]) || s[4] != '-' || !strings.Contains(s[:i], ":") {
		return "", false // not YAML's form: Jul 08 2022 10:00 +2 stays refused
	}
	hour, min, hasMin := strings.Cut(s[i+1:], ":")
	if len(hour) != 1 || !isDigits(hour) || hasMin && (len(min) != 2 || !isDigits(min)) {
		return "", false
	}
	if !hasMin {
		min = "00"
	}
	return strings.TrimRight(s[:i], " ") + s[i:i+1] + "0" + hour + ":" + min, true
}

func isDigits(s string) bool {
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// zoneless reports whether a layout of dateLayouts reads no zone. It is
// a switch, not a map, so that nothing is built at the program's start.
func zoneless(layout string) bool {
	switch layout {
	case "2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02 15:04:05",
		"2006-01-02 15:04", time.DateOnly, "2006/1/2":
		return true
	}
	return false
}

// parseLayouts parses s in one of dateLayouts.
func parseLayouts(s string) (t time.Time, zoned, ok bool) {
	for _, layout := range dateLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			t, ok := knownZone(t)
			return t, !zoneless(layout), ok
		}
	}
	return time.Time{}, false, false
}

// knownZone returns t with its zone's offset when a layout read a zone
// name: Go gives a name it does not know an offset of zero, which for
// PDT would be seven hours wrong. ok is false for a name whose offset is
// not known.
func knownZone(t time.Time) (time.Time, bool) {
	name, off := t.Zone()
	if t.Location() == time.UTC || off != 0 || name == "" {
		return t, true
	}
	off, ok := zoneName(strings.ToUpper(name))
	if !ok {
		return time.Time{}, false
	}
	return time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), zoneOf(off)), true
}

// zoneName returns the offset in seconds of a zone name RFC 2822
// defines, or of Z, given in upper case.
func zoneName(name string) (int, bool) {
	switch name {
	case "Z", "UT", "UTC", "GMT":
		return 0, true
	case "EDT":
		return -4 * 3600, true
	case "EST", "CDT":
		return -5 * 3600, true
	case "CST", "MDT":
		return -6 * 3600, true
	case "MST", "PDT":
		return -7 * 3600, true
	case "PST":
		return -8 * 3600, true
	}
	return 0, false
}

// zoneOf is the location of an offset: UTC for zero.
func zoneOf(off int) *time.Location {
	if off == 0 {
		return time.UTC
	}
	return time.FixedZone("", off)
}

// monthName returns the month an English month name in lower case
// names, in full or cut short.
func monthName(s string) (time.Month, bool) {
	switch s {
	case "jan", "january":
		return time.January, true
	case "feb", "february":
		return time.February, true
	case "mar", "march":
		return time.March, true
	case "apr", "april":
		return time.April, true
	case "may":
		return time.May, true
	case "jun", "june":
		return time.June, true
	case "jul", "july":
		return time.July, true
	case "aug", "august":
		return time.August, true
	case "sep", "sept", "september":
		return time.September, true
	case "oct", "october":
		return time.October, true
	case "nov", "november":
		return time.November, true
	case "dec", "december":
		return time.December, true
	}
	return 0, false
}

// weekdayName reports whether s, in lower case, is an English weekday
// name, in full or cut short.
func weekdayName(s string) bool {
	switch s {
	case "mon", "tue", "wed", "thu", "fri", "sat", "sun",
		"monday", "tuesday", "wednesday", "thursday", "friday",
		"saturday", "sunday", "tues", "thur", "thurs":
		return true
	}
	return false
}

// parseWritten parses a date with an English month name:
//
//	[WEEKDAY[,]] (MONTH DAY[,] YEAR | DAY MONTH[,] YEAR) [HH:MM[:SS] [ZONE] [(COMMENT)]]
//
// with a four-digit year, a day of one or two digits, and ZONE as
// [ParseDate] says. The weekday is not checked against the date, as
// Date and RFC 2822's readers do not.
func parseWritten(s string) (t time.Time, zoned, ok bool) {
	// A comment in parentheses may end it (Date's toString()).
	if i := strings.IndexByte(s, '('); i >= 0 {
		if !strings.HasSuffix(s, ")") || strings.ContainsAny(s[i+1:len(s)-1], "()") {
			return time.Time{}, false, false
		}
		s = strings.TrimSpace(s[:i])
		if s == "" {
			return time.Time{}, false, false
		}
	}
	f := strings.Fields(s)
	// A comma may end the weekday, and the day before a year.
	comma := func(i int) string {
		w, _ := strings.CutSuffix(f[i], ",")
		return w
	}
	i := 0
	if len(f) > 0 && weekdayName(strings.ToLower(comma(0))) {
		i++
	}
	if len(f)-i < 3 {
		return time.Time{}, false, false
	}
	var (
		month time.Month
		dayS  string
	)
	if month, ok = monthName(strings.ToLower(f[i])); ok {
		dayS = comma(i + 1) // Jul 08 2022, July 8, 2022
	} else if month, ok = monthName(strings.ToLower(comma(i + 1))); ok {
		dayS = f[i] // 8 July 2022, Fri, 08 Jul 2022
		if strings.HasSuffix(f[i], ",") {
			return time.Time{}, false, false
		}
	} else {
		return time.Time{}, false, false
	}
	if strings.HasSuffix(f[i], ",") {
		return time.Time{}, false, false
	}
	day, ok := digits(dayS, 1, 2)
	if !ok {
		return time.Time{}, false, false
	}
	year, ok := digits(f[i+2], 4, 4)
	if !ok {
		return time.Time{}, false, false
	}
	rest := f[i+3:]
	var hour, minute, sec, off int
	if len(rest) > 0 {
		if hour, minute, sec, ok = clock(rest[0]); !ok {
			return time.Time{}, false, false
		}
		rest = rest[1:]
		if len(rest) > 0 {
			if off, ok = zoneOffset(rest[0]); !ok {
				return time.Time{}, false, false
			}
			zoned = true
			rest = rest[1:]
		}
	}
	if len(rest) > 0 {
		return time.Time{}, false, false
	}
	t = time.Date(year, month, day, hour, minute, sec, 0, zoneOf(off))
	if t.Day() != day || t.Month() != month {
		return time.Time{}, false, false // 31 June
	}
	return t, zoned, true
}

// digits returns s as a number of min to max ASCII digits.
func digits(s string, min, max int) (int, bool) {
	if len(s) < min || len(s) > max {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// clock parses HH:MM or HH:MM:SS (the hour of one digit or two).
func clock(s string) (h, m, sec int, ok bool) {
	parts := strings.Split(s, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return 0, 0, 0, false
	}
	h, ok1 := digits(parts[0], 1, 2)
	m, ok2 := digits(parts[1], 2, 2)
	ok3 := true
	if len(parts) == 3 {
		sec, ok3 = digits(parts[2], 2, 2)
	}
	if !ok1 || !ok2 || !ok3 || h > 23 || m > 59 || sec > 59 {
		return 0, 0, 0, false
	}
	return h, m, sec, true
}

// zoneOffset parses a zone: a name zoneName knows, +hhmm, +hh:mm, or
// GMT+hhmm and UTC+hhmm (Date's toString()); in seconds east of UTC.
func zoneOffset(s string) (int, bool) {
	if off, ok := zoneName(strings.ToUpper(s)); ok {
		return off, true
	}
	for _, p := range []string{"GMT", "UTC", "UT"} {
		if len(s) > len(p) && strings.EqualFold(s[:len(p)], p) {
			s = s[len(p):]
			break
		}
	}
	if len(s) < 1 || s[0] != '+' && s[0] != '-' {
		return 0, false
	}
	sign, num := 1, s[1:]
	if s[0] == '-' {
		sign = -1
	}
	if len(num) == 5 && num[2] == ':' {
		num = num[:2] + num[3:]
	}
	if len(num) != 4 {
		return 0, false
	}
	hh, ok1 := digits(num[:2], 2, 2)
	mm, ok2 := digits(num[2:], 2, 2)
	if !ok1 || !ok2 || hh > 23 || mm > 59 {
		return 0, false
	}
	return sign * (hh*3600 + mm*60), true
}
