//go:build !race

package writer

// raceEnabled says the race detector is on: the tests that count
// allocations do not compare them then.
const raceEnabled = false
