// Package e2e holds the end-to-end tests of the sitemapgen binary. Its
// TestMain builds the binary once, as users build it, and every test runs
// it through one runner (runner_test.go).
//
// The tests cover:
//
//   - the testscripts (testdata/script) and the frozen golden outputs;
//   - crashes (TestCrash kills the binary at random instants), faults and
//     hostile input;
//   - watch mode;
//   - the README's recipes, the GitHub Action and the Jekyll plugin, each
//     run as its host runs it;
//   - the generators' own sitemaps, built with the real generators;
//   - the 120,000-page acceptance test.
//
// repo_test.go and design_test.go hold the repository's own rules: every
// fuzz target is run by CI, no file of code is over 1,000 lines, the root
// holds at most 20 entries, and DESIGN.md stays a map (at most 800 lines,
// none over 600 characters).
//
// The package tests the binary from outside. It must not test a package's
// internals.
package e2e
