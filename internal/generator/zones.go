package generator

import (
	"time"
)

// Zoned is implemented by presets whose generator reads a date written
// without a zone (2024-05-06, 2024-05-06 10:00, a post's file name) in a
// time zone its configuration names: Jekyll's timezone, Hugo's timeZone
// (also per language). The others read such dates as UTC: Eleventy
// (Luxon in UTC, js-yaml's timestamps) and Hugo without timeZone always;
// Astro, Docusaurus and the other JavaScript generators as JavaScript's
// Date does, a date alone as UTC and a date and time in the build
// machine's zone, which a sitemap cannot know (it is UTC on most CI
// machines); MkDocs and Sphinx date nothing themselves.
type Zoned interface {
	// Zone returns the time zone of the dates written without one in
	// the source file at rel, and the setting that names it
	// ("_config.yml timezone"); nil when the configuration names none
	// or a zone that is not known (UTC).
	Zone(rel string) (loc *time.Location, from string)
	// ZoneWarnings are the zones of the configuration that are not
	// known, each at its file and line: those dates are read as UTC.
	ZoneWarnings() []error
}
