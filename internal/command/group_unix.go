//go:build unix

package command

import (
	"os/exec"
	"syscall"
)

// shell runs a command line.
var shell = []string{"/bin/sh", "-c"}

// inGroup makes cmd the leader of a process group of its own, and its
// cancellation a SIGKILL of the whole group: a shell's children (curl in
// 'curl … | jq …') die with it, and never keep writing after the build
// has stopped reading.
func inGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		if cmd.Process == nil {
			return nil
		}
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
