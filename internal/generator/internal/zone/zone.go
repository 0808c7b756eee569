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
// each time.
var locations sync.Map // name → *time.Location

// Load is time.LoadLocation, cached.
func Load(name string) (*time.Location, error) {
	if v, ok := locations.Load(name); ok {
		return v.(*time.Location), nil
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, err
	}
	locations.Store(name, loc)
	return loc, nil
}

// Unknown is the message about a zone name, set by key, that
// time.LoadLocation does not know.
func Unknown(key, name string) string {
	return key + ": " + Quote(name) + " is not a time zone of the IANA database; dates without a zone are read as UTC"
}

// Quote quotes a zone name for a message.
func Quote(name string) string { return `"` + strings.ReplaceAll(name, `"`, `\"`) + `"` }
