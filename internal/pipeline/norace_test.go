//go:build !race

package pipeline

// raceEnabled says the race detector is on: TestAllocBudget does not
// compare its counts then.
const raceEnabled = false
