package gitdates

// How git is run on a repository nobody here wrote: no program of the
// repository's (filter drivers listed and switched off on the command
// line, listed again only when a configuration file they come from
// changed), no submodule asked, no signature program, no fetch.

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
)

// filterFlags are the options that switch off the filter drivers of a
// repository's configuration (filtersOff), kept for a Dates and those
// made from it (Refresh, Reload): listed again (one git config process)
// only when a configuration file git read them from, or may read them
// from, changed since. Those are the repository's config and
// config.worktree, the user's and the system's files, every file the
// listing names as a setting's origin, and every file an include.path or
// includeIf.*.path names (included or not), each compared by its
// identity, size and modification time. Safe for use by several
// goroutines.
type filterFlags struct {
	gitDir, common string // the repository's folders

	mu    sync.Mutex
	args  []string
	files []configFile // what they were when args were listed; nil: not listed
}

// configFile is what a configuration file was: fi nil when absent.
type configFile struct {
	path string
	fi   fs.FileInfo
}

// get returns the options that switch the filters off for a git command
// in dir, listing them again when a configuration file changed.
func (f *filterFlags) get(ctx context.Context, git, dir string) ([]string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.files != nil && !changed(f.files) {
		return f.args, nil
	}
	// The files known before the listing are looked at before it: a
	// change made while git reads them is seen by the next call.
	known := f.standardFiles()
	for _, c := range f.files {
		known = append(known, c.path)
	}
	before := lookAt(known)
	args, named, onBranch, err := filtersOff(ctx, git, dir)
	if err != nil {
		f.files = nil
		return nil, err
	}
	if onBranch {
		// An include that applies on one branch only: which applies
		// changes with HEAD.
		named = append(named, filepath.Join(f.gitDir, "HEAD"))
	}
	files := before
	for _, p := range named {
		if !slices.ContainsFunc(files, func(c configFile) bool { return c.path == p }) {
			files = append(files, lookAt([]string{p})...)
		}
	}
	f.args, f.files = args, files
	return args, nil
}

// standardFiles are the configuration files git reads for a command in
// the repository, whether they exist or not: the repository's config and
// config.worktree, the user's (GIT_CONFIG_GLOBAL, else ~/.gitconfig and
// git/config under XDG_CONFIG_HOME or ~/.config) and the system's
// (GIT_CONFIG_SYSTEM, else /etc/gitconfig, unless GIT_CONFIG_NOSYSTEM).
func (f *filterFlags) standardFiles() []string {
	files := []string{filepath.Join(f.common, "config"), filepath.Join(f.gitDir, "config.worktree"), filepath.Join(f.common, "config.worktree")}
	if g, ok := os.LookupEnv("GIT_CONFIG_GLOBAL"); ok {
		files = append(files, g)
	} else {
		home, _ := os.UserHomeDir()
		xdg := os.Getenv("XDG_CONFIG_HOME")
		if xdg == "" && home != "" {
			xdg = filepath.Join(home, ".config")
		}
		if home != "" {
			files = append(files, filepath.Join(home, ".gitconfig"))
		}
		if xdg != "" {
			files = append(files, filepath.Join(xdg, "git", "config"))
		}
	}
	if v := os.Getenv("GIT_CONFIG_NOSYSTEM"); v == "" || v == "0" || strings.EqualFold(v, "false") {
		files = append(files, cmp.Or(os.Getenv("GIT_CONFIG_SYSTEM"), "/etc/gitconfig"))
	}
	return files
}

// lookAt returns what each of the files at paths is now. Each is a path
// git reads, or names in its configuration; it is statted, never read,
// followed as git follows it.
func lookAt(paths []string) []configFile {
	out := make([]configFile, 0, len(paths))
	for _, p := range paths {
		if p == "" || p == os.DevNull {
			continue
		}
		fi, _ := fsx.StatNamed(p)
		out = append(out, configFile{p, fi})
	}
	return out
}

// changed reports whether one of files is not what it was.
func changed(files []configFile) bool {
	for _, c := range files {
		fi, _ := fsx.StatNamed(c.path)
		switch {
		case fi == nil && c.fi == nil:
		case fi == nil || c.fi == nil, !os.SameFile(fi, c.fi), fi.Size() != c.fi.Size(), !fi.ModTime().Equal(c.fi.ModTime()):
			return true
		}
	}
	return false
}

