//go:build !race

package htmlhead

const raceEnabled = false
