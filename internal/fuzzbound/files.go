package fuzzbound

import (
	"os"
	"runtime"
	"testing"
)

// The tests of bounded reads hold a read of a file past its bound to
// costing nothing: Sparse makes such a file, Allocated measures the call.

// Sparse makes the file at path a sparse file of size bytes: nothing on
// disk, every byte read a zero.
func Sparse(t testing.TB, path string, size int64) {
	t.Helper()
	os.Remove(path)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(size); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// Allocated returns the bytes fn allocates on the heap.
func Allocated(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
