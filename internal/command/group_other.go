//go:build !unix

package command

import "os/exec"

// shell runs a command line.
var shell = []string{"cmd", "/c"}

// inGroup leaves cmd as it is: its cancellation kills the command itself.
func inGroup(cmd *exec.Cmd) {}
