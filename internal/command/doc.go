// Package command runs the programs a user names for a build: the
// command whose output is a file of extra URLs (--extra-urls-command),
// and the per-URL hook to come. It is the one place outside
// internal/gitdates where sitemapgen runs a program (internal/fsx's
// TestOneDoor allows it, and nothing else).
//
// A command line is run as the shell runs it: /bin/sh -c LINE (cmd /c
// LINE where there is no /bin/sh), in the working directory, with the
// environment of sitemapgen. Its standard output is read as a stream,
// bounded in bytes ([Options.MaxBytes]); its run is bounded in time
// ([Options.Timeout]); when the context ends, the bound passes or the
// reader stops early, the command and every process it started (its
// process group) are killed. What it writes to standard error is kept,
// its last 4 KiB, for the message of a failure.
//
// Whether a command may run at all is the caller's to decide
// (docs/guarantees.md: a command that a file of the repository names runs
// only when the user allows it).
//
// [Start] runs a command and reads its standard output like a bounded
// file. [Pipe] gives its input and output at once, for the per-URL hook.
// [FDs] reads the two inherited descriptors that a JavaScript host passes,
// under the same bounds.
package command
