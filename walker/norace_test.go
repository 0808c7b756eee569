//go:build !race

package walker

const raceEnabled = false
