//go:build !race

package fuzzbound

const raceEnabled = false