// filtersOff returns the options that switch off, for one git command
// in dir, every filter driver its configuration defines (filter.NAME.*,
// from any configuration file or include): no clean, smudge or process
// command, and not required, so that git takes the file as it is; and
// the configuration files the listing names (the origins of those
// settings and of the includes, and the files the includes name), and
// whether an include applies on some branch only (includeIf.onbranch:). A
// repository's attributes give its files any of them; git status runs a
// file's clean or process filter when it reads the file again. git
// config --get-regexp only reads the configuration. A name with an "="
// cannot be given to -c, which ends the key at the first "=":
// --config-env (git 2.31) takes it, the value from a variable of
// [command]'s environment; an older git refuses the option, and the
// command fails rather than run the filter.
func filtersOff(ctx context.Context, git, dir string) (args, files []string, onBranch bool, err error) {
	out, err := run(ctx, git, dir, "config", "-z", "--show-origin", "--get-regexp", `^(filter\.|include\.path$|includeif\..*\.path$)`)
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) && ee.ExitCode() == 1 && len(out) == 0 {
			return nil, nil, false, nil // none defined
		}
		return nil, nil, false, err
	}
	seen := map[string]bool{}
	fields := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	for i := 0; i+1 < len(fields); i += 2 {
		origin, entry := fields[i], fields[i+1]
		key, value, _ := strings.Cut(entry, "\n")
		from, isFile := strings.CutPrefix(origin, "file:")
		if isFile {
			if !filepath.IsAbs(from) {
				from = filepath.Join(dir, from)
			}
			files = append(files, from)
		}
		if !strings.HasPrefix(key, "filter.") {
			// An include: the file it names, relative to the file that
			// names it, or to the home folder.
			onBranch = onBranch || strings.HasPrefix(key, "includeif.onbranch:")
			switch {
			case value == "":
			case strings.HasPrefix(value, "~/"):
				if home, err := os.UserHomeDir(); err == nil {
					files = append(files, filepath.Join(home, value[2:]))
				}
			case filepath.IsAbs(value):
				files = append(files, value)
			case isFile:
				files = append(files, filepath.Join(filepath.Dir(from), value))
			}
			continue
		}
		name := strings.TrimPrefix(key, "filter.")
		i := strings.LastIndexByte(name, '.')
		if i < 0 || seen[name[:i]] {
			continue // filter.VAR, with no driver's name, names none
		}
		name = name[:i]
		seen[name] = true
		for _, kv := range [][2]string{{"clean", ""}, {"smudge", ""}, {"process", ""}, {"required", "false"}} {
			key := "filter." + name + "." + kv[0]
			switch {
			case !strings.Contains(name, "="):
				args = append(args, "-c", key+"="+kv[1])
			case kv[1] == "":
				args = append(args, "--config-env="+key+"="+emptyVar)
			default:
				args = append(args, "--config-env="+key+"="+falseVar)
			}
		}
	}
	return args, files, onBranch, nil
}

// emptyVar and falseVar are variables of git's environment, set by
// [command] to "" and "false", for --config-env.
const (
	emptyVar = "SITEMAPGEN_GIT_EMPTY"
	falseVar = "SITEMAPGEN_GIT_FALSE"
)

// command returns the exec.Cmd of a git process that never fetches: a
// partial clone lazily fetches the objects it lacks from its promisor
// remote, which would wait on the network or ask for a password.
// GIT_NO_LAZY_FETCH turns that off (git 2.45, and the 2.39.4 … 2.44.1
// security releases); for an older git, GIT_ALLOW_PROTOCOL set to no
// protocol at all makes the fetch fail at once, and GIT_TERMINAL_PROMPT=0
// keeps any prompt away.
//
// Nor does it run a command the repository's configuration names: the
// folder may be a pull request's, whose .git/config is not to be
// trusted. core.fsmonitor (which git status runs), hooks, a pager and
// ssh are switched off on the command line, which outranks every
// configuration file, as editors and gopls do, and so are the filter
// drivers it defines, before each git status (filtersOff), which asks no
// submodule either; git log, the one command that diffs, runs no
// external diff or textconv driver, and verifies no signature (gpg). No
// command run needs a credential, an editor or a transport, so
// core.askPass, credential.helper, core.editor and the like are never
// reached; git's own safe.directory check of a repository another user
// owns is left as it is (it refuses such a repository, and no date is
// read from it).
func command(ctx context.Context, git string, args ...string) *exec.Cmd {
	if startHook != nil {
		startHook(args)
	}
	cmd := exec.CommandContext(ctx, git, append(safeConfig[:len(safeConfig):len(safeConfig)], args...)...)
	env := slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, "GIT_EXTERNAL_DIFF=") })
	cmd.Env = append(env, "GIT_NO_LAZY_FETCH=1", "GIT_ALLOW_PROTOCOL=", "GIT_TERMINAL_PROMPT=0",
		"GIT_PAGER=cat", "PAGER=cat", "GIT_OPTIONAL_LOCKS=0", emptyVar+"=", falseVar+"=false")
	return cmd
}

// startHook, when set (by tests), is called with the arguments of every
// git command made, before its safe options.
var startHook func(args []string)

// safeConfig are the options before every git command: the settings of a
// repository's configuration that would run code, off. log.showSignature
// would make every git log run the signature program the repository
// names (gpg.program) on each signed commit it shows.
var safeConfig = []string{
	"--no-pager",
	"-c", "core.fsmonitor=false",
	"-c", "core.hooksPath=" + os.DevNull,
	"-c", "core.pager=cat",
	"-c", "core.sshCommand=false",
	"-c", "log.showSignature=false",
	"-c", "protocol.allow=never",
}

// run runs git in dir and returns its stdout, or an error with its stderr.
func run(ctx context.Context, git, dir string, args ...string) ([]byte, error) {
	return runWith(ctx, git, dir, nil, args...)
}

// runWith is run with git's options opts before args.
func runWith(ctx context.Context, git, dir string, opts []string, args ...string) ([]byte, error) {
	cmd := command(ctx, git, slices.Concat([]string{"-C", dir}, opts, args)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		sub := args[0]
		if sub == "--no-optional-locks" {
			sub = args[1]
		}
		return out, fmt.Errorf("git %s: %w: %s", sub, err, bytes.TrimSpace(stderr.Bytes()))
	}
	return out, nil
}
