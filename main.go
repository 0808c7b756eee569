// Command sitemapgen writes complete, valid sitemaps for a built static site.
//
// Run "sitemapgen --help" for the flags; README.md and docs/ are the
// manual. The commands live in internal/cli; this file only wires them to
// the process: the signals that stop watch mode, the arguments, the
// standard streams, the environment and the exit status.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/sitemapgen/sitemapgen/internal/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := cli.Main(ctx, os.Args[1:], os.Stdout, os.Stderr, os.Getenv)
	stop()
	os.Exit(code)
}
