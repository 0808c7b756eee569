package pipeline

// The count of the lookups a build makes for every record after the walk.

import "sync/atomic"

// workCounts counts the calls of the lookups that the passes after the
// walk and the writer make for every record: a record's written lastmod
// (records.lastmodListed), a search of the next lastmods
// (nextTable.find), and a look-up of the site's dates
// (records.siteWideOf). Each is cheap alone, and runs for 100,000
// records several times a build, so one more call a record is a cost no
// single benchmark shows above the noise. TestPassWork holds the counts
// a page to a budget. It sets on while no build runs; a user's build
// leaves it false and counts nothing.
type workCounts struct {
	on                            bool
	lastmod, nextSearch, siteWide atomic.Int64
}

// work is the one count, read by TestPassWork.
var work workCounts

// count adds one to c when counting is on.
func (w *workCounts) count(c *atomic.Int64) {
	if w.on {
		c.Add(1)
	}
}
