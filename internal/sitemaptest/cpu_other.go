//go:build !unix

package sitemaptest

import "time"

func cpuTime() time.Duration { return 0 }
