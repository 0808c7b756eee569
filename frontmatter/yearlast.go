package frontmatter

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/lazyre"
)

// yearLastRE is a date in numbers with its year last: one or two digits,
// a separator, one or two digits, the same separator, four digits, then
// the end or a time after a space or a T.
var yearLastRE = lazyre.MustCompile(`^(\d{1,2})([/.-])(\d{1,2})([/.-])(\d{4})((?:[ T].*)?)$`)

// YearLast splits a date written in numbers with its year last, as
// 03/18/2024, 18.03.2024 or 03-18-2024 10:00 are: the two numbers before
// the year in their order, the year, and what follows the date (a time,
// a zone; "" for none). ok is false for any other form. ParseDate reads
// none of these, since the day and the month come in either order; a
// generator that reads them in an order of its own (Pelican, with
// dateutil) uses YearLast to read them as it does.
func YearLast(s string) (first, second, year int, rest string, ok bool) {
	m := yearLastRE().FindStringSubmatch(strings.TrimSpace(s))
	if m == nil || m[2] != m[4] {
		return 0, 0, 0, "", false
	}
	first, _ = strconv.Atoi(m[1])
	second, _ = strconv.Atoi(m[3])
	year, _ = strconv.Atoi(m[5])
	return first, second, year, m[6], true
}

// DateAdvice says why s, a date written in numbers with its year last, is
// not read, and how to write it so that it is, as the end of a message
// that s "is not a date": ": with the year last, the day and the month
// …; write it year first: 2024-03-18". It gives both readings when s has
// two ("03/04/2024"). It is "" for a value of any other form.
func DateAdvice(s string) string {
	a, b, y, _, ok := YearLast(s)
	if !ok {
		return ""
	}
	var readings []string
	if d, ok := dayOf(y, a, b); ok {
		readings = append(readings, d)
	}
	if d, ok := dayOf(y, b, a); ok && a != b {
		readings = append(readings, d)
	}
	msg := ": with the year last, the day and the month come in either order (month first in the US, day first elsewhere), and sitemapgen reads neither form"
	switch len(readings) {
	case 0:
		return msg + "; write it year first, as YYYY-MM-DD"
	case 1:
		return msg + "; write it year first: " + readings[0]
	}
	return msg + "; write it year first: " + readings[0] + " (month first) or " + readings[1] + " (day first)"
}

// dayOf returns the date of year y, month m and day d as YYYY-MM-DD, and
// false when there is no such day.
func dayOf(y, m, d int) (string, bool) {
	if y < 1 || m < 1 || m > 12 || d < 1 {
		return "", false
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	if t.Day() != d {
		return "", false
	}
	return fmt.Sprintf("%04d-%02d-%02d", y, m, d), true
}
