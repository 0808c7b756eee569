// Package lazyre compiles a package's regular expressions when first
// used, not at the program's start: compiled at start, every one was
// heap kept for the whole run by every command, most of them for a
// generator or a subcommand the run never reaches (TestStartHeap).
//
// [Regexp] is a variable that allocates nothing at the start, where
// [MustCompile]'s function takes 96 bytes.
package lazyre
