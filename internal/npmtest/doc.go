// Package npmtest makes the npm package's tarballs for tests, as
// npm/pack.sh makes them for a release but from a binary built for this
// machine alone, and installs them into a project: both, or the main one
// alone and then as its launcher says ([InstallAlone]).
//
// [Pack] builds once per test binary: a TestMain that calls it should
// call [Remove] after m.Run.
//
// [Pack] packs the tarballs with npm/pack.sh from a host-only static
// build, once per test binary. [Install] installs them into a project.
// TestNode runs the package's own node --test tests.
package npmtest
