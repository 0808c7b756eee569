package peer

// The options of robots.txt that peers write: robots: true, and the
// notes of next-sitemap's (internal/peer/nextsitemap) that internal/cli
// reads: the hook of transformRobotsTxt, and the rules and Sitemap:
// lines a robots.txt of the site's own carries.

// Robots maps an option that has the peer write robots.txt: --robots.
func Robots(m *Mapper, v any) {
	if b, ok := m.Bool(v); ok {
		m.Set("robots", b)
	}
}

// RobotsHookNote begins the note of robotsTxtOptions' transformRobotsTxt,
// a function that is to become a robots_transform command, which a
// build runs only with --allow-commands (init's steps of the switch say
// so).
const RobotsHookNote = "transformRobotsTxt is a function"

// RobotsNote begins the note of robotsTxtOptions whose rules and
// Sitemap: lines are carried by a robots.txt of the site's own
// (Result.RobotsTxt), which init writes.
const RobotsNote = "wrote rules or Sitemap: lines into robots.txt that sitemapgen does not write"
