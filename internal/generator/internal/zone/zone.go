// Package zone holds what the generators that read dates in a time zone
// of their configuration share (Hugo's timeZone, Jekyll's timezone): the
// zones loaded once, and the message about a name the zone database does
// not know.
package zone

import (
	"strings"
	"sync"
	"time"
	_ "time/tzdata" // Jekyll's timezone and Hugo's timeZone name IANA zones; not every system has the database (400 KB)
)

// locations caches time.LoadLocation, which reads the zone database
// each time: a name's location, or its error.
var locations sync.Map // name → loaded

// loaded is what time.LoadLocation gave a name.
type loaded struct {
	loc *time.Location
	err error
}

// Load is time.LoadLocation, cached, a name it does not know as well.
func Load(name string) (*time.Location, error) {
	if v, ok := locations.Load(name); ok {
		l := v.(loaded)
		return l.loc, l.err
	}
	loc, err := time.LoadLocation(name)
	locations.Store(name, loaded{loc, err})
	return loc, err
}

// Unknown is the message about a zone name, set by key, that
// time.LoadLocation does not know.
func Unknown(key, name string) string {
	return key + ": " + Quote(name) + " is not a time zone of the IANA database; dates without a zone are read as UTC"
}

// Quote quotes a zone name for a message.
func Quote(name string) string { return `"` + strings.ReplaceAll(name, `"`, `\"`) + `"` }
