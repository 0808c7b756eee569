//go:build race

package walker

// raceEnabled says the race detector is on: it changes allocation
// counts, so the tests of allocations do not compare them then (test.sh's
// allocation budget step runs them without it).
const raceEnabled = true
