//go:build !race

package frontmatter

// raceEnabled says the race detector is on: it changes what is
// allocated (and sync.Pool drops what it is given at random), so
// TestReadSourceBytes does not compare its figure then.
const raceEnabled = false
