// Package testtool says what a test needs beyond Go and git: a program
// (a site generator, Node and npm, Chromium, xmllint, GoReleaser) or the
// installed packages of an npm fixture, and which tests take long.
//
// ./test.sh runs every test, on a machine where it has installed
// what they need: there, a test whose program is missing fails, saying
// how to install it, so that nothing is left out unseen. go test -short
// is the quick subset: it skips the tests that need more than Go and git,
// and those that take long.
//
// [Program] and [NodeModules] fail the test when what it needs is missing,
// with the command that installs it. [Long] marks a test that takes long:
// go test -short skips it.
package testtool
