// Package selfcheck tells code whether to check its own shortcuts the
// long way: in test binaries, where a shortcut that is wrong should fail
// loudly, and not when they run benchmarks, which time what a user's
// process does.
//
// [On] is true in a test binary that runs no benchmark. The writer then
// checks the URLs it was told are unchanged, and a Session checks its
// count of duplicate URLs. A wrong shortcut panics there.
package selfcheck
