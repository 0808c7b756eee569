package e2e

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/npmtest"
	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// The one way the tests here run sitemapgen: the binary built from this
// checkout as users build it (without the race detector, which the
// packages' own tests run under), once for the whole test run by TestMain.
// Go tests call run or command; the testscripts find it on PATH as
// "sitemapgen".

// bin is the path of the sitemapgen binary under test.
var bin string

// platformVars are the variables of the hosting platforms' build
// environments (host.FromEnv) and SITEMAP_BASE_URL: TestMain unsets
// them, so that the tests are not a deploy, whichever CI runs them.
var platformVars = []string{
	"NETLIFY", "CONTEXT", "URL", "DEPLOY_PRIME_URL",
	"VERCEL", "VERCEL_ENV", "VERCEL_PROJECT_PRODUCTION_URL", "VERCEL_URL", "VERCEL_BRANCH_URL",
	"CF_PAGES", "CF_PAGES_URL", "CF_PAGES_BRANCH",
	"GITHUB_ACTIONS", "GITHUB_REPOSITORY", "GITHUB_SERVER_URL",
	"SITEMAP_BASE_URL",
}

func TestMain(m *testing.M) {
	os.Exit(testMain(m))
}

func testMain(m *testing.M) int {
	for _, v := range platformVars {
		os.Unsetenv(v)
	}
	dir, err := os.MkdirTemp("", "sitemapgen-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	defer npmtest.Remove() // the npm tarballs, if a test packed them
	bin = filepath.Join(dir, "sitemapgen")
	build := exec.Command("go", "build", "-o", bin, "github.com/sitemapgen/sitemapgen")
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "go build: %v\n%s", err, out)
		return 1
	}
	os.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	return m.Run()
}

// result is how a run of sitemapgen ended.
type result struct {
	code           int
	stdout, stderr string
}

// run runs sitemapgen with args in dir ("" for the test's working
// directory), with env added to this process's environment, and returns
// how it ended. It fails the test only when the binary cannot run.
func run(t testing.TB, dir string, env []string, args ...string) result {
	t.Helper()
	cmd := command(dir, args...)
	cmd.Env = append(cmd.Env, env...)
	return runCmd(t, cmd)
}

// runCmd runs cmd, a command made by command or commandContext and
// perhaps changed (another user, a limit), to its end and returns how it
// ended. It fails the test only when the command cannot run.
func runCmd(t testing.TB, cmd *exec.Cmd) result {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	// A child it started that keeps its output open (git, a generator)
	// does not hold the test once it has ended.
	cmd.WaitDelay = 10 * time.Second
	if err := cmd.Start(); err != nil {
		t.Fatalf("%s: %v", strings.Join(cmd.Args, " "), err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(commandWait):
		// A Go program prints where each goroutine waits and exits; the
		// failure shows it, where a hang would show nothing of the
		// command until go test's timeout.
		cmd.Process.Signal(syscall.SIGQUIT)
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
		}
		t.Fatalf("%s: still running after %s; its output:\n%s\n%s", strings.Join(cmd.Args, " "), commandWait, stdout.String(), stderr.String())
	}
	if errors.Is(err, exec.ErrWaitDelay) {
		err = nil // it exited 0; a child of its kept the output open
	}
	var ee *exec.ExitError
	code := 0
	switch {
	case errors.As(err, &ee):
		code = ee.ExitCode()
	case err != nil:
		t.Fatalf("%s: %v", strings.Join(cmd.Args, " "), err)
	}
	return result{code: code, stdout: stdout.String(), stderr: stderr.String()}
}

// commandWait bounds one run of a command: far longer than any run of the
// tests takes on a loaded machine, well within go test's timeout.
const commandWait = 10 * time.Minute

// mustRun is run that fails the test unless sitemapgen exits 0.
func mustRun(t testing.TB, dir string, args ...string) result {
	t.Helper()
	r := run(t, dir, nil, args...)
	if r.code != 0 {
		t.Fatalf("sitemapgen %s: exit %d\n%s", strings.Join(args, " "), r.code, r.stderr)
	}
	return r
}

// command returns the command that runs sitemapgen with args in dir, for
// a test that starts it and waits itself (watch mode, the crash harness).
// Its environment is this process's.
func command(dir string, args ...string) *exec.Cmd {
	return commandContext(context.Background(), dir, args...)
}

// commandContext is command, killed when ctx is done.
func commandContext(ctx context.Context, dir string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	cmd.Env = os.Environ()
	return cmd
}

// needTool fails t when the program name is missing, saying what installs
// it (./test.sh installs them all). Under go test -short it skips t, unless
// name is one the quick subset has: git, bash, curl, go.
func needTool(t *testing.T, name string) {
	t.Helper()
	switch name {
	case "git", "bash", "curl", "go":
		if _, err := exec.LookPath(name); err != nil {
			t.Fatalf("%s is not installed: the tests need it, go test -short too", name)
		}
		return
	}
	install := map[string]string{"node": "install Node.js 20", "npm": "install Node.js 20 and npm"}[name]
	if install == "" {
		install = "apt-get install " + name
	}
	testtool.Program(t, name, install)
}
