package frontmatter

import (
	"strings"
	"time"
)

// dateLayouts are the forms of dates pages and front matter carry.
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
	time.RFC1123,
	time.RFC1123Z,
	time.RFC850,
	time.ANSIC,
}

// ParseDate parses a date in any of the forms site generators and pages
// use: RFC 3339 with or without seconds, fraction or zone, a space for the
// T, a date alone, or an HTTP date. A time without a zone is taken as UTC.
func ParseDate(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	for _, layout := range dateLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			if y := t.Year(); y < 1 || y > 9999 {
				return time.Time{}, false
			}
			return t, true
		}
	}
	return time.Time{}, false
}
